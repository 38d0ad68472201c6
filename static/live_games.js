// The list of games being played now, kept in place: each event of the page's stream is the
// list's HTML, made by the server; the clocks count down between events.
(function () {
  "use strict";
  var box = document.querySelector("[data-part=live-list]");
  if (!box || !window.EventSource) return;
  // The page no longer needs to refresh itself: the stream brings every change.
  var wait = 3000;  // before asking again for a refused stream: doubled each time
  function open() {
    var source = new EventSource(box.getAttribute("data-events"));
    source.onmessage = function (event) {
      wait = 3000;
      var data = JSON.parse(event.data);
      if (typeof data.html === "string") {
        box.innerHTML = data.html;
        tick();
      }
    };
    // A refused stream is not opened again by the browser: this page does, a little later.
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED) return;
      window.setTimeout(open, wait + Math.random() * 1000);
      wait = Math.min(wait * 2, 60000);  // a server full of streams is not asked every 3 s
    });
  }
  open();
  function tick() {
    var now = Date.now();
    box.querySelectorAll(".live-clock[data-deadline]").forEach(function (clock) {
      var shown = clock.parentNode.querySelector(".live-left");
      if (!shown) return;
      var left = Math.max(0, Math.ceil((Date.parse(clock.getAttribute("data-deadline")) - now) / 1000));
      shown.textContent = left + " " + shown.getAttribute("data-unit");
      shown.hidden = false;
    });
  }
  tick();
  window.setInterval(tick, 1000);
})();
