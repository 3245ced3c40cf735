// A rematch offer arrives over the match socket as #rematch (games/live/rematch_html.py). Once
// every player accepted it carries data-goto, the new match: an open page goes there by
// itself, unless it already showed that (a page opened after the rematch stays put).
(function () {
  "use strict";
  let shown = document.getElementById("rematch")?.dataset.goto || null;
  document.addEventListener("htmx:wsAfterMessage", () => {
    const goto = document.getElementById("rematch")?.dataset.goto || null;
    if (goto && goto !== shown) {
      shown = goto;
      window.location.assign(goto);
    }
  });
})();
