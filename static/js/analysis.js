// The analysis's progress on the replay page and a finished match's own page: while it runs, the match socket says how many
// positions are done and how many analyses wait ahead of it ({"t": "analysis", "done",
// "total", "status", "ahead"}, after {"t": "analysis_watch"}); once it is done the replay fragment is fetched again, graph and all.
(function () {
  "use strict";
  let socket = null;

  function running() { return document.getElementById("analysis-running"); }

  function show(progress) {
    const bar = document.getElementById("analysis-progress");
    const count = document.getElementById("analysis-count");
    if (bar) { bar.max = progress.total; bar.value = progress.done; }
    if (count) count.textContent = count.textContent.replace(/\d+(\D+)\d+/, `${progress.done}$1${progress.total}`);
    const ahead = document.getElementById("analysis-ahead");
    if (ahead && progress.ahead !== undefined) {
      ahead.hidden = !progress.ahead;
      const words = progress.ahead === 1 ? ahead.dataset.one : ahead.dataset.many;
      ahead.textContent = words.replace("#", String(progress.ahead));
    }
    if (progress.status === "done" || progress.status === "failed") {
      const replay = document.getElementById("replay");
      // The replay fetches its fragment again; a finished match's own page reloads (its
      // analysis panel, analysis/pages.py match_panel, is rendered with the page).
      if (replay) htmx.ajax("GET", `?ply=${replay.dataset.ply ?? ""}`, { target: "#replay", swap: "outerHTML" });
      else location.reload();
      if (socket) { socket.close(); socket = null; }
    }
  }

  function follow() {
    const here = running();
    if (!here || socket) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/ws/match/${here.dataset.match}/?ply=${here.dataset.ply}&status=finished`;
    socket = new WebSocket(url);
    socket.addEventListener("open", () => socket.send(JSON.stringify({ t: "analysis_watch" })));
    socket.addEventListener("message", (event) => {
      if (!event.data.startsWith("{")) return;  // the board's and chat's HTML: not for this page
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      if (frame.t === "analysis") show(frame);
    });
    socket.addEventListener("close", () => { socket = null; if (running()) setTimeout(follow, 2000); });
  }

  // A graph wider than its box (a phone: 45 px a position) scrolls to the position shown.
  function centreNow() {
    document.querySelectorAll(".analysis-graph-scroll").forEach((frame) => {
      const now = frame.querySelector(".now");
      if (!now || frame.scrollWidth <= frame.clientWidth) return;
      const at = now.getBoundingClientRect(), box = frame.getBoundingClientRect();
      frame.scrollLeft += at.left - box.left - box.width / 2;
    });
  }

  document.addEventListener("DOMContentLoaded", () => { follow(); centreNow(); });
  document.addEventListener("htmx:afterSwap", () => { follow(); centreNow(); });
})();
