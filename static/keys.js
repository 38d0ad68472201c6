// Keyboard play on the board, a progressive enhancement: every page works the same without it.
// - Keys 1-9 play a cell in numeric-keypad layout (7 is A1, 9 is A3, 1 is C1, 3 is C3) by
//   submitting that cell's button, so the server stays the only judge of a move (on 3x3 only).
// - Arrow keys move the focus through all the cells (9, 25 or 49); occupied cells get tabindex="-1", so
//   they are reachable by arrows while Tab still visits only the buttons.
// - After a form is sent, the next board puts the focus back where play was (the cell just
//   played, the Next move button), or on the first empty cell, and has the status read aloud.
// - When live.js swaps in newer parts of the board, the new grid is prepared the same way,
//   and the status (with the note under it) is read aloud.
"use strict";
(() => {
  let board = document.getElementById("board");
  const remembered = takeRemembered();
  let pointerUsed = false; // was the last input a mouse or touch? Then no focus ring after.
  let sent = false; // one form per page: a second digit must not post a second move
  document.addEventListener("pointerdown", () => { pointerUsed = true; }, true);
  document.addEventListener("keydown", () => { pointerUsed = false; }, true);
  document.addEventListener("submit", remember);
  window.addEventListener("pageshow", () => { sent = false; }); // back to a cached page
  if (!board) {
    return;
  }

  const ROWS = "ABCDEFG";
  const size = () => board.querySelectorAll("tbody tr").length;
  const NUMPAD = { 7: "A1", 8: "A2", 9: "A3", 4: "B1", 5: "B2", 6: "B3", 1: "C1", 2: "C2", 3: "C3" };
  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const cell = (id) => board.querySelector(`[data-cell="${CSS.escape(String(id))}"]`);

  const prepare = () => {
    board = document.getElementById("board");
    for (const mark of board.querySelectorAll("span[data-cell]")) {
      mark.tabIndex = -1;
    }
    const note = document.getElementById("keys-note");
    if (note) {
      note.hidden = false;
    }
  };
  prepare();
  document.addEventListener("board:parts", (event) => {
    prepare();
    if (event.detail.names.includes("banner")) {
      setTimeout(() => readStatus(), 100);
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const here = event.target.closest ? event.target.closest("[data-cell]") : null;
    const step = ARROWS[event.key];
    if (step && here && board.contains(here)) {
      event.preventDefault();
      const row = ROWS.indexOf(here.dataset.cell[0]) + step[0];
      const column = Number(here.dataset.cell[1]) + step[1];
      if (row >= 0 && row < size() && column >= 1 && column <= size()) {
        cell(ROWS[row] + column).focus();
      }
      return;
    }
    const target = size() === 3 && NUMPAD[event.key] && cell(NUMPAD[event.key]);
    if (!target || event.repeat || event.target.closest("input, select, textarea")) {
      return;
    }
    event.preventDefault();
    if (target.tagName !== "BUTTON") {
      target.focus(); // an occupied cell: show it, play nothing
    } else if (!sent) {
      target.form.requestSubmit(target);
    }
  });

  if (remembered) {
    const place = remembered.cell
      ? cell(remembered.cell)
      : document.querySelector(`button[formaction="${CSS.escape(remembered.action || "")}"]`);
    const fallback = board.querySelector("button[data-cell]") || cell("A1");
    // A button that is now disabled (Undo with nothing left to take back) cannot take the focus.
    (place && !place.disabled ? place : fallback).focus({ focusVisible: !remembered.pointer });
    setTimeout(readStatus, 100);
  }

  // A hint was asked for (the Hint link, a plain link): the focus goes where the link was,
  // now Hide hint, and the hint is read out, as the status is after a move.
  const hint = document.getElementById("hint");
  if (hint && !remembered) {
    const hide = document.getElementById("hide-hint");
    if (hide) {
      hide.focus({ focusVisible: !pointerUsed, preventScroll: true }); // the status stays in view
    }
    const announce = document.getElementById("announce");
    if (announce) {
      setTimeout(() => { announce.textContent = hint.textContent.trim(); }, 100);
    }
  }

  // A live region speaks when its text changes, not when a page loads with it: the status,
  // and the note under it (where the computer answered), are put in the hidden #announce
  // once the page is shown, so they are read out while the visible line never blinks.
  function readStatus() {
    const announce = document.getElementById("announce");
    const status = document.getElementById("status");
    const note = document.querySelector(".banner .note");
    if (announce && status) {
      const text = [status, note].filter(Boolean).map((line) => line.textContent.trim());
      announce.textContent = text.join(" ");
    }
  }

  function remember(event) {
    const button = event.submitter;
    const memory = {
      cell: button && button.dataset.cell ? button.dataset.cell : null,
      action: button ? button.getAttribute("formaction") : null,
      pointer: pointerUsed,
    };
    sent = true;
    try {
      sessionStorage.setItem("ttt-focus", JSON.stringify(memory));
    } catch (error) {
      // No storage (private mode, disabled): the focus simply starts at the top.
    }
  }

  function takeRemembered() {
    try {
      const memory = JSON.parse(sessionStorage.getItem("ttt-focus") || "null");
      sessionStorage.removeItem("ttt-focus");
      return memory;
    } catch (error) {
      return null;
    }
  }
})();
