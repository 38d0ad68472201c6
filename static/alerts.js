// "Your turn" alerts, a progressive enhancement: when the board (reloaded by live.js after
// the opponent's move) is the player's turn while its tab is in the background, the title
// becomes "(Your turn) …" and, if the player turned notifications on with the button, a
// system notification says so. Nothing is asked on load.
"use strict";
(() => {
  const alerts = document.getElementById("alerts");
  if (!alerts) {
    return;
  }
  const title = document.title;
  const yourTurn = alerts.dataset.yourTurn === "yes";
  const mark = () => {
    document.title = yourTurn && document.hidden ? `${alerts.dataset.title} ${title}` : title;
  };
  document.addEventListener("visibilitychange", mark);
  mark();
  const button = document.getElementById("notify");
  if (!("Notification" in window)) {
    return;
  }
  if (Notification.permission === "default") {
    button.hidden = false;
    button.addEventListener("click", () => {
      Notification.requestPermission().then(() => {
        button.hidden = true;
      });
    });
  }
  if (yourTurn && document.hidden && Notification.permission === "granted") {
    new Notification(alerts.dataset.title, { body: alerts.dataset.body });
  }
})();
