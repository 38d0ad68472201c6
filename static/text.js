// Text mode's live board, a progressive enhancement (without it a waiting page reloads
// itself, saying what was played since it was shown).
// - The match's Server-Sent Events stream tells its versions; on a newer one the page is
//   fetched again with ?seen=<moves shown>&game=<id>&heard=<last message shown>&alone=<1 while
//   seat 2 is free>, and its words replace these in place: the announcement region says who
//   joined, what was played and what the other player said, and the focus stays in the move
//   field, with whatever was being typed.
"use strict";
(() => {
  const live = document.getElementById("text-live");
  const form = document.getElementById("text-form");
  if (!live || !form || !window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  // The parts of the page a new state changes; the field and its label are never replaced.
  const PARTS = ["text-announce", "text-alerts", "text-summary", "text-clock", "text-position",
    "text-winning", "text-moves", "text-links", "chat-lines"];
  let version = Number(live.dataset.version);
  let seen = live.dataset.seen;
  let game = live.dataset.game;
  let heard = live.dataset.heard;
  let alone = live.dataset.alone;
  let leaving = false;
  let busy = false;
  let wanted = version; // the newest version the stream told of
  let source = null;
  form.addEventListener("submit", () => {
    leaving = true;
    if (source) {
      source.close();
    }
  });

  const update = async () => {
    if (busy || leaving || wanted <= version) {
      return;
    }
    busy = true;
    try {
      const address = new URL(window.location.href);
      address.searchParams.set("seen", seen);
      address.searchParams.set("game", game);
      address.searchParams.set("heard", heard);
      address.searchParams.set("alone", alone);
      address.searchParams.delete("confirm");
      const answer = await fetch(address, { credentials: "same-origin" });
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const fresh = page.getElementById("text-live");
      if (leaving || !fresh) {
        return;
      }
      for (const id of PARTS) {
        const mine = document.getElementById(id);
        const theirs = page.getElementById(id);
        if (mine && theirs && mine.innerHTML !== theirs.innerHTML) {
          mine.innerHTML = theirs.innerHTML;
        }
        if (mine && theirs) {
          mine.hidden = theirs.hidden;
        }
      }
      // The forms stay (a button of the quick messages may have the focus); their fields
      // take the new version and token.
      for (const id of ["text-form", "chat-form"]) {
        const mine = document.getElementById(id);
        for (const name of ["version", "csrf_token", "match"]) {
          const field = page.querySelector(`#${id} input[name="${name}"]`);
          if (mine && field && mine.elements[name]) {
            mine.elements[name].value = field.value;
          }
        }
      }
      document.title = page.title;
      version = Number(fresh.dataset.version);
      seen = fresh.dataset.seen;
      game = fresh.dataset.game;
      heard = fresh.dataset.heard;
      alone = fresh.dataset.alone;
    } catch (error) {
      // The next version tries again; a reload shows the board whole.
    } finally {
      busy = false;
    }
    if (wanted > version && !leaving) {
      setTimeout(update, 1000); // a change came while this one was fetched, or it failed
    }
  };

  const open = () => {
    if (leaving) {
      return;
    }
    source = new EventSource(live.dataset.events);
    source.addEventListener("message", (event) => {
      wanted = Math.max(wanted, Number(event.lastEventId));
      update();
    });
    source.addEventListener("error", () => {
      // A refused stream (too many open on the server) is not retried by the browser.
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(open, 3000);
      }
    });
  };
  open();
})();
