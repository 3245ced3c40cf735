// Replay keyboard: ← → step, Home/End jump; the buttons do the work (htmx GET).
(function () {
  "use strict";
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    if (event.target.matches?.("input, textarea, select")) return;
    const id = keys[event.key];
    const button = id && document.getElementById(id);
    if (button && !button.disabled) {
      event.preventDefault();
      htmx.process(button); // a key can beat htmx to initialising a freshly swapped button
      button.click();
    }
  });
  document.addEventListener("htmx:afterSwap", () => {
    document.querySelector(".move-list li.current")?.scrollIntoView({ block: "nearest" });
  });
})();
