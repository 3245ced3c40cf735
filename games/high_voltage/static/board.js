// High Voltage: preview the power lines a pylon would make, before setting it.
//
// Every legal cell is a <rect data-move> in .hv-targets carrying data-links (the lines
// it would make) and data-blocked (knight neighbours a standing line cuts off), both as
// "x1,y1,x2,y2;..." in cells. A mouse previews on hover and sets on click; a finger
// previews on the first tap and sets on a second tap of the same cell. From the keyboard,
// the focused field has a cursor: arrow keys move it (with the same preview), Enter or
// Space sets the pylon under it. A click or a cursor on a cell where no pylon can go says why.
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const COLUMNS = "abcdefghijklmnopqrstuvwx";
  const centre = (v) => String(Number(v) * 10 + 5);

  function element(name, attrs) {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  }

  function segments(text) {
    return (text || "").split(";").filter(Boolean).map((s) => s.split(","));
  }

  GameTable.register("high-voltage", {
    init(board, api) {
      // The phone's zoom opens on the last pylon (static/js/match.js, data-last-move).
      board.querySelector(".hv-last")?.setAttribute("data-last-move", "");
      const layer = board.querySelector(".hv-preview");
      const targets = board.querySelector(".hv-targets");
      const hint = board.querySelector(".hv-hint");
      if (!layer || !targets || board.dataset.hvReady) return;
      board.dataset.hvReady = "1";
      let armed = null;
      let pointer = "mouse";

      function describe(rect, tapped) {
        if (!hint) return;
        const [x, y] = JSON.parse(rect.dataset.move).at;
        const made = segments(rect.dataset.links).length;
        const blocked = segments(rect.dataset.blocked).length;
        // The words come from the hint's data-* (board.html), in the viewer's language.
        const say = (key, fallback, values = {}) =>
          Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), hint.dataset[key] || fallback);
        const lines = made === 1 ? say("oneLine", "1 new line") : made ? say("lines", "{n} new lines", { n: made }) : say("noLine", "no new line");
        let text = `${COLUMNS[x]}${y + 1}: ${lines}`;
        if (blocked) text += say("blocked", ", {n} blocked by a crossing line", { n: blocked });
        hint.textContent = tapped ? say("tapAgain", "{text} — tap again to set the pylon.", { text }) : text;
        hint.classList.add("active");
      }

      function clear() {
        layer.replaceChildren();
        if (hint) { hint.textContent = hint.dataset.default; hint.classList.remove("active"); }
      }

      function show(rect, tapped) {
        layer.replaceChildren();
        const [x, y] = JSON.parse(rect.dataset.move).at;
        for (const [x1, y1, x2, y2] of segments(rect.dataset.blocked)) {
          layer.append(element("line", { class: "hv-pv-blocked", x1: centre(x1), y1: centre(y1), x2: centre(x2), y2: centre(y2) }));
        }
        for (const [x1, y1, x2, y2] of segments(rect.dataset.links)) {
          layer.append(element("line", { class: "hv-pv-link", x1: centre(x1), y1: centre(y1), x2: centre(x2), y2: centre(y2) }));
        }
        layer.append(element("circle", { class: "hv-pv-post", cx: centre(x), cy: centre(y), r: "3.3" }));
        if (tapped) layer.append(element("circle", { class: "hv-pv-ring", cx: centre(x), cy: centre(y), r: "7.5" }));
        describe(rect, tapped);
      }

      function arm(rect) {
        if (armed) armed.classList.remove("armed");
        armed = rect;
        if (rect) { rect.classList.add("armed"); show(rect, true); } else clear();
      }

      const svg = board.querySelector("svg.high-voltage");
      const byCell = new Map();
      for (const rect of targets.querySelectorAll("[data-move]")) {
        byCell.set(`${Number(rect.getAttribute("x")) / 10},${Number(rect.getAttribute("y")) / 10}`, rect);
      }

      // Why a cell holds no target, read from the drawn field.
      function why(x, y) {
        const drawn = (selector) => [...svg.querySelectorAll(selector)].some(
          (el) => Number(el.getAttribute("x")) === x * 10 && Number(el.getAttribute("y")) === y * 10);
        const last = COLUMNS.length - 1;
        const say = (key, fallback) => hint?.dataset[key] || fallback;
        if (svg.querySelector(`.hv-posts [data-at="${x},${y}"]`)) return say("whyPylon", "a pylon stands there");
        if (drawn(".hv-corner rect")) return say("whyCorner", "the corners belong to nobody");
        if (drawn(".hv-swamps rect")) return say("whySwamp", "no pylon stands in a swamp");
        if (x === 0 || x === last) return say("whyBlue", "only Blue builds on the left and right borders");
        if (y === 0 || y === last) return say("whyRed", "only Red builds on the top and bottom borders");
        return say("whyAny", "no pylon can be set here");
      }

      function explain([x, y]) {
        layer.replaceChildren();
        if (hint) { hint.textContent = `${COLUMNS[x]}${y + 1}: ${why(x, y)}.`; hint.classList.add("active"); }
      }

      function cellAt(event) {
        const ctm = svg.getScreenCTM();
        if (!ctm) return null;
        const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
        const x = Math.floor(pt.x / 10), y = Math.floor(pt.y / 10);
        return x >= 0 && y >= 0 && x < COLUMNS.length && y < COLUMNS.length ? [x, y] : null;
      }

      function showCursor([x, y]) {
        const rect = byCell.get(`${x},${y}`);
        if (rect) show(rect, false);
        else explain([x, y]);
        layer.append(element("rect", { class: "hv-cursor", x: x * 10, y: y * 10, width: "10", height: "10" }));
      }

      if (svg && byCell.size) {
        api.gridKeys(svg, {
          width: COLUMNS.length,
          height: COLUMNS.length,
          move: showCursor,
          pick: ([x, y]) => byCell.get(`${x},${y}`)?.dispatchEvent(new MouseEvent("click", { bubbles: true })),
        });
        svg.addEventListener("blur", () => (armed ? show(armed, true) : clear()));
        svg.addEventListener("click", (event) => {
          const cell = target(event) ? null : cellAt(event);
          if (!cell) return;
          event.preventDefault();  // said here: match.js need not
          arm(null);
          explain(cell);
        });
      }

      const target = (event) => event.target.closest?.(".hv-targets [data-move]");
      targets.addEventListener("mouseover", (event) => { const t = target(event); if (t) show(t, t === armed); });
      targets.addEventListener("mouseleave", () => (armed ? show(armed, true) : clear()));
      board.addEventListener("pointerdown", (event) => { pointer = event.pointerType; }, true);
      // Capture phase: runs before match.js, which sends the move on a bubbling click.
      board.addEventListener("click", (event) => {
        const touch = pointer === "touch";
        pointer = "mouse";
        const t = target(event);
        if (!touch) return;
        if (!t) { arm(null); return; }
        if (t !== armed) {
          event.stopPropagation();
          event.preventDefault();
          arm(t);
        }
      }, true);
    },
  });
})();
