// The match chat: lines arrive over the match socket as htmx out-of-band swaps (a new line
// appended to its room's list, a whole room when it opens). This script sends the frames
// that are not forms (opening the spectators' room, muting), switches a player's tabs,
// hides the chat on request (kept in this browser) and keeps each list's newest line in sight.
(function () {
  "use strict";
  const chat = document.getElementById("chat");
  if (!chat) return;
  let socket = null;
  let room = "player";
  // The reader's own choice (an earlier version wrote "chat-hidden" on every load, chosen or not).
  const KEY = "chat-hide";

  function send(frame) { if (socket) socket.send(JSON.stringify(frame)); }

  function scrollDown() {
    chat.querySelectorAll(".chat-lines").forEach((list) => { list.scrollTop = list.scrollHeight; });
  }

  // A player reads the players' room; the spectators' one only while its tab is open, and
  // its lines come over the socket only then.
  function showRoom(name) {
    room = name;
    chat.querySelectorAll("[data-chat-tab]").forEach((tab) => tab.setAttribute("aria-selected", String(tab.dataset.chatTab === name)));
    chat.querySelectorAll(".chat-room").forEach((el) => { el.hidden = el.dataset.room !== name; });
    if (chat.querySelector("[data-chat-tab]")) send(name === "spectator" ? { chat_room_open: "spectator" } : { chat_room_close: "spectator" });
    scrollDown();
  }

  // Lines said while the chat is folded are counted beside its title.
  const unread = chat.querySelector(".chat-unread");
  let seen = 0;
  function lineCount() { return chat.querySelectorAll(".chat-line").length; }
  function countUnread() {
    if (!unread) return;
    const fresh = chat.classList.contains("hidden") ? lineCount() - seen : 0;
    unread.hidden = fresh <= 0;
    unread.textContent = fresh > 0 ? `(${fresh})` : "";
  }

  // remember: only the reader's own click is kept in this browser; folding because the page
  // would not fit is not.
  function hide(hidden, remember) {
    chat.classList.toggle("hidden", hidden);
    chat.querySelector(".chat-body").hidden = hidden;
    const button = chat.querySelector("[data-chat-hide]");
    button.setAttribute("aria-pressed", String(hidden));
    button.textContent = hidden ? button.dataset.showText : button.dataset.hideText;
    if (remember) localStorage.setItem(KEY, hidden ? "1" : "0");
    seen = lineCount();
    countUnread();
  }

  // Beside the board (a desktop screen), the match fits one screen: until the reader chose,
  // the chat folds to its title line whenever the page would otherwise scroll.
  const beside = window.matchMedia("(min-width: 900px)");
  function foldIfCrowded() {
    if (localStorage.getItem(KEY) !== null || chat.classList.contains("hidden")) return;
    const root = document.documentElement;
    if (beside.matches && root.scrollHeight > root.clientHeight) hide(true, false);
  }

  const hideButton = chat.querySelector("[data-chat-hide]");
  hideButton.dataset.hideText = hideButton.textContent;
  hideButton.dataset.showText = hideButton.dataset.showLabel || "Show chat";

  chat.addEventListener("click", (event) => {
    const tab = event.target.closest("[data-chat-tab]");
    if (tab) { showRoom(tab.dataset.chatTab); return; }
    if (event.target.closest("[data-chat-hide]")) { hide(!chat.classList.contains("hidden"), true); return; }
    const mute = event.target.closest("[data-chat-mute]");
    if (mute) {
      const who = mute.dataset.chatMute;
      chat.querySelectorAll(`.chat-line[data-author="${CSS.escape(who)}"]`).forEach((line) => line.remove());
      send({ chat_mute: who });
      return;
    }
    const unmute = event.target.closest("[data-chat-unmute]");
    if (unmute) send({ chat_unmute: unmute.dataset.chatUnmute });
  });

  document.addEventListener("htmx:wsOpen", (event) => {
    socket = event.detail.socketWrapper;
    if (room === "spectator") send({ chat_room_open: "spectator" });  // a new socket reads it again
  });
  document.addEventListener("htmx:wsClose", () => { socket = null; });
  // A line sent: the field empties for the next one.
  document.addEventListener("htmx:wsAfterSend", (event) => {
    const form = event.target.closest?.(".chat-form");
    if (form) form.elements.chat.value = "";
  });
  document.addEventListener("htmx:wsAfterMessage", () => { scrollDown(); countUnread(); foldIfCrowded(); });

  hide(localStorage.getItem(KEY) === "1", false);
  foldIfCrowded();
  scrollDown();
})();
