// The lobby's creation forms: a seat the chosen number of players does not have is not
// offered (a 2-player power-companies match has no Tesla), and a link to #game-<slug>
// (the finished board's "New match") opens that game's form.
(function () {
  "use strict";

  function followPlayers(form) {
    const players = form.querySelector("[data-players]");
    const seats = form.querySelector("[data-seats]");
    if (!players || !seats) return;
    for (const option of seats.querySelectorAll("[data-needs]")) {
      const missing = Number(option.dataset.needs) > Number(players.value);
      option.hidden = option.disabled = missing;
      if (missing && option.selected) seats.value = "random";
    }
  }

  function openFromHash() {
    const card = location.hash.startsWith("#game-") && document.getElementById(location.hash.slice(1));
    const details = card?.querySelector?.("details.new-match");
    if (details) details.open = true;
  }

  document.addEventListener("change", (event) => {
    if (event.target.matches("[data-players]")) followPlayers(event.target.form);
  });
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("form.create").forEach(followPlayers);
    openFromHash();
  });
  window.addEventListener("hashchange", openFromHash);
})();
