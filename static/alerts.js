// "Your turn" alerts, a progressive enhancement: when the board (its parts swapped in by
// live.js after the opponent's move) is the player's turn while its tab is in the
// background, the title becomes "(Your turn) …" and, if the player turned notifications on
// with the button, a system notification says so. Nothing is asked on load.
"use strict";
(() => {
  if (!document.getElementById("alerts")) {
    return;
  }
  let told = false; // a notification for this turn was shown
  const alerts = () => document.getElementById("alerts");
  const yourTurn = () => Boolean(alerts()) && alerts().dataset.yourTurn === "yes";
  const mark = () => {
    // The title without the mark: live.js writes the status into it after each change.
    const prefix = `${alerts() ? alerts().dataset.title : ""} `;
    const title = document.title.startsWith(prefix) ? document.title.slice(prefix.length) : document.title;
    document.title = yourTurn() && document.hidden ? prefix + title : title;
  };
  const notify = () => {
    if (!yourTurn()) {
      told = false;
    } else if (!told && document.hidden && "Notification" in window && Notification.permission === "granted") {
      told = true;
      new Notification(alerts().dataset.title, { body: alerts().dataset.body });
    }
  };
  const offer = () => {
    const button = document.getElementById("notify");
    if (!button || !("Notification" in window) || Notification.permission !== "default") {
      return;
    }
    button.hidden = false;
    button.addEventListener("click", () => {
      Notification.requestPermission().then(() => {
        button.hidden = true;
      });
    });
  };
  document.addEventListener("visibilitychange", mark);
  document.addEventListener("board:parts", () => {
    offer();
    mark();
    notify();
  });
  offer();
  mark();
  notify();
})();
