// The live board of an online match, a progressive enhancement: without it the page reloads
// itself every 2 s while it waits (a <meta> refresh inside <noscript>).
// - A Server-Sent Events stream tells the match's versions; a version newer than the page's
//   reloads the board, which is then fetched whole, whatever was missed.
// - The browser reconnects a dropped stream by itself, sending the last version it saw.
// - A server that is stopping (a restart, a deploy) ends each stream with a "reconnect" event:
//   the page opens a new stream at once, to a server that stays, and catches up by version.
"use strict";
(() => {
  const live = document.getElementById("live");
  if (!live || !window.EventSource) {
    return;
  }
  const version = Number(live.dataset.version);
  let source = null;
  let leaving = false; // a form was sent: its answer is the next board, not a reload
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
    source = new EventSource(live.dataset.events);
    source.addEventListener("message", (event) => {
      if (Number(event.lastEventId) > version && !leaving) {
        source.close();
        reload();
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

  function reload() {
    // As after one's own move, keys.js puts the focus back on the cell that had it (or the
    // first one to play) and reads the status out again.
    const here = document.activeElement && document.activeElement.closest
      ? document.activeElement.closest("[data-cell]")
      : null;
    try {
      sessionStorage.setItem("ttt-focus", JSON.stringify({
        cell: here ? here.dataset.cell : null, action: null, pointer: true,
      }));
    } catch (error) {
      // No storage: the focus starts at the top of the page.
    }
    window.location.reload();
  }
})();
