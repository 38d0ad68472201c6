// Text mode's live board, a progressive enhancement (without it a waiting page reloads
// itself, saying what was played since it was shown).
// - The board's Server-Sent Events stream sends, at each new version, the parts of the page
//   that changed and what happened since the version this page shows (who joined, what was
//   played, what the other player said): the parts are swapped in place, the announcement
//   region says it, and the field keeps the focus and whatever was being typed.
// - The browser reconnects a dropped stream by itself, sending the last version it saw.
"use strict";
(() => {
  const live = document.getElementById("text-live");
  const form = document.getElementById("text-form");
  if (!live || !form || !window.EventSource || !window.DOMParser) {
    return;
  }
  const tokenField = form.elements.csrf_token;
  let version = Number(live.dataset.version);
  let since = {}; // what the page shows, as the stream's last event said it
  let leaving = false;
  let source = null;
  form.addEventListener("submit", () => {
    leaving = true;
    if (source) {
      source.close();
    }
  });

  // The parts were rendered once for every viewer with this role, with a mark in place of
  // the CSRF token: the page's own is put back in.
  const swap = (data) => {
    for (const [name, html] of Object.entries(data.parts)) {
      const place = document.querySelector(`[data-part="${CSS.escape(name)}"]`);
      if (!place) {
        throw new Error("a part this page does not have");
      }
      const focused = place.contains(document.activeElement) ? document.activeElement : null;
      const fresh = new DOMParser().parseFromString(html, "text/html").body;
      for (const field of fresh.querySelectorAll('input[name="csrf_token"]')) {
        field.value = tokenField ? tokenField.value : "";
      }
      place.replaceChildren(...fresh.childNodes);
      if (focused) {
        // A quick message's button had the focus: the same button, else the field.
        const again = focused.getAttribute("value") &&
          place.querySelector(`button[value="${CSS.escape(focused.getAttribute("value"))}"]`);
        (again || document.getElementById("text-command")).focus({ preventScroll: true });
      }
    }
    for (const [name, value] of Object.entries(data.fields || {})) {
      if (form.elements[name]) {
        form.elements[name].value = String(value);
      }
    }
    if (data.title) {
      const rest = document.title.indexOf(" · ");
      document.title = data.title + (rest >= 0 ? document.title.slice(rest) : "");
    }
    if (data.announce) {
      document.getElementById("text-announce").textContent = data.announce;
    }
    since = data.since || since;
  };

  const open = () => {
    if (leaving) {
      return;
    }
    // From what the page shows now: a stream opened again (on another server, which kept
    // nothing of this one) announces only what happened since.
    const address = new URL(live.dataset.events, window.location.href);
    address.searchParams.set("version", String(version));
    for (const [name, value] of Object.entries(since)) {
      address.searchParams.set(name, String(value));
    }
    if (since.alone === undefined) {
      address.searchParams.delete("alone");
    }
    source = new EventSource(address);
    source.addEventListener("message", (event) => {
      const next = Number(event.lastEventId);
      if (next <= version || leaving) {
        return;
      }
      try {
        swap(JSON.parse(event.data));
        version = next;
      } catch (error) {
        source.close();
        window.location.reload();
      }
    });
    source.addEventListener("reconnect", () => {
      source.close();
      setTimeout(open, Math.random() * 500);
    });
    source.addEventListener("error", () => {
      // Opened again here, not by the browser, whose retry would ask from the page's first
      // address; a refused stream (too many open on the server) waits longer.
      const refused = source.readyState === EventSource.CLOSED;
      source.close();
      setTimeout(open, refused ? 3000 : 1000);
    });
  };
  open();
})();
