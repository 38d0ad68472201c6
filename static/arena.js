// An arena's page kept in place: each event of its stream is the state and standings' HTML,
// the same for every viewer, with the viewer's own row; a viewer just paired goes to the
// page again, which takes them to the board of their game.
(function () {
  "use strict";
  var box = document.querySelector("[data-part=arena]");
  if (!box || !window.EventSource) return;
  var you = box.getAttribute("data-you");
  window.followStream(box.getAttribute("data-events"), function (source) {
    source.onmessage = function (event) {
      var data = JSON.parse(event.data);
      if (data.you && data.you[4] && !box.hasAttribute("data-playing")) {
        source.close();
        window.location.assign(box.getAttribute("data-page"));
        return;
      }
      box.innerHTML = data.html;
      mark(data.you);
    };
    source.addEventListener("gone", function () { source.close(); window.location.reload(); });
  });
  // The viewer's row: marked where it is among the best, else added after them.
  function mark(row) {
    if (you === null || !row) return;
    var shown = box.querySelector('tr[data-player="' + you + '"]');
    if (!shown) {
      var body = box.querySelector("table.standings tbody");
      var template = document.getElementById("your-row");
      if (!body || !template) return;
      shown = template.content.firstElementChild.cloneNode(true);
      body.appendChild(shown);
    }
    shown.classList.add("you");
    shown.setAttribute("aria-current", "true");
    var cells = shown.querySelectorAll("td");
    if (cells.length >= 4) {
      cells[0].textContent = row[0];
      cells[1].textContent = row[1];
      cells[2].textContent = row[2];
      cells[3].textContent = row[3];
    }
  }
})();
