// The move clock, a progressive enhancement: the seconds left, counting down. When they run
// out the page is asked again, and the server (which alone decides) says how the game ended.
"use strict";
(() => {
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
      setTimeout(tick, 250);
    } else {
      setTimeout(() => window.location.reload(), 1000);
    }
  };
  tick();
})();
