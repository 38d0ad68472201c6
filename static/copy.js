// Copy buttons, a progressive enhancement: each puts its link (data-copy) on the clipboard;
// without JavaScript they stay hidden and the link itself can be selected and copied.
// What a button says after a click comes from the page, in its language: data-text-copied when
// the link is on the clipboard, data-text-copy-failed when it could not be put there.
"use strict";
(() => {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = button.dataset.textCopied;
      } catch (error) {
        button.textContent = button.dataset.textCopyFailed;
      }
      setTimeout(() => { button.textContent = label; }, 2000);
    });
  }
})();
