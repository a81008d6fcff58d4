// The pages mailed links open, signed in or not: choosing a new password
// (a reset link) and confirming an e-mail address (a verification link).
import { api } from "../api";
import { h } from "../dom";
import { signedIn } from "../state";
import { mainControl } from "../screenfocus";

export function resetScreen(main: HTMLElement, params: string[]): void {
  const token = params[0];
  const [row, pw] = [h("div", { class: "field" }, h("label", { for: "reset-pass" }, "New password (8 or more characters)")),
    h("input", { type: "password", id: "reset-pass", autocomplete: "new-password", minlength: 8, maxlength: 128, required: true, [mainControl]: true })];
  row.append(pw);
  const err = h("p", { class: "form-error", role: "alert", id: "reset-error" });
  const submit = h("button", { type: "submit", class: "primary", id: "reset-submit" }, "Set the password and sign in");
  const form = h("form", { class: "auth", id: "reset-form" }, row, err, submit);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    if (pw.value.length < 8) {
      err.textContent = "The password needs at least 8 characters.";
      pw.focus();
      return;
    }
    submit.disabled = true;
    try {
      const r = await api.resetPassword(token, pw.value);
      // The lobby, not this page again: the link is used.
      sessionStorage.removeItem("parlor.next");
      history.replaceState(null, "", "/");
      signedIn(r.user);
    } catch (x) {
      err.textContent = (x as Error).message;
      submit.disabled = false;
    }
  });
  main.append(h("section", { class: "card narrow" }, h("h1", null, "Choose a new password"),
    h("p", null, "Every session of the account is signed out when the password changes."), form));
}

export function verifyEmailScreen(main: HTMLElement, params: string[]): void {
  const said = h("p", { id: "verify-status", role: "status" }, "Confirming the address…");
  main.append(h("section", { class: "card narrow" }, h("h1", null, "E-mail address"), said,
    h("a", { href: "/", "data-nav": true, class: "button", [mainControl]: true }, "Go to Parlor")));
  api.verifyEmail(params[0]).then((r) => {
    said.textContent = `${r.address} is now the e-mail address of ${r.name}.`;
  }).catch((x: Error) => {
    said.className = "form-error";
    said.textContent = x.message;
  });
}
