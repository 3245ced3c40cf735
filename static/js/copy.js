// Copy buttons: <button data-copy="#input-id"> copies that input's value (invite and rejoin links).
document.addEventListener("click", (event) => {
  const copy = event.target.closest("[data-copy]");
  if (!copy) return;
  const input = document.querySelector(copy.dataset.copy);
  input.select();
  navigator.clipboard?.writeText(input.value);
  copy.textContent = "Copied";
});
