// Copy buttons, a progressive enhancement: each puts its link (data-copy) on the clipboard;
// without JavaScript they stay hidden and the link itself can be selected and copied.
"use strict";
(() => {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = "Copied";
      } catch (error) {
        button.textContent = "Copy failed: select the link instead";
      }
      setTimeout(() => { button.textContent = label; }, 2000);
    });
  }
})();
