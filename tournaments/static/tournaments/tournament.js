// A tournament's page: the countdown, the socket's quiet-time sync, and "your next match":
// when a push brings the player a match they were not shown before, the page goes to it.
// The create form: only the fields of the chosen format, and the browser's time zone.
(() => {
  const page = document.querySelector(".tournament-page");
  if (page) {
    const offset = Number(page.dataset.serverNow || Date.now()) - Date.now();
    const you = () => document.getElementById("tournament-you");
    let shownMatch = you() ? you().dataset.match || "" : "";
    let socket = null;
    let lastMessage = Date.now();

    const tick = () => {
      for (const el of document.querySelectorAll("[data-countdown-at]")) {
        const left = Math.max(0, Math.round((Number(el.dataset.countdownAt) - (Date.now() + offset)) / 1000));
        const d = Math.floor(left / 86400), h = Math.floor((left % 86400) / 3600);
        const m = Math.floor((left % 3600) / 60), s = left % 60;
        let text = (h || d ? `${h}:${String(m).padStart(2, "0")}` : `${m}`) + `:${String(s).padStart(2, "0")}`;
        // A correspondence round lasts days: "6 days 23:59:00", not "167:59:00".
        if (d) text = `${d} ${d === 1 ? el.dataset.day : el.dataset.days} ${text}`;
        const out = el.querySelector(".countdown-left");
        if (out && out.textContent !== text) out.textContent = text;
      }
    };
    tick();
    setInterval(tick, 1000);

    document.addEventListener("htmx:wsOpen", (event) => { socket = event.detail.socketWrapper; });
    document.addEventListener("htmx:wsAfterMessage", () => {
      lastMessage = Date.now();
      tick();
      const box = you();
      const match = box ? box.dataset.match || "" : "";
      if (match && match !== shownMatch) window.location.assign(match);
      shownMatch = match;
    });
    setInterval(() => {
      const live = document.getElementById("tournament-live");
      if (!socket || !live || Date.now() - lastMessage < Number(page.dataset.syncSeconds) * 1000) return;
      lastMessage = Date.now();
      socket.send(JSON.stringify({ t: "sync", version: Number(live.dataset.version) }));
    }, 1000);
  }

  const form = document.getElementById("tournament-form");
  if (form) {
    const show = () => {
      const format = form.querySelector("input[name=format]:checked");
      for (const el of form.querySelectorAll("[data-for-format]")) {
        el.hidden = !format || el.dataset.forFormat !== format.value;
      }
      // Days per round only with a correspondence clock ("3d"): beside "5+3" it puzzled.
      const days = /d$/.test(form.querySelector("select[name=time_control]").value);
      for (const el of form.querySelectorAll("[data-for-days]")) el.hidden = !days;
    };
    form.addEventListener("change", show);
    show();
    const minutes = -new Date().getTimezoneOffset();
    form.querySelector("[data-tz-minutes]").value = String(Math.abs(minutes));
    form.querySelector("[data-tz-sign]").value = minutes < 0 ? "-" : "+";
  }
})();
