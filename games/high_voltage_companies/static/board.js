// High Voltage (power companies): builds the mover's moves from the cards on the board.
// The full move list (up to ~35,000 swaps) is never printed; the server checks every move.
// Action: click a face-up card (turn it with the arrows, move it into the gap, or click a
// second card to swap); reveals, declarations, double and end are plain data-move clicks.
(function () {
  "use strict";
  let memo = { key: null, s: null };

  const at = (text) => text.split(",").map(Number);
  const same = (a, b) => a !== null && b !== null && a === b;

  function init(board, api) {
    const root = board.querySelector(".hvc.hvc-mover");
    if (!root || board.hvcReady) return;
    board.hvcReady = true;
    const phase = root.dataset.phase;
    const key = `${board.dataset.ply}:${phase}`;
    if (memo.key !== key) memo = { key, s: { a: null, b: null, rotA: 0, rotB: 0, special: false, to: root.dataset.handFrom || null, rot: 0 } };
    const s = memo.s;
    const frame = 76, cell = 80;
    const card = (where) => board.querySelector(`.hvc-card.up[data-at="${where}"]`);
    const rotOf = (where) => Number(card(where).dataset.rot);
    const isDanger = (where) => card(where).dataset.danger === "1";
    const newRots = (where) => (card(where).dataset.new || "").split(",").filter(Boolean).map(Number);
    const actions = Number(root.dataset.actions || 0);
    const specialLeft = root.dataset.special === "1";
    const xy = (where) => { const [r, c] = at(where); return [frame + c * cell, frame + r * cell]; };
    const hint = root.querySelector("[data-hint]");
    const firstHint = hint ? hint.innerHTML : ""; // as the server wrote it, in the viewer's language
    const words = root.querySelector("[data-words]")?.dataset || {}; // board.html, same language
    const say = (key, fallback) => words[key] || fallback;

    function place(el, where, turn) {
      const [x, y] = xy(where);
      el.style.transform = `translate(${x}px, ${y}px)`;
      el.querySelector(".hvc-face").style.transform = `rotate(${90 * turn}deg)`;
    }

    function canPay(cards) {
      if (s.special) return specialLeft;
      return actions > 0 && !cards.some(isDanger);
    }

    function why(cards) {
      if (s.special) return specialLeft ? "" : say("specialUsed", "Your special chip is used up.");
      if (actions === 0) {
        return specialLeft
          ? say("noActionsTick", "You have no action chips left: tick “use my special chip”.")
          : say("noActions", "You have no action chips left.");
      }
      if (cards.some(isDanger)) return say("dangerSpecial", "A DANGER card moves only with the special chip.");
      return "";
    }

    function show(selector, visible) {
      const el = root.querySelector(selector);
      if (el) el.hidden = !visible;
      return el;
    }

    function renderAction() {
      board.querySelectorAll(".hvc-card.up[data-pick]").forEach((el) => {
        el.style.transform = "";
        el.querySelector(".hvc-face").style.transform = "";
        el.classList.remove("picked", "picked-b");
      });
      const gap = board.querySelector("[data-gap-slot]");
      if (gap) gap.classList.toggle("move-target", s.a !== null && s.b === null);
      show("[data-tools]", s.a !== null);
      if (s.a === null) {
        hint.innerHTML = firstHint;
        return;
      }
      const A = card(s.a);
      A.classList.add("picked");
      const toggle = root.querySelector("[data-special-toggle]");
      if (toggle) toggle.checked = s.special;
      show('[data-rot-for="b"]', s.b !== null);
      root.querySelector('[data-rot-label="a"]').textContent = s.b === null ? say("rotTurn", "Turn") : say("rotCard1", "Card 1");
      const rotate = show('[data-do="rotate"]', s.b === null);
      const move = show('[data-do="move"]', s.b === null);
      const swap = show('[data-do="swap"]', s.b !== null);
      let text;
      if (s.b === null) {
        place(A, s.a, s.rotA - rotOf(s.a));
        const fresh = newRots(s.a).includes(s.rotA);
        rotate.disabled = isDanger(s.a) || !fresh || s.special;
        move.disabled = !canPay([s.a]);
        if (isDanger(s.a)) text = say("dangerNoTurn", "DANGER cards cannot be turned in place.");
        else if (!newRots(s.a).length) text = say("sameLook", "This card looks the same in every rotation: it cannot be turned.");
        else if (!fresh) text = say("chooseLook", "Use ↺ ↻ to choose a new look, then “Turn it”.");
        else text = say("turnFree", "Turn it like this for free, or move it into the gap.");
        const cost = why([s.a]);
        text += " " + (cost || (s.special ? say("movingSpecial", "Moving spends your special chip.") : say("movingAction", "Moving spends an action chip.")));
        text += " " + say("orSwap", "Or click a second face-up card to swap them.");
      } else {
        const B = card(s.b);
        B.classList.add("picked-b");
        place(A, s.b, s.rotA - rotOf(s.a));
        place(B, s.a, s.rotB - rotOf(s.b));
        swap.disabled = !canPay([s.a, s.b]);
        text = say("swapPreview", "Preview of the swap: turn either card, then “Swap the two cards”.") + " " +
          (why([s.a, s.b]) || (s.special ? say("spendsSpecial", "This spends your special chip.") : say("spendsAction", "This spends an action chip.")));
      }
      hint.textContent = text;
    }

    function renderPlace() {
      const hand = board.querySelector("[data-hand-card]");
      if (!hand) return;
      place(hand, s.to, s.rot);
      board.querySelectorAll("[data-place]").forEach((el) => el.classList.toggle("chosen", el.dataset.place === s.to));
      const button = root.querySelector('[data-do="place"]');
      if (button) button.textContent = s.to === root.dataset.gap ? say("placeGap", "Place the card in the gap") : say("placeOwn", "Place the card on its own place");
    }

    function render() {
      if (phase === "action") renderAction();
      else if (phase === "place") renderPlace();
    }

    const extra = () => (s.special ? { special: true } : {});

    function act(what) {
      if (what === "cancel") { s.a = s.b = null; s.special = false; return render(); }
      if (what === "rotate") return api.sendMove({ type: "rotate", at: at(s.a), rotation: s.rotA });
      if (what === "move") return api.sendMove({ type: "move", from: at(s.a), rotation: s.rotA, ...extra() });
      if (what === "place") return api.sendMove({ type: "place", to: at(s.to), rotation: s.rot });
      if (what === "swap") {
        const [ra, ca] = at(s.a), [rb, cb] = at(s.b);
        const first = ra * 7 + ca < rb * 7 + cb;
        const move = first
          ? { type: "swap", a: at(s.a), b: at(s.b), rotations: [s.rotA, s.rotB] }
          : { type: "swap", a: at(s.b), b: at(s.a), rotations: [s.rotB, s.rotA] };
        return api.sendMove({ ...move, ...extra() });
      }
    }

    function pick(where) {
      if (same(where, s.a)) { s.a = s.b = null; }
      else if (same(where, s.b)) { s.b = null; }
      else if (s.a === null) { s.a = where; s.rotA = rotOf(where); }
      else { s.b = where; s.rotB = rotOf(where); }
      render();
    }

    board.addEventListener("click", (event) => {
      const t = event.target;
      const picked = t.closest("[data-pick]");
      if (picked) return pick(picked.dataset.at);
      const slot = t.closest("[data-place]");
      if (slot) { s.to = slot.dataset.place; return render(); }
      if (t.closest("[data-gap-slot]") && phase === "action" && s.a !== null && s.b === null) {
        if (canPay([s.a])) return act("move");
        hint.textContent = why([s.a]);
        return;
      }
      const rot = t.closest("[data-rot]");
      if (rot) {
        const step = Number(rot.dataset.step);
        if (rot.dataset.rot === "a") s.rotA = (s.rotA + step + 4) % 4;
        else if (rot.dataset.rot === "b") s.rotB = (s.rotB + step + 4) % 4;
        else s.rot = (s.rot + step + 4) % 4;
        return render();
      }
      const button = t.closest("[data-do]");
      if (button && !button.disabled) act(button.dataset.do);
    });
    board.addEventListener("change", (event) => {
      if (event.target.matches("[data-special-toggle]")) { s.special = event.target.checked; render(); }
    });
    board.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && event.target.matches?.("[data-pick], [data-place], [data-gap-slot]")) {
        event.preventDefault();
        event.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      }
    });
    const lines = board.querySelectorAll("[data-line-button]");
    lines.forEach((button) => {
      const path = board.querySelector(`.hvc-line[data-line="${button.dataset.lineButton}"]`);
      const hot = (on) => path && path.classList.toggle("hot", on);
      button.addEventListener("mouseenter", () => hot(true));
      button.addEventListener("mouseleave", () => hot(false));
      button.addEventListener("focus", () => hot(true));
      button.addEventListener("blur", () => hot(false));
    });
    render();
  }

  function register() { window.GameTable.register("high-voltage-companies", { init }); }
  if (window.GameTable) register();
  else document.addEventListener("DOMContentLoaded", register);
})();
