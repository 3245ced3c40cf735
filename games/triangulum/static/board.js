// Triangulum: build moves by clicking the point grid, preview triangles (phones zoom with
// the table's own zoom, static/js/match.js).
//
// The server draws the grid with patterns, so a click is mapped to the nearest grid point.
// Place: click the open point, then the secret point (may be the same), then Confirm.
// Triangulate: click three of your open points; the preview below uses the same integer
// geometry as games/triangulum/geometry.py, on the open board only. Confirm sends it.
// window.TriangulumPreview(points, view) is that preview, for tests and the curious.
// From the keyboard, the focused board has a cursor point: arrow keys move it, Enter or
// Space clicks it.
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";

  // ---- geometry: a port of games/triangulum/geometry.py (ints only) ----
  function cross(a, b, c) { return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]); }
  function collinear(a, b, c) { return cross(a, b, c) === 0; }
  function inTriangle(p, a, b, c) {
    const d1 = cross(a, b, p), d2 = cross(b, c, p), d3 = cross(c, a, p);
    return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
  }
  function onSegment(p, a, b) {
    return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) &&
      Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
  }
  function segmentsMeet(a, b, c, d) {
    const d1 = cross(a, b, c), d2 = cross(a, b, d), d3 = cross(c, d, a), d4 = cross(c, d, b);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
    return (d1 === 0 && onSegment(c, a, b)) || (d2 === 0 && onSegment(d, a, b)) ||
      (d3 === 0 && onSegment(a, c, d)) || (d4 === 0 && onSegment(b, c, d));
  }
  function trianglesMeet(t, u) {
    const xs = (q) => q.map((p) => p[0]), ys = (q) => q.map((p) => p[1]);
    if (Math.max(...xs(t)) < Math.min(...xs(u)) || Math.max(...xs(u)) < Math.min(...xs(t)) ||
      Math.max(...ys(t)) < Math.min(...ys(u)) || Math.max(...ys(u)) < Math.min(...ys(t))) return false;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        if (segmentsMeet(t[i], t[(i + 1) % 3], u[j], u[(j + 1) % 3])) return true;
      }
    }
    return inTriangle(t[0], u[0], u[1], u[2]) || inTriangle(u[0], t[0], t[1], t[2]);
  }
  function floorDiv(a, b) { // b > 0, exact for ints
    let q = Math.floor(a / b);
    while (q * b > a) q -= 1;
    while ((q + 1) * b <= a) q += 1;
    return q;
  }
  function helperArea(a, b, c) {
    const v = [a, b, c].map((p) => [2 * p[0], 2 * p[1]]);
    const edges = [[v[0], v[1]], [v[1], v[2]], [v[2], v[0]]];
    const low = Math.min(v[0][1], v[1][1], v[2][1]), high = Math.max(v[0][1], v[1][1], v[2][1]);
    let count = 0;
    for (let row = low + 1; row < high; row += 2) {
      const hits = [];
      for (const [[px, py], [qx, qy]] of edges) {
        if ((py < row && row < qy) || (qy < row && row < py)) {
          let num = px * (qy - py) + (row - py) * (qx - px), den = qy - py;
          if (den < 0) { num = -num; den = -den; }
          hits.push([num, den]);
        }
      }
      let [[n1, d1], [n2, d2]] = hits;
      if (n1 * d2 > n2 * d1) [[n1, d1], [n2, d2]] = [[n2, d2], [n1, d1]];
      const first = -floorDiv(d1 - n1, 2 * d1), last = floorDiv(n2 - d2, 2 * d2);
      if (last >= first) count += last - first + 1;
    }
    return count;
  }
  const fmt = (p) => `(${p[0]},${p[1]})`;
  const key = (p) => `${p[0]},${p[1]}`;

  // Mirrors engine.triangle_problem / triangle_preview: public information only.
  function preview(points, view) {
    if (!Array.isArray(points) || points.length !== 3) {
      return { valid: false, area: 0, reason: "A triangle needs a list of exactly three points [x, y]." };
    }
    const tri = points.map((p) => [Number(p[0]), Number(p[1])]);
    if (new Set(tri.map(key)).size < 3) return { valid: false, area: 0, reason: "A triangle needs three different points." };
    const [a, b, c] = tri;
    const area = collinear(a, b, c) ? 0 : helperArea(a, b, c);
    const seat = view.seat;
    if (seat !== 0 && seat !== 1) return { valid: false, area, reason: "Only a player can triangulate." };
    const own = new Set(view.points[seat].map(key));
    const fail = (reason) => ({ valid: false, area, reason });
    for (const p of tri) if (!own.has(key(p))) return fail(`${fmt(p)} is not one of your points on the board.`);
    if (collinear(a, b, c)) return fail("The three points lie on one line.");
    for (const q of view.points[1 - seat]) {
      if (inTriangle(q, a, b, c)) return fail(`Your opponent's point ${fmt(q)} lies inside the triangle or on its edge.`);
    }
    for (const list of view.triangles) {
      for (const t of list) {
        if (trianglesMeet(tri, t.points || t)) return fail("The triangle would touch, cross or contain a scored triangle.");
      }
    }
    return { valid: true, area, reason: "" };
  }
  window.TriangulumPreview = preview;

  // ---- the board UI ----
  const ui = { ply: null, mode: "place", picks: [] };

  function element(name, attrs, text) {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    return el;
  }

  GameTable.register("triangulum", {
    init(board, api) {
      const svg = board.querySelector("svg.triangulum");
      const dataEl = board.querySelector("#tg-data");
      if (!svg || !dataEl || svg.dataset.tgReady) return;
      svg.dataset.tgReady = "1";
      const data = JSON.parse(dataEl.textContent);
      const U = data.unit, H = data.height, W = data.width;
      const layer = svg.querySelector(".tg-ui");
      const controls = board.querySelector(".tg-controls");
      const step = board.querySelector(".tg-step");
      const previewText = board.querySelector(".tg-preview");
      const confirm = board.querySelector(".tg-confirm");
      const cancel = board.querySelector(".tg-cancel");
      // The words come from the controls' data-* (board.html), in the viewer's language; the
      // preview's reasons stay the engine's English and are put in those words here.
      const say = (key, fallback, values = {}) =>
        Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), controls?.dataset[key] || fallback);
      const REASONS = [
        [/^Only a player can triangulate\.$/, "whyPlayer"],
        [/^(\(\d+,\d+\)) is not one of your points on the board\.$/, "whyNotYours"],
        [/^The three points lie on one line\.$/, "whyLine"],
        [/^Your opponent's point (\(\d+,\d+\)) lies inside the triangle or on its edge\.$/, "whyInside"],
        [/^The triangle would touch, cross or contain a scored triangle\.$/, "whyMeets"],
      ];
      function reasonWords(reason) {
        for (const [pattern, key] of REASONS) {
          const m = reason.match(pattern);
          if (m) return say(key, reason, { p: m[1] || "" });
        }
        return reason;
      }
      const canMove = Boolean(controls);
      const own = canMove ? new Set(data.points[data.seat].map(key)) : new Set();
      const fixed = new Set(data.fixed.map(key));
      let hover = null;

      if (ui.ply !== board.dataset.ply) {
        Object.assign(ui, { ply: board.dataset.ply, mode: "place", picks: [] });
      }

      const sx = (p) => p[0] * U, sy = (p) => (H - 1 - p[1]) * U;

      function nearest(event) {
        const ctm = svg.getScreenCTM();
        if (!ctm) return null;
        const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
        const x = Math.round(pt.x / U), y = H - 1 - Math.round(pt.y / U);
        if (x < 0 || x >= W || y < 0 || y >= H) return null;
        return [x, y];
      }

      function mark(p, cls, r) {
        return element("circle", { class: cls, cx: sx(p), cy: sy(p), r });
      }

      function draw() {
        if (!layer) return;
        layer.replaceChildren();
        if (hover && canMove) layer.append(mark(hover, "tg-hover", 4.2));
        const picks = ui.picks;
        if (ui.mode === "place") {
          if (picks[0]) layer.append(mark(picks[0], `tg-pick-open seat-${data.seat}`, 3.2));
          if (picks[1]) {
            const p = picks[1];
            layer.append(element("path", { class: `tg-pick-secret seat-${data.seat}`, d: `M${sx(p)} ${sy(p) - 5}l5 5-5 5-5-5z` }));
          }
        } else if (picks.length) {
          const result = picks.length === 3 ? preview(picks, data) : null;
          const state = result ? (result.valid ? "ok" : "bad") : "open";
          if (picks.length >= 2) {
            const pts = picks.map((p) => `${sx(p)},${sy(p)}`).join(" ");
            layer.append(element(picks.length === 3 ? "polygon" : "polyline", { class: `tg-pv ${state}`, points: pts }));
          }
          if (result && result.area) {
            const cx = picks.reduce((s, p) => s + sx(p), 0) / 3, cy = picks.reduce((s, p) => s + sy(p), 0) / 3;
            layer.append(element("text", { class: `tg-pv-area ${state}`, x: cx, y: cy }, String(result.area)));
          }
          for (const p of picks) layer.append(mark(p, "tg-pick-vertex", 4.6));
        }
      }

      function refreshControls(message) {
        if (!controls) return;
        controls.querySelectorAll("[data-mode]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.mode === ui.mode)));
        controls.dataset.mode = ui.mode;
        const picks = ui.picks;
        let text, ready = false, info = "", infoClass = "";
        if (ui.mode === "place") {
          if (!picks.length) text = say("step1", "1/2 choose your open point");
          else if (picks.length === 1) text = say("step2", "2/2 choose your secret point (only you will see it) — open point {p}", { p: fmt(picks[0]) });
          else {
            text = say("step3", "Open point {p}, secret point {q}: confirm, or click another secret point", { p: fmt(picks[0]), q: fmt(picks[1]) });
            ready = true;
          }
        } else {
          text = picks.length < 3
            ? say("triPick", "Triangulate: click three of your open points ({n}/3)", { n: picks.length })
            : say("triChosen", "Triangle chosen: confirm to triangulate");
          if (picks.length === 3) {
            const r = preview(picks, data);
            ready = r.valid;
            info = r.valid
              ? say("valid", "Area {area} — valid on the open board. The reveal of the secret points may still spoil it.", { area: r.area })
              : r.area
                ? say("invalidArea", "Not valid: {reason} (area {area})", { reason: reasonWords(r.reason), area: r.area })
                : say("invalid", "Not valid: {reason}", { reason: reasonWords(r.reason) });
            infoClass = r.valid ? "ok" : "bad";
          }
        }
        if (message) { info = message; infoClass = "bad"; }
        step.textContent = text;
        previewText.textContent = info;
        previewText.className = `tg-preview ${infoClass}`;
        confirm.disabled = !ready;
        confirm.textContent = ui.mode === "place" ? say("confirmPlace", "Confirm place") : say("confirmTriangle", "Confirm triangle");
        cancel.disabled = !picks.length;
        draw();
      }

      function pick(p) {
        const k = key(p);
        if (ui.mode === "place") {
          if (!ui.picks.length) {
            if (fixed.has(k)) { refreshControls(say("cornerFixed", "{p} is a corner of a scored triangle: no point may be set there.", { p: fmt(p) })); return; }
            ui.picks = [p];
          } else {
            ui.picks = [ui.picks[0], p];
          }
        } else {
          const i = ui.picks.findIndex((q) => key(q) === k);
          if (i >= 0) ui.picks.splice(i, 1);
          else if (!own.has(k)) { refreshControls(say("notOpen", "{p} is not one of your open points.", { p: fmt(p) })); return; }
          else if (ui.picks.length >= 3) { refreshControls(say("threeChosen", "Three points are chosen: click one of them to drop it, or confirm.")); return; }
          else ui.picks.push(p);
        }
        refreshControls();
      }

      svg.addEventListener("click", (event) => {
        const p = nearest(event);
        if (!p || !canMove) return;
        event.preventDefault();  // handled here: match.js need not say why
        pick(p);
      });
      svg.addEventListener("pointermove", (event) => {
        if (!canMove || event.pointerType === "touch") return;
        const p = nearest(event);
        if ((p && key(p)) !== (hover && key(hover))) { hover = p; draw(); }
      });
      svg.addEventListener("pointerleave", () => { hover = null; draw(); });

      if (canMove) {
        api.gridKeys(svg, {
          width: W,
          height: H,
          yUp: true,
          move(p) {
            hover = p;
            draw();
          },
          pick,
        });
      }

      if (controls) {
        controls.querySelectorAll("[data-mode]").forEach((b) => b.addEventListener("click", () => {
          if (ui.mode !== b.dataset.mode) { ui.mode = b.dataset.mode; ui.picks = []; }
          refreshControls();
        }));
        cancel.addEventListener("click", () => { ui.picks = []; refreshControls(); });
        confirm.addEventListener("click", () => {
          const picks = ui.picks;
          if (ui.mode === "place" && picks.length === 2) {
            api.sendMove({ type: "place", open: picks[0], secret: picks[1] });
          } else if (ui.mode === "triangulate" && picks.length === 3 && preview(picks, data).valid) {
            api.sendMove({ type: "triangulate", points: picks });
          }
        });
        refreshControls();
      }
    },
  });
})();
