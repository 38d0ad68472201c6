// The move clock, a progressive enhancement: the seconds left, counting down. The server
// alone decides when a clock has run out: on a live board its stream brings the ending (and
// each new clock, which this follows); a board without a stream is asked again instead.
"use strict";
(() => {
  let timer = null;
  const start = () => {
    clearTimeout(timer);
    const clock = document.getElementById("clock");
    const left = document.getElementById("clock-left");
    if (!clock || !left) {
      return;
    }
    const deadline = Date.parse(clock.dataset.deadline);
    const unit = left.dataset.unit;
    left.hidden = false;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      left.textContent = `(${seconds} ${unit})`;
      if (seconds > 0) {
        timer = setTimeout(tick, 250);
      } else if (!document.getElementById("live") || !window.EventSource) {
        timer = setTimeout(() => window.location.reload(), 1000);
      }
    };
    tick();
  };
  document.addEventListener("board:parts", start);
  start();
})();
