// Replay keyboard: ← → step, Home/End jump. Held keys never drop a step: each press moves
// the wanted position, and one request at a time fetches it (htmx GET of ?ply=n).
(function () {
  "use strict";
  let wanted = null;
  let loading = false;

  function shown() { return Number(document.getElementById("replay")?.dataset.ply); }
  function last() { return Number(document.getElementById("replay")?.dataset.last); }

  function load() {
    if (loading || wanted === null || wanted === shown()) return;
    loading = true;
    const url = `?ply=${wanted}`;
    htmx.ajax("GET", url, { target: "#replay", swap: "outerHTML" }).then(() => {
      history.replaceState(null, "", url);
      loading = false;
      load();
    });
  }

  // The current move stays in sight inside the list, without scrolling the page: centred,
  // its hint too (its top first when the row is taller than the list).
  function showCurrent() {
    const list = document.getElementById("move-list");
    const current = list?.querySelector("li.current");
    if (current) {
      list.scrollTop = current.offsetTop - Math.max(0, (list.clientHeight - current.offsetHeight) / 2);
    }
  }

  const steps = { ArrowLeft: -1, ArrowRight: 1 };
  document.addEventListener("keydown", (event) => {
    if (event.target.matches?.("input, textarea, select") || !document.getElementById("replay")) return;
    const from = wanted ?? shown();
    let to = null;
    if (event.key in steps) to = from + steps[event.key];
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = last();
    if (to === null) return;
    event.preventDefault();
    wanted = Math.min(Math.max(to, 0), last());
    load();
  });
  document.addEventListener("htmx:afterSwap", () => {
    if (!loading) wanted = null;  // a click on the list or a button: start from there
    showCurrent();
  });
  document.addEventListener("DOMContentLoaded", showCurrent);
})();
