// A page's stream, opened again when the server refused it: a browser's pages just left hold
// their places until the server notices (a heartbeat), and the browser itself never retries
// a refused EventSource. Asked for again after 3 s, doubling to a minute (a server full of
// streams is not asked every 3 s by every page), with a second of jitter.
window.followStream = function (url, setUp) {
  "use strict";
  var wait = 3000;
  function open() {
    var source = new EventSource(url);
    source.addEventListener("message", function () { wait = 3000; });
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED) return;
      window.setTimeout(open, wait + Math.random() * 1000);
      wait = Math.min(wait * 2, 60000);
    });
    setUp(source);
  }
  open();
};
