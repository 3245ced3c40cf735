// The lesson page beside static/js/match.js: its moves come back over HTTP, not a socket,
// so each new board clears the "why not" line that match.js shows for a click that played
// nothing (on the match page the socket's next message does).
(function () {
  "use strict";
  document.addEventListener("htmx:afterSwap", () => {
    const error = document.getElementById("frame-error");
    if (error) error.hidden = true;
  });
})();
