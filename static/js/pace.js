// Watching the computer play itself at one's own pace. The server paces a computer-only match
// (BOT_PACE_SECONDS between moves); this page shows each pushed position in turn and never
// skips one: Pause holds the board while pushes wait in line, One step shows the next one
// (or the next to arrive), Faster halves the wait between positions shown (to catch up after
// a pause), Normal goes back to the server's pace. A position is never shown sooner than
// that wait after the one before. Only board pushes wait; chat lines and the rest go through.
(function () {
  "use strict";
  const box = document.getElementById("watch-pace");
  if (!box || !window.htmx) return;
  const pace = Number(box.dataset.paceMs) || 2000;
  const state = box.querySelector("output");
  const pauseButton = box.querySelector("[data-pace=pause]");
  const stepButton = box.querySelector("[data-pace=step]");
  let wait = pace;
  let paused = false;
  let stepAsked = false;
  let lastShown = 0;
  const queue = [];
  const released = new Set();
  let socket = null;  // the WebSocket itself: a waiting push is handed to htmx through it

  const make = htmx.createWebSocket;
  htmx.createWebSocket = (url) => { socket = make(url); return socket; };

  function isBoard(message) { return typeof message === "string" && message.includes('id="board"'); }

  function show() {
    const message = queue.shift();
    if (message === undefined || !socket) return;
    released.add(message);
    lastShown = Date.now();
    socket.dispatchEvent(new MessageEvent("message", { data: message }));
  }

  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const message = event.detail.message;
    if (released.delete(message) || !isBoard(message)) return;
    if (stepAsked && !queue.length) { stepAsked = false; lastShown = Date.now(); render(); return; }
    if (paused || queue.length || Date.now() - lastShown < wait) {
      event.preventDefault();
      queue.push(message);
    } else {
      lastShown = Date.now();
    }
    render();
  });

  function tick() {
    if (!paused && queue.length && Date.now() - lastShown >= wait) show();
    render();
  }

  function render() {
    const speed = pace / wait;
    const waiting = queue.length;
    let text = paused ? box.dataset.pausedText : waiting ? box.dataset.catchingText : box.dataset.liveText;
    if (waiting) text += ` · ${waiting} ${box.dataset.waitingText}`;
    if (speed > 1) text += ` · ×${speed}`;
    state.textContent = text;
    state.dataset.waiting = String(waiting);
    pauseButton.textContent = paused ? box.dataset.resumeText : box.dataset.pauseText;
    pauseButton.setAttribute("aria-pressed", String(paused));
    stepButton.disabled = !paused;
  }

  box.addEventListener("click", (event) => {
    const action = event.target.closest("[data-pace]")?.dataset.pace;
    if (action === "pause") paused = !paused;
    else if (action === "step") { if (queue.length) show(); else stepAsked = true; }
    else if (action === "faster") wait = Math.max(pace / 16, wait / 2);
    else if (action === "normal") wait = pace;
    render();
  });

  setInterval(tick, 50);
  render();
})();
