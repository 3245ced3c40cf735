// The match chat: lines arrive over the match socket as htmx out-of-band swaps (a new line
// appended to its room's list, a whole room when it opens). This script sends the frames
// that are not forms (opening the spectators' room, muting), switches a player's tabs,
// hides the chat on request (kept in this browser), keeps each list's newest line in sight,
// and shows the refusal of a chat frame under the chat, where it was typed. New lines never
// make the page taller: the list scrolls inside a fixed height (site.css).
(function () {
  "use strict";
  const chat = document.getElementById("chat");
  if (!chat) return;
  let socket = null;
  let room = "player";
  // The reader's own choice (an earlier version wrote "chat-hidden" on every load, chosen or not).
  const KEY = "chat-hide";

  // A refused frame is answered with a short #frame-error (games/live/consumers.py), the reply to
  // the frame before it; until a chat frame is answered, a refusal is the chat's to show.
  const ANSWER_MS = 3000;
  let awaiting = 0;
  const error = chat.querySelector(".chat-error");
  function sent() { awaiting = Date.now() + ANSWER_MS; if (error) error.hidden = true; }

  function send(frame) { if (socket) { sent(); socket.send(JSON.stringify(frame)); } }

  function scrollDown() {
    chat.querySelectorAll(".chat-lines").forEach((list) => { list.scrollTop = list.scrollHeight; });
  }

  // A player reads the players' room; the spectators' one only while its tab is open, and
  // its lines come over the socket only then.
  function showRoom(name) {
    room = name;
    chat.querySelectorAll("[data-chat-tab]").forEach((tab) => tab.setAttribute("aria-selected", String(tab.dataset.chatTab === name)));
    chat.querySelectorAll(".chat-room").forEach((el) => { el.hidden = el.dataset.room !== name; });
    if (chat.querySelector("[data-chat-tab]")) send({ t: name === "spectator" ? "chat_open" : "chat_close", room: "spectator" });
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

  function show(hidden) {
    chat.classList.toggle("hidden", hidden);
    chat.querySelector(".chat-body").hidden = hidden;
    const button = chat.querySelector("[data-chat-hide]");
    button.setAttribute("aria-pressed", String(hidden));
    button.textContent = hidden ? button.dataset.showText : button.dataset.hideText;
  }

  // remember: the reader's own click is kept in this browser.
  function hide(hidden, remember) {
    show(hidden);
    if (remember) localStorage.setItem(KEY, hidden ? "1" : "0");
    seen = lineCount();
    countUnread();
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
      const who = mute.dataset.chatMute;  // the author's alias on this match's page
      chat.querySelectorAll(`.chat-line[data-author="${CSS.escape(who)}"]`).forEach((line) => line.remove());
      send({ t: "chat_mute", alias: who });
      return;
    }
    const unmute = event.target.closest("[data-chat-unmute]");
    if (unmute) send({ t: "chat_unmute", alias: unmute.dataset.chatUnmute });
  });

  document.addEventListener("htmx:wsOpen", (event) => {
    socket = event.detail.socketWrapper;
    if (room === "spectator") send({ t: "chat_open", room: "spectator" });  // a new socket reads it again
  });
  document.addEventListener("htmx:wsClose", () => { socket = null; });
  // A line sent: the field empties for the next one.
  document.addEventListener("htmx:wsAfterSend", (event) => {
    const form = event.target.closest?.(".chat-form");
    if (!form) return;
    form.elements.text.value = "";
    sent();
  });
  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const message = String(event.detail.message);
    if (!error || Date.now() > awaiting || !message.startsWith('<p id="frame-error"')) return;
    awaiting = 0;
    event.preventDefault();
    error.textContent = new DOMParser().parseFromString(message, "text/html").body.textContent;
    error.hidden = false;
  });
  document.addEventListener("htmx:wsAfterMessage", () => { scrollDown(); countUnread(); });

  // Open unless this reader folded it themselves: a crowded board makes room elsewhere
  // (site.css: the players' card scrolls inside, the chat keeps its height).
  hide(localStorage.getItem(KEY) === "1", false);
  scrollDown();
})();
