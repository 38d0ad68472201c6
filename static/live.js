// The live board of an online match, a progressive enhancement: without it the page reloads
// itself every 2 s while it waits (a <meta> refresh inside <noscript>).
// - A Server-Sent Events stream sends the board's parts that changed, each event's id the
//   match's version; they are swapped in place, so the focus, the scroll position and
//   anything typed stay. The parts were rendered once for every viewer with this role, with a
//   mark in place of the CSRF token: the page's own token is put back in.
// - The browser reconnects a dropped stream by itself, sending the last version it saw, and
//   the server sends what changed since.
// - A server that is stopping (a restart, a deploy) ends each stream with a "reconnect" event:
//   the page opens a new stream at once, to a server that stays, and catches up by version.
"use strict";
(() => {
  const live = document.getElementById("live");
  if (!live || !window.EventSource || !window.DOMParser) {
    return;
  }
  const tokenField = document.querySelector('input[name="csrf_token"]');
  const token = tokenField ? tokenField.value : "";
  let version = Number(live.dataset.version);
  let source = null;
  let leaving = false; // a form was sent: its answer is the next board
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
    source = new EventSource(address);
    source.addEventListener("message", (event) => {
      const next = Number(event.lastEventId);
      if (next <= version || leaving) {
        return;
      }
      try {
        swap(JSON.parse(event.data).parts);
        version = next;
        live.dataset.version = String(next);
      } catch (error) {
        // A board this script cannot patch (its shape changed): the whole page, once.
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
      // A refused stream (too many open on the server) is not retried by the browser.
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(open, 3000);
      }
    });
  };
  open();

  // Put each part in place of the page's; the focused control, if its part was replaced,
  // is found again by what it is (a cell, an id, a button's action and value).
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
        document.getElementById("board");
      const target = again && !again.disabled ? again : fallback;
      if (target) {
        if (target.tabIndex < 0 && !target.matches("button, a, input")) {
          target.tabIndex = -1;
        }
        target.focus({ preventScroll: true });
      }
    }
    const status = document.getElementById("status");
    if (status) {
      const rest = document.title.indexOf(" · ");
      document.title = status.textContent.trim() + (rest >= 0 ? document.title.slice(rest) : "");
    }
    document.dispatchEvent(new CustomEvent("board:parts", { detail: { names } }));
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
