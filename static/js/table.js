// What the match page shows around the board between pushes: clocks ticking, who is here,
// claiming an absent player, and telling a player in another tab that it is their turn.
//
// Times come from the server: a running clock carries its deadline in server
// milliseconds (data-deadline), and the page learns how far its own clock is from the
// server's when it loads (data-server-now), so a reloaded or reconnected page shows the
// right time. The server decides when a flag falls; the page only counts down.
(function () {
  "use strict";
  const root = document.getElementById("live-root");
  if (!root) return;
  const offset = Number(root.dataset.serverNow) - Date.now();  // server − page clock
  const claimMs = Number(root.dataset.claimMs || 60000);
  const mySeat = root.dataset.seat === undefined ? null : Number(root.dataset.seat);
  const baseTitle = document.title;
  const icon = document.querySelector("link[rel=icon]");
  const baseIcon = icon ? icon.href : null;
  let wasMyTurn = null;

  function serverNow() { return Date.now() + offset; }

  // "2 d 5 h" in the page's words (data-long, in the viewer's language) past a day.
  function clockText(ms, long) {
    const s = Math.max(0, Math.floor(ms / 1000));
    if (s >= 86400) {
      return (long || "{days} d {hours} h").replace("{days}", Math.floor(s / 86400)).replace("{hours}", Math.floor((s % 86400) / 3600));
    }
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = String(s % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
  }

  let flagAsked = null;  // the deadline this page last asked the server to check

  function tickClocks() {
    // A seat's first real-time move costs nothing: its clock stands still (no deadline) and
    // the first move's own countdown (.first-move, "first move: 0:27") ticks instead.
    document.querySelectorAll("#match-side .clock[data-deadline], #match-side .first-move[data-deadline]").forEach((el) => {
      const left = Number(el.dataset.deadline) - serverNow();
      el.textContent = (el.dataset.label || "") + clockText(left, el.dataset.long);
      el.classList.toggle("low", el.dataset.days === undefined && left < 20000);
      // At zero the page asks once; the server's clock decides, and everyone sees the result.
      if (left <= 0 && flagAsked !== el.dataset.deadline) {
        const form = document.getElementById("flag-form");
        if (form) { flagAsked = el.dataset.deadline; htmx.trigger(form, "submit"); }
      }
    });
  }

  function presence() {
    const el = document.getElementById("presence");
    if (!el || !el.dataset.away) return {};
    return JSON.parse(el.dataset.away);
  }

  // A page whose socket is open is here: its own seat shows so at once, without waiting for
  // the next presence poll (the presence element was rendered before the socket opened).
  let socketOpen = false;

  function showPresence() {
    const away = presence();
    if (socketOpen && mySeat !== null) away[mySeat] = null;
    const side = document.getElementById("match-side");
    if (!side) return;
    const say = document.getElementById("match-words")?.dataset || {};
    side.querySelectorAll(".seat[data-seat]").forEach((seat) => {
      const since = away[seat.dataset.seat];
      if (since === undefined) return;
      seat.classList.toggle("here", since === null);
      seat.classList.toggle("away", since !== null);
      seat.title = since === null ? say.connected || "connected" : say.notConnected || "not connected";
    });
    showClaim(side, away);
  }

  // The claim (docs/rules.md §7.4) applies only to another player than the one to move, once
  // that player has had no page open for claimMs: before that a countdown says when it will.
  function showClaim(side, away) {
    const claim = side.querySelector("[data-claim]");
    const wait = side.querySelector("[data-claim-wait]");
    if (!claim) return;
    const mover = [...side.querySelectorAll(".seat.to-move")].find((s) => Number(s.dataset.seat) !== mySeat);
    const since = mover ? away[mover.dataset.seat] : null;
    const absent = Boolean(mover) && mySeat !== null && !side.querySelector(`.seat.to-move[data-seat="${mySeat}"]`) &&
      since !== null && since !== undefined;
    const left = absent ? claimMs - (serverNow() - since) : Infinity;
    claim.hidden = !(absent && left <= 0);
    if (!wait) return;
    wait.hidden = !(absent && left > 0);
    if (!wait.hidden) {
      // The words come from the page, in the viewer's language (_live_side.html).
      const name = mover.querySelector(".seat-name")?.textContent.trim() || wait.dataset.mover || "The player to move";
      const line = wait.dataset.say || `{name} is away: ${claim.textContent.toLowerCase()} in {seconds}`;
      wait.textContent = line.replace("{name}", name).replace("{seconds}", `${Math.ceil(left / 1000)}\u00a0s`);
    }
  }

  function beep() {
    const box = document.getElementById("turn-sound");
    if (!box || !box.checked || !window.AudioContext) return;
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  }

  // The tab's title and icon say when it is your turn, and when the match is over.
  function announce() {
    const board = document.getElementById("board");
    if (!board) return;
    const myTurn = board.classList.contains("my-turn");
    const over = board.dataset.status === "finished";
    const say = document.getElementById("match-words")?.dataset || {};
    document.title = myTurn ? `● ${say.yourTurn || "Your turn"} — ${baseTitle}` : over ? `${say.matchOver || "Match over"} — ${baseTitle}` : baseTitle;
    if (icon && baseIcon) icon.href = myTurn ? root.dataset.turnIcon : baseIcon;
    if (myTurn && wasMyTurn === false) beep();
    wasMyTurn = myTurn;
  }

  const sound = document.getElementById("turn-sound");
  if (sound) {
    sound.checked = localStorage.getItem("turn-sound") === "1";
    sound.addEventListener("change", () => localStorage.setItem("turn-sound", sound.checked ? "1" : "0"));
  }

  document.addEventListener("click", (event) => {
    if (!event.target.closest("[data-claim]")) return;
    const form = document.getElementById("claim-form");
    if (form) htmx.trigger(form, "submit");
  });

  function refresh() { tickClocks(); showPresence(); announce(); }
  document.body.addEventListener("htmx:wsOpen", () => { socketOpen = true; showPresence(); });
  document.body.addEventListener("htmx:wsClose", () => { socketOpen = false; });
  document.body.addEventListener("htmx:wsAfterMessage", refresh);
  setInterval(() => { tickClocks(); showPresence(); }, 250);
  refresh();
})();
