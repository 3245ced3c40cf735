// The match page's only script: turns clicks on the server-rendered board into moves.
//
// Board templates mark what is clickable:
//   data-move='{"type": ...}'  a complete move: clicking it sends it.
//   data-select="key"          picks a source (a piece, a plug); shows the elements
//   data-group="key"           that belong to it (class "shown") and hides the rest.
// Games that need more (Triangulum's multi-click moves) register a handler with
// GameTable.register(slug, {init(board, api)}), called after every board swap; api holds
// sendMove, select, gridKeys (keyboard play on boards of many small cells) and say (a short
// message above the board). A game's click handler that dealt with a click calls
// event.preventDefault(); any other click on the board that plays nothing is answered with
// why (not your turn, the match is over, nothing to play there).
//
// On a phone the board can be zoomed: the SVG grows to its game's --zoom times the column's
// width inside a frame that pans by scrolling, and a line under it names the columns and rows
// in sight (labels marked data-col / data-row). The board is swapped on every push, so the
// zoom and the scroll position live here and are put back after each swap.
(function () {
  "use strict";
  const handlers = {};
  let selected = null;
  let socket = null;  // the open WebSocket (htmx's wrapper), null while it is down
  let lastMessage = Date.now();
  // Close codes after which the page opens its socket again itself (the htmx extension knows
  // only its own): who the session is changed (games/live/socket_identity.py), or the page read
  // too slowly and the server dropped what it held for it (config/serve.py).
  const REOPEN = [4012, 4008];
  const zoom = { on: false, left: 0, top: 0 };

  function board() { return document.getElementById("board"); }

  function setConn(state, text) {
    const el = document.getElementById("conn");
    // The page carries each state's word in the viewer's language (data-say-*, match.html).
    const key = { finished: "sayFinished", aborted: "sayAborted", live: "sayLive", "reconnecting…": "sayReconnecting" }[text];
    if (el) { el.dataset.state = state; el.textContent = (key && el.dataset[key]) || text; }
  }

  function sendMove(move) {
    const b = board();
    const form = document.getElementById("move-form");
    if (!b || !form || b.classList.contains("pending")) return;
    form.elements.move.value = JSON.stringify(move);
    form.elements.ply.value = b.dataset.ply;
    b.classList.add("pending");
    if (socket) {
      htmx.trigger(form, "submit");
    } else {
      // Fallback while the socket is down: the same service over HTTP.
      htmx.ajax("POST", form.dataset.postUrl, { source: form, target: "#board", swap: "outerHTML" });
    }
  }

  function select(key) {
    selected = key;
    const b = board();
    if (!b) return;
    b.querySelectorAll("[data-select]").forEach((el) => el.classList.toggle("selected", el.dataset.select === key));
    b.querySelectorAll("[data-group]").forEach((el) => el.classList.toggle("shown", el.dataset.group === key));
  }

  // Arrow keys move a cursor over the focused element (cells [x, y] of a width × height
  // grid, y growing downwards unless yUp); Enter or Space picks the cell under it.
  function gridKeys(el, { width, height, yUp = false, move, pick }) {
    let at = null;
    el.setAttribute("tabindex", "0");
    el.setAttribute("aria-keyshortcuts", "ArrowUp ArrowDown ArrowLeft ArrowRight Enter");
    const up = yUp ? 1 : -1;
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, up], ArrowDown: [0, -up] };
    const clamp = (v, size) => Math.min(size - 1, Math.max(0, v));
    el.addEventListener("keydown", (event) => {
      if (steps[event.key]) {
        event.preventDefault();
        const [dx, dy] = at ? steps[event.key] : [0, 0];  // the first press shows the middle
        const [x, y] = at || [width >> 1, height >> 1];
        at = [clamp(x + dx, width), clamp(y + dy, height)];
        move(at);
      } else if ((event.key === "Enter" || event.key === " ") && at) {
        event.preventDefault();
        pick(at);
      }
    });
    el.addEventListener("blur", () => { at = null; });
  }

  // The refused-frame line doubles as the board's "why not" line; a new board hides it.
  function say(text) {
    const el = document.getElementById("frame-error");
    if (el) { el.textContent = text; el.hidden = false; }
  }

  // The page's words, in the viewer's language (data-* of #match-words, match.html: an
  // element no push or refusal replaces).
  function words(key, fallback) {
    return document.getElementById("match-words")?.dataset[key] || fallback;
  }

  function whyNot(b, target) {
    const seat = document.getElementById("live-root")?.dataset.seat;
    if (b.dataset.status === "finished") return words("whyFinished", "The match is over: nothing can be played.");
    if (b.dataset.status === "waiting") return words("whyWaiting", "The board opens for moves once every seat is taken.");
    if (seat === undefined) return words("whyWatching", "You are watching this match: only its players move.");
    if (!b.classList.contains("my-turn")) return words("whyNotTurn", "It is not your turn.");
    const owner = target.closest("[data-owner]")?.dataset.owner;
    // Boards whose pieces are placed and never move (data-placed on the SVG): an occupied place
    // is taken, whoever holds it.
    if (owner !== undefined && target.closest("[data-placed]")) return words("whyTaken", "That place is taken: pick a free highlighted one.");
    if (owner !== undefined && owner !== seat) return words("whyTheirs", "That piece is your opponent's: pick one of yours.");
    if (owner !== undefined) return words("whyStuck", "That piece cannot move now: pick a highlighted one.");
    return words("whyNothing", "Nothing to play there: pick one of the highlighted places.");
  }

  // The columns (or rows) in sight, first–last. Labels printed only every few lines
  // (Triangulum's every fifth) may leave one or none in sight: numbered lines are then
  // worked out from the labels' spacing, up to the board's own count
  // (data-grid-cols / data-grid-rows on the SVG) or the last label.
  function visibleLabels(frame, selector, axis) {
    const box = frame.getBoundingClientRect();
    const [low, high] = axis === "x" ? [box.left, box.right] : [box.top, box.bottom];
    const labels = [...frame.querySelectorAll(selector)].map((el) => {
      const r = el.getBoundingClientRect();
      return { name: el.dataset.col ?? el.dataset.row, at: axis === "x" ? r.left + r.width / 2 : r.top + r.height / 2 };
    });
    const numbered = labels.filter((l) => /^\d+$/.test(l.name)).map((l) => ({ ...l, value: Number(l.name) }));
    if (numbered.length >= 2 && numbered.length === labels.length) {
      const first = numbered.reduce((a, b) => (b.value < a.value ? b : a));
      const last = numbered.reduce((a, b) => (b.value > a.value ? b : a));
      if (last.value > first.value && last.at !== first.at) {
        const perLine = (last.at - first.at) / (last.value - first.value);
        const valueAt = (pos) => first.value + (pos - first.at) / perLine;
        const count = Number(frame.querySelector(".board-svg")?.dataset[axis === "x" ? "gridCols" : "gridRows"]);
        const top = count ? first.value + count - 1 : last.value;
        const from = Math.max(first.value, Math.ceil(Math.min(valueAt(low), valueAt(high)) - 1e-6));
        const to = Math.min(top, Math.floor(Math.max(valueAt(low), valueAt(high)) + 1e-6));
        if (from > to) return "";
        return from === to ? `${from}` : `${from}–${to}`;
      }
    }
    const names = [];
    for (const l of labels) {
      if (l.at >= low && l.at <= high && !names.includes(l.name)) names.push(l.name);
    }
    return names.length ? `${names[0]}–${names[names.length - 1]}` : "";
  }

  function showWhere(frame) {
    const where = frame.nextElementSibling;
    if (!where?.classList.contains("zoom-where")) return;
    const cols = visibleLabels(frame, "[data-col]", "x");
    const rows = visibleLabels(frame, "[data-row]", "y");
    where.textContent = cols || rows
      ? words("inSight", "In sight: columns {cols} · rows {rows}").replace("{cols}", cols || "–").replace("{rows}", rows || "–")
      : words("drag", "Drag to move around the board.");
  }

  function applyZoom() {
    const b = board();
    const svg = b?.querySelector(".board-svg");
    const button = b?.querySelector("[data-zoom]");
    if (button) {
      button.setAttribute("aria-pressed", String(zoom.on));
      // Both words come from the server, in the viewer's language (_live_board.html).
      button.textContent = zoom.on ? button.dataset.offText || "Whole board" : button.dataset.onText || "Zoom the board";
    }
    if (!svg) return;
    let frame = svg.parentElement.classList.contains("zoom-frame") ? svg.parentElement : null;
    if (!zoom.on) {
      if (frame) { frame.nextElementSibling?.remove(); frame.replaceWith(svg); svg.style.width = ""; }
      return;
    }
    if (frame) return;  // the same board, already zoomed: it keeps its place
    frame = document.createElement("div");
    frame.className = "zoom-frame";
    const where = document.createElement("p");
    where.className = "zoom-where";
    svg.replaceWith(frame);
    frame.append(svg);
    frame.after(where);
    frame.addEventListener("scroll", () => {
      if (!frame.isConnected) return;  // a swapped-out board keeps no say
      zoom.left = frame.scrollLeft;
      zoom.top = frame.scrollTop;
      showWhere(frame);
    }, { passive: true });
    const factor = Number(getComputedStyle(svg).getPropertyValue("--zoom")) || 3;
    svg.style.width = `${Math.round(frame.clientWidth * factor)}px`;
    if (zoom.left === null) {  // just switched on: start on the last move (data-last-move), else the middle
      const last = svg.querySelector("[data-last-move]")?.getBoundingClientRect();
      const box = frame.getBoundingClientRect();
      const [x, y] = last ? [last.left + last.width / 2 - box.left, last.top + last.height / 2 - box.top] : [frame.scrollWidth / 2, frame.scrollHeight / 2];
      zoom.left = Math.max(0, Math.min(frame.scrollWidth - frame.clientWidth, x - frame.clientWidth / 2));
      zoom.top = Math.max(0, Math.min(frame.scrollHeight - frame.clientHeight, y - frame.clientHeight / 2));
    }
    frame.scrollLeft = zoom.left;
    frame.scrollTop = zoom.top;
    showWhere(frame);
  }

  // The move list follows the game: its newest turn stays in sight.
  function showLastMove() {
    const list = document.getElementById("move-list");
    if (list) list.scrollTop = list.scrollHeight;
  }

  function refresh() {
    const b = board();
    if (!b) return;
    showLastMove();
    if (b.dataset.status === "finished") {
      setConn("over", "aborted" in b.dataset ? "aborted" : "finished");
      // What the feature apps offer once a match is over (games.features finished_panels).
      document.querySelectorAll("[data-when-finished]").forEach((el) => { el.hidden = false; });
    }
    if (selected && !b.querySelector(`[data-select="${CSS.escape(selected)}"]`)) selected = null;
    select(selected);
    applyZoom();
    const handler = handlers[b.dataset.game];
    if (handler) handler.init(b, { sendMove, select, gridKeys, say });
  }

  document.addEventListener("click", (event) => {
    const b = board();
    if (!b || !b.contains(event.target)) return;
    if (event.target.closest("[data-zoom]")) {
      Object.assign(zoom, { on: !zoom.on, left: null, top: null });
      applyZoom();
      return;
    }
    const moveEl = event.target.closest("[data-move]");
    if (moveEl) { sendMove(JSON.parse(moveEl.dataset.move)); return; }
    const selectEl = event.target.closest("[data-select]");
    if (selectEl) { select(selectEl.dataset.select === selected ? null : selectEl.dataset.select); return; }
    if (!event.defaultPrevented && event.target.closest(".board-svg")) say(whyNot(b, event.target));
  });

  document.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.matches?.("[data-move], [data-select]")) {
      event.preventDefault();
      event.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });

  // A notice lost on its way (the channel layer unreachable for a moment) must not leave the
  // board behind for good: after a quiet while the page says which position it shows, and
  // the server answers with the board only if that position is old.
  function syncIfQuiet() {
    const root = document.getElementById("live-root");
    const b = board();
    if (!socket || !root || !b || b.dataset.status === "finished") return;
    if (Date.now() - lastMessage < Number(root.dataset.syncSeconds || 20) * 1000) return;
    lastMessage = Date.now();
    socket.send(JSON.stringify({ t: "sync", ply: Number(b.dataset.ply), status: b.dataset.status }));
  }
  setInterval(syncIfQuiet, 1000);

  document.addEventListener("htmx:wsOpen", (event) => {
    socket = event.detail.socketWrapper;
    lastMessage = Date.now();
    if (board()?.dataset.status !== "finished") setConn("live", "live");
  });
  document.addEventListener("htmx:wsClose", (event) => {
    socket = null;
    setConn("down", "reconnecting…");
    // Opened again with the cookie of now, and sent the whole position of now.
    if (REOPEN.includes(event.detail.event?.code) && document.body.contains(event.target)) {
      setTimeout(() => event.detail.socketWrapper.reconnect(), htmx.config.wsReconnectDelay(0));
    }
  });
  // Reconnecting: the extension's own backoff doubles up to 64 s, so a page could sit out a
  // short server restart for a minute. Here the wait doubles from half a second to at most
  // four, each drawn from its upper half, so pages return within seconds of the server and
  // a restart's reconnections still spread out.
  htmx.config.wsReconnectDelay = (retry) => Math.min(500 * 2 ** retry, 4000) * (0.5 + Math.random() / 2);
  // A refused frame gets a short #frame-error and no board: the board must not stay pending.
  // Any board that arrives clears the error.
  document.addEventListener("htmx:wsAfterMessage", (event) => {
    lastMessage = Date.now();
    // A finished tournament match's page goes to the player's next match when it starts
    // (tournaments/socket.py sends the element that names it).
    const go = /^<div id="next-match" data-go="([^"]+)"/.exec(String(event.detail.message));
    if (go) { window.location.assign(go[1]); return; }
    const error = document.getElementById("frame-error");
    if (String(event.detail.message).startsWith('<p id="frame-error"')) {
      board()?.classList.remove("pending");
    } else if (error) {
      error.hidden = true;
    }
    refresh();
  });
  document.addEventListener("htmx:afterSwap", refresh);
  document.addEventListener("DOMContentLoaded", refresh);

  window.GameTable = { register(slug, handler) { handlers[slug] = handler; refresh(); }, sendMove, select, say };
})();
