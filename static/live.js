// The live board, a progressive enhancement, for the board and for text mode alike: without it
// a page that waits reloads itself every 2 s (a <meta> refresh inside <noscript>).
// - The board's Server-Sent Events stream sends, at each version this viewer sees, the parts
//   of the page that changed (each event's id the version); they are swapped in place, so the
//   focus, the scroll position and anything typed stay. The parts were rendered once for
//   every viewer with this role, with a mark in place of the CSRF token: the page's own token
//   is put back in. In text mode the event also says what happened since, for the live region,
//   and what the page now shows, for the next stream's address.
// - A dropped or ended stream is opened again here from the version shown; a server that is
//   stopping (a restart, a deploy) ends each stream with a "reconnect" event, and the page
//   opens a new one at once, to a server that stays.
"use strict";
(() => {
  const live = document.getElementById("live") || document.getElementById("text-live");
  if (!live || !window.EventSource || !window.DOMParser) {
    return;
  }
  const tokenField = document.querySelector('input[name="csrf_token"]');
  const token = tokenField ? tokenField.value : "";
  const form = live.dataset.form ? document.getElementById(live.dataset.form) : null;
  let version = Number(live.dataset.version);
  let since = {}; // text mode: what the page shows, as the last event said it
  let source = null;
  let leaving = false; // a form was sent: its answer is the next page
  document.addEventListener("submit", () => {
    leaving = true;
    if (source) {
      source.close();
    }
  });

  const open = () => {
    if (leaving) {
      return;
    }
    const address = new URL(live.dataset.events, window.location.href);
    address.searchParams.set("version", String(version));
    for (const [name, value] of Object.entries(since)) {
      address.searchParams.set(name, String(value));
    }
    if (Object.keys(since).length && since.alone === undefined) {
      address.searchParams.delete("alone");
    }
    source = new EventSource(address);
    source.addEventListener("message", (event) => {
      const next = Number(event.lastEventId);
      if (next <= version || leaving) {
        return;
      }
      try {
        take(JSON.parse(event.data));
        version = next;
        live.dataset.version = String(next);
      } catch (error) {
        // A page this script cannot patch (its shape changed): the whole page, once.
        source.close();
        window.location.reload();
      }
    });
    source.addEventListener("reconnect", () => {
      source.close();
      // Spread over half a second: every page of the stopping server reconnects together.
      setTimeout(open, Math.random() * 500);
    });
    source.addEventListener("error", () => {
      // Opened again here, from the version shown, not by the browser from the first
      // address; a refused stream (too many open on the server) waits longer.
      const refused = source.readyState === EventSource.CLOSED;
      source.close();
      setTimeout(open, refused ? 3000 : 1000);
    });
  };
  open();

  function take(data) {
    swap(data.parts);
    for (const [name, value] of Object.entries(data.fields || {})) {
      if (form && form.elements[name]) {
        form.elements[name].value = String(value);
      }
    }
    if (data.title) {
      const rest = document.title.indexOf(" · ");
      document.title = data.title + (rest >= 0 ? document.title.slice(rest) : "");
    }
    const region = live.dataset.announce && document.getElementById(live.dataset.announce);
    if (region && data.announce) {
      region.textContent = data.announce;
    }
    since = data.since || since;
    document.dispatchEvent(new CustomEvent("board:parts", { detail: { names: Object.keys(data.parts) } }));
  }

  // Put each part in place of the page's; the focused control, if its part was replaced,
  // is found again by what it is (a cell, an id, a button's action and value), else the
  // board's first cell to play (the move field, in text mode).
  function swap(parts) {
    const names = Object.keys(parts);
    const places = names.map((name) => document.querySelector(`[data-part="${CSS.escape(name)}"]`));
    if (places.some((place) => !place)) {
      throw new Error("a part this page does not have");
    }
    const focused = document.activeElement;
    const focusedIn = places.find((place) => place.contains(focused));
    const wanted = focusedIn ? describe(focused) : null;
    names.forEach((name, index) => {
      const fresh = new DOMParser().parseFromString(parts[name], "text/html").body;
      for (const field of fresh.querySelectorAll('input[name="csrf_token"]')) {
        field.value = token;
      }
      places[index].replaceChildren(...fresh.childNodes);
    });
    if (focusedIn) {
      const again = wanted && focusedIn.querySelector(wanted);
      const fallback = focusedIn.querySelector("button[data-cell]:not([disabled])") ||
        document.getElementById("board") || document.getElementById("text-command");
      const target = again && !again.disabled ? again : fallback;
      if (target) {
        if (target.tabIndex < 0 && !target.matches("button, a, input")) {
          target.tabIndex = -1;
        }
        target.focus({ preventScroll: true });
      }
    }
  }

  function describe(element) {
    if (element.dataset && element.dataset.cell) {
      return `[data-cell="${CSS.escape(element.dataset.cell)}"]`;
    }
    if (element.id) {
      return `#${CSS.escape(element.id)}`;
    }
    const action = element.getAttribute("formaction");
    if (action) {
      const value = element.getAttribute("value");
      return `[formaction="${CSS.escape(action)}"]` +
        (value === null ? "" : `[value="${CSS.escape(value)}"]`);
    }
    if (element.name) {
      const value = element.getAttribute("value");
      return `[name="${CSS.escape(element.name)}"]` +
        (value === null ? "" : `[value="${CSS.escape(value)}"]`);
    }
    return null;
  }
})();
