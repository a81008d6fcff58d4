// The welcome screen: log in, register, or play as a guest.
import { api } from "../api";
import { h } from "../dom";
import { app, signedIn } from "../state";
import { gameCards } from "../gamecards";

/** nameMax is the server's limit on a player's name, in characters. */
const nameMax = 24;

export function welcomeScreen(main: HTMLElement): void {
  type Mode = "guest" | "login" | "register";
  let mode: Mode = "guest";
  const err = h("p", { class: "form-error", role: "alert", id: "auth-error" });
  const name = h("input", { id: "auth-name", name: "name", autocomplete: "username", required: true, "aria-describedby": "auth-error name-help" });
  const pass = h("input", { id: "auth-pass", name: "password", type: "password", autocomplete: "current-password", minlength: 8, maxlength: 128 });
  const passRow = h("div", { class: "field" }, h("label", { for: "auth-pass" }, "Password"), pass,
    h("small", { class: "help" }, "At least 8 characters."));
  const submit = h("button", { type: "submit", class: "primary", id: "auth-submit" }, "Play as a guest");
  const forgot = h("button", { type: "button", class: "link", id: "auth-forgot" }, "Forgot your password?");
  const forgotBox = forgotForm(() => name.value.trim());
  forgot.addEventListener("click", () => {
    forgotBox.hidden = !forgotBox.hidden;
    if (!forgotBox.hidden) forgotBox.querySelector("input")?.focus();
  });
  const tabs: Record<Mode, HTMLButtonElement> = {
    guest: h("button", { type: "button", role: "tab", id: "tab-guest" }, "Play as a guest"),
    login: h("button", { type: "button", role: "tab", id: "tab-login" }, "Log in"),
    register: h("button", { type: "button", role: "tab", id: "tab-register" }, "Register"),
  };
  const setMode = (m: Mode) => {
    mode = m;
    for (const [k, b] of Object.entries(tabs)) b.setAttribute("aria-selected", String(k === m));
    passRow.hidden = m === "guest";
    forgot.hidden = m !== "login";
    if (m !== "login") forgotBox.hidden = true;
    pass.required = m !== "guest";
    pass.autocomplete = m === "register" ? "new-password" : "current-password";
    submit.textContent = m === "guest" ? "Play as a guest" : m === "login" ? "Log in" : "Create account";
    err.textContent = "";
  };
  for (const [k, b] of Object.entries(tabs)) b.addEventListener("click", () => setMode(k as Mode));
  const tooLong = watchNameLength(name, err);
  const form = h("form", { class: "auth", novalidate: true },
    h("div", { role: "tablist", class: "tabs", "aria-label": "How to sign in" }, tabs.guest, tabs.login, tabs.register),
    h("div", { class: "field" }, h("label", { for: "auth-name" }, "Name"), name,
      h("small", { class: "help", id: "name-help" }, "1–24 letters, digits, spaces, _ or -.")),
    passRow, err, submit, forgot);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    const n = name.value.trim();
    if (!n || tooLong()) {
      err.textContent = tooLong() || "Please choose a name.";
      name.focus();
      return;
    }
    if (mode !== "guest" && pass.value.length < 8) {
      err.textContent = "The password needs at least 8 characters.";
      pass.focus();
      return;
    }
    submit.disabled = true;
    try {
      const r = mode === "guest" ? await api.guest(n) : mode === "login" ? await api.login(n, pass.value) : await api.register(n, pass.value);
      signedIn(r.user);
    } catch (x) {
      err.textContent = (x as Error).message;
      submit.disabled = false;
    }
  });
  setMode("guest");
  main.append(
    h("section", { class: "welcome" },
      h("div", { class: "hero" },
        h("h1", null, "Welcome to Parlor"),
        h("p", { class: "lead" }, "Classic turn-based board games: at one screen with a friend, against the computer, or online."),
        gameCards(app.games, false)),
      h("div", { class: "card" }, form, forgotBox)));
  name.focus();
}

/** watchNameLength tells in err a name too long as it is typed or pasted,
 * not cut short without a word (a maxlength would drop the rest
 * silently); it returns the check, which says why a name is too long. */
function watchNameLength(name: HTMLInputElement, err: HTMLElement): () => string {
  const tooLong = (): string => {
    const n = [...name.value.trim()].length;
    return n > nameMax ? `A name has at most ${nameMax} characters; this one has ${n}.` : "";
  };
  name.addEventListener("input", () => {
    const why = tooLong();
    name.setAttribute("aria-invalid", String(why !== ""));
    if (why || err.dataset.long) err.textContent = why;
    err.dataset.long = why ? "1" : "";
  });
  return tooLong;
}

/** forgotForm asks for a name or an e-mail address and has a reset link
 * mailed to the account's verified address. The server answers alike
 * whether or not such an account exists, and so does the form. */
function forgotForm(typedName: () => string): HTMLElement {
  const who = h("input", { id: "forgot-who", autocomplete: "username", required: true, maxlength: 254 });
  const out = h("p", { class: "small", id: "forgot-status", role: "status", "aria-live": "polite" });
  const send = h("button", { type: "submit", class: "primary", id: "forgot-submit" }, "Send me a link");
  const form = h("form", { class: "auth", id: "forgot-form", hidden: true },
    h("h2", null, "Reset your password"),
    h("div", { class: "field" }, h("label", { for: "forgot-who" }, "Your name or e-mail address"), who,
      h("small", { class: "help" }, "A link to choose a new password is sent to the account's confirmed e-mail address.")),
    out, send);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const v = who.value.trim() || typedName();
    if (!v) {
      out.className = "form-error";
      out.textContent = "Give your name or your e-mail address.";
      who.focus();
      return;
    }
    send.disabled = true;
    try {
      const r = await api.forgotPassword(v);
      out.className = "small";
      out.textContent = r.message.charAt(0).toUpperCase() + r.message.slice(1) + ".";
    } catch (x) {
      out.className = "form-error";
      out.textContent = (x as Error).message;
    }
    send.disabled = false;
  });
  return form;
}
