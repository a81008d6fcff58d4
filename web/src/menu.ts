// The top menu's button on a narrow screen: the menu and who is signed in
// fold behind it, so that the bar takes one line (at most 56 px) above a
// board on a phone. On wider screens the button is not shown (app.css).

/** menuButton opens and closes the rest of the top bar. */
export function menuButton(): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "menu-toggle";
  b.id = "menu-toggle";
  b.textContent = "Menu";
  b.setAttribute("aria-expanded", "false");
  b.addEventListener("click", () => {
    const bar = b.closest(".topbar");
    const open = !bar?.classList.contains("menu-open");
    bar?.classList.toggle("menu-open", open);
    b.setAttribute("aria-expanded", String(open));
  });
  return b;
}
