// The list of games being played now, kept in place: each event of the page's stream is the
// list's HTML, made by the server; the clocks count down between events.
(function () {
  "use strict";
  var box = document.querySelector("[data-part=live-list]");
  if (!box || !window.EventSource) return;
  // The page no longer needs to refresh itself: the stream brings every change.
  window.followStream(box.getAttribute("data-events"), function (source) {
    source.onmessage = function (event) {
      var data = JSON.parse(event.data);
      if (typeof data.html === "string") {
        box.innerHTML = data.html;
        tick();
      }
    };
  });
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
