// The waiting page of quick pairing, a progressive enhancement: without it the page reloads
// itself every 2 s (a <meta> refresh inside <noscript>). With it, the stream says the moment
// a match is made (the page is then asked again, and sends the browser to its board), and the
// offer of the computer shows in place once the patience is over.
"use strict";
(() => {
  const pairing = document.getElementById("pairing");
  if (!pairing || !window.EventSource) {
    return;
  }
  let leaving = false;
  document.addEventListener("submit", () => {
    leaving = true;
  });
  const source = new EventSource(pairing.dataset.events);
  source.addEventListener("message", () => {
    source.close();
    if (!leaving) {
      window.location.reload();
    }
  });
  const offerIn = Number(pairing.dataset.offerIn);
  const offer = document.getElementById("offer");
  if (offer && offer.hidden) {
    setTimeout(() => {
      offer.hidden = false;
    }, offerIn * 1000);
  }
})();
