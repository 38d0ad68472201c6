"""Threats on bitboards for 5x5 and 7x7: the cells that win at once, fours, and the search
for a victory by continuous fours (VCF), a forced win the defender cannot escape."""

from __future__ import annotations

from dataclasses import dataclass, field

from .geometry import Geometry


@dataclass
class Budget:
    """How many more positions a search may visit; a search out of budget proves nothing."""

    nodes: int
    # Positions already searched, by (attacker's bits, defender's bits): the depth searched
    # and the win found (plies and first cell), or None. A transposition table across calls.
    seen: dict[tuple[int, int], tuple[int, tuple[int, int] | None]] = field(default_factory=dict)
    # Threat-space searches done, by (attacker's bits, defender's bits, depth): a win or not.
    threats: dict[tuple[int, int, int], bool] = field(default_factory=dict)

    def spend(self) -> bool:
        """Count one position; False once the budget is spent."""
        self.nodes -= 1
        return self.nodes >= 0


def cells_of(mask: int) -> list[int]:
    """The cell indexes set in ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def win_cells(att: int, dfn: int, geo: Geometry) -> int:
    """The empty cells where the attacker (bits ``att``) completes a line at once."""
    return _short_of(att, dfn, geo, 1)


def four_cells(att: int, dfn: int, geo: Geometry) -> int:
    """The empty cells where the attacker makes a four: a line one mark short, its last cell
    empty, so that the defender must answer there."""
    return _short_of(att, dfn, geo, 2)


def _short_of(att: int, dfn: int, geo: Geometry, short: int) -> int:
    """The empty cells of every line free of the defender that the attacker fills but for
    ``short`` cells."""
    need = geo.line - short
    found = 0
    for mask in geo.masks:
        if not mask & dfn and (mask & att).bit_count() == need:
            found |= mask & ~att
    return found


def vcf(
    att: int, dfn: int, geo: Geometry, budget: Budget, depth: int = 12, shortest: bool = False
) -> tuple[int, int] | None:
    """A forced win of the attacker (to move) by fours alone: (plies to the win, first cell),
    or ``None`` when there is none within ``depth`` fours or the budget ran out first (then
    nothing is proved). ``shortest`` deepens one four at a time, to name the fastest win."""
    if not shortest:
        return _vcf(att, dfn, geo, budget, depth)
    for limit in range(1, depth + 1):
        start = budget.nodes
        found = _vcf(att, dfn, geo, budget, limit)
        if found is not None or budget.nodes < 0 or budget.nodes == start - 1:
            # A search that met no four at its first level goes no deeper with more depth.
            return found
    return None


def _vcf(att: int, dfn: int, geo: Geometry, budget: Budget, depth: int) -> tuple[int, int] | None:
    key = (att, dfn)
    known = budget.seen.get(key)
    if known is not None and (known[1] is not None or known[0] >= depth):
        return known[1]
    if not budget.spend():
        return None
    found = _vcf_search(att, dfn, geo, budget, depth)
    budget.seen[key] = (depth, found)
    return found


def _vcf_search(
    att: int, dfn: int, geo: Geometry, budget: Budget, depth: int
) -> tuple[int, int] | None:
    wins, fours, threats = _scan(att, dfn, geo)
    if wins:
        return 1, cells_of(wins)[0]
    if threats & (threats - 1) or depth <= 0:
        return None  # two threats of the defender: one of them wins whatever we do
    if threats:
        fours &= threats  # the defender's threat must be answered, and only a four keeps on
    need = geo.line - 1
    for cell in cells_of(fours):
        after = att | 1 << cell
        answers = 0  # our new wins can only be on the lines through the cell just played
        for mask in geo.through[cell]:
            if not mask & dfn and (mask & after).bit_count() == need:
                answers |= mask & ~after
        if answers & (answers - 1):
            return 3, cell  # two ways to win: the defender blocks one, the other wins
        if not answers:
            continue
        rest = _vcf(after, dfn | answers, geo, budget, depth - 1)
        if rest is not None:
            return rest[0] + 2, cell
        if budget.nodes < 0:
            return None
    return None


def _scan(att: int, dfn: int, geo: Geometry) -> tuple[int, int, int]:
    """In one pass over the lines: the attacker's winning cells, its four-making cells, and
    the defender's winning cells."""
    win_need, four_need = geo.line - 1, geo.line - 2
    wins = fours = threats = 0
    for mask in geo.masks:
        if not mask & dfn:
            held = (mask & att).bit_count()
            if held == win_need:
                wins |= mask & ~att
            elif held == four_need:
                fours |= mask & ~att
        elif not mask & att and (mask & dfn).bit_count() == win_need:
            threats |= mask & ~dfn
    return wins, fours, threats


def live_cells(att: int, dfn: int, geo: Geometry) -> int:
    """The empty cells on the attacker's live lines (free of the defender, holding all but
    three of their cells or more): where its threats are made, and so where they are met."""
    need = geo.line - 3
    found = 0
    for mask in geo.masks:
        if not mask & dfn and (mask & att).bit_count() >= need:
            found |= mask
    return found & ~(att | dfn)


def defences(att: int, dfn: int, geo: Geometry, budget: Budget) -> list[int]:
    """The defender's moves (to move) after which the attacker has no win by fours: on the
    attacker's live lines, or a four of the defender's own."""
    near = live_cells(att, dfn, geo) | four_cells(dfn, att, geo)
    return [cell for cell in cells_of(near) if vcf(att, dfn | 1 << cell, geo, budget) is None]


def vct(att: int, dfn: int, geo: Geometry, budget: Budget, depth: int) -> bool:
    """Whether the attacker (to move) forces a win by threats: quiet moves after which it
    would win by fours, ``depth`` of them at most, each answered by every defence that stops
    that win; False also when the budget ran out (nothing is proved then)."""
    if vcf(att, dfn, geo, budget) is not None:
        return True
    if depth <= 0 or budget.nodes < 0:
        return False
    key = (att, dfn, depth)
    known = budget.threats.get(key)
    if known is not None:
        return known
    found = False
    for threat in cells_of(live_cells(att, dfn, geo)):
        after = att | 1 << threat
        if vcf(after, dfn, geo, budget) is None:
            continue
        if all(
            vct(after, dfn | 1 << d, geo, budget, depth - 1)
            for d in defences(after, dfn, geo, budget)
        ):
            found = budget.nodes >= 0
            break
    budget.threats[key] = found
    return found
