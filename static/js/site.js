// What every page shares. No inline script anywhere: the Content-Security-Policy forbids it,
// and htmx may not evaluate strings (allowEval is off), so behaviour lives here.

// Copy buttons: <button data-copy="#input-id"> copies that input's value (invite and rejoin links);
// what it then says comes translated in its data-copied and data-selected.
document.addEventListener("click", (event) => {
  const copy = event.target.closest("[data-copy]");
  if (!copy) return;
  const input = document.querySelector(copy.dataset.copy);
  input.select();  // left selected, so a refused clipboard leaves the link ready to copy by hand
  const said = (text) => { copy.textContent = text; };
  const selected = () => said(copy.dataset.selected);
  if (!navigator.clipboard) return selected();
  navigator.clipboard.writeText(input.value).then(() => said(copy.dataset.copied), selected);
});

// Polls marked data-when-visible (the lobby's lists, a match's presence) skip while the tab
// is hidden: htmx's trigger filters would need eval.
document.addEventListener("htmx:beforeRequest", (event) => {
  if (document.hidden && event.detail.elt.hasAttribute("data-when-visible")) event.preventDefault();
});
