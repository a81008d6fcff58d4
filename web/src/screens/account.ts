// The account part of the settings: change the password, keep a verified
// e-mail address (for a password reset), take one's data away, delete the
// account. Every change asks for the current password.
import { api, type Account } from "../api";
import { h } from "../dom";
import { forgetEnded } from "../ended";
import { app, navigate } from "../state";
import { socket } from "../ws";

/** passwordField is a labelled password input with an id. */
function passwordField(id: string, label: string, autocomplete: string): [HTMLElement, HTMLInputElement] {
  const input = h("input", { type: "password", id, autocomplete, minlength: 8, maxlength: 128, required: true });
  return [h("div", { class: "field" }, h("label", { for: id }, label), input), input];
}

/** status is a line that says how a form went, read out as it changes. */
function status(id: string): HTMLElement {
  return h("p", { class: "small", id, role: "status", "aria-live": "polite" });
}

function failed(el: HTMLElement, x: unknown): void {
  el.className = "form-error";
  el.textContent = (x as Error).message;
}

function done(el: HTMLElement, text: string): void {
  el.className = "small";
  el.textContent = text;
}

function passwordForm(): HTMLElement {
  const [curRow, cur] = passwordField("pw-current", "Current password", "current-password");
  const [nextRow, next] = passwordField("pw-new", "New password (8 or more characters)", "new-password");
  const out = status("pw-status");
  const form = h("form", { class: "account-form", id: "pw-form" }, h("h2", null, "Password"),
    curRow, nextRow, out, h("button", { type: "submit", class: "primary" }, "Change password"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await api.changePassword(cur.value, next.value);
      cur.value = next.value = "";
      done(out, "Password changed. Your other sessions were signed out.");
    } catch (x) {
      failed(out, x);
    }
  });
  return form;
}

function emailForm(acc: Account): HTMLElement {
  const box = h("section", { class: "account-form", id: "email-box" }, h("h2", null, "E-mail address"));
  const draw = (a: Account, said = "") => {
    const e = a.email;
    const out = status("email-status");
    if (said) done(out, said);
    const kids: (HTMLElement | string)[] = [h("h2", null, "E-mail address")];
    if (!e.mail) {
      kids.push(h("p", { class: "muted" }, "This server sends no e-mail, so a forgotten password cannot be reset by mail here."));
      box.replaceChildren(...kids);
      return;
    }
    kids.push(h("p", { id: "email-current" }, e.address
      ? ["Verified: ", h("strong", null, e.address), ". A forgotten password can be reset by a link sent there."]
      : "No address yet. With one, a forgotten password can be reset by a link sent to it."));
    if (e.pending) kids.push(h("p", { class: "small", id: "email-pending" }, `A link was sent to ${e.pending}: open it to confirm the address.`));
    const addr = h("input", { type: "email", id: "email-address", autocomplete: "email", required: true, maxlength: 254 });
    const [pwRow, pw] = passwordField("email-pass", "Current password", "current-password");
    const add = h("form", { id: "email-form" },
      h("div", { class: "field" }, h("label", { for: "email-address" }, e.address ? "New address" : "Address"), addr),
      pwRow, h("button", { type: "submit", class: "primary" }, "Send a link to confirm"));
    add.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      try {
        draw(await api.addEmail(addr.value.trim(), pw.value), "Sent. Open the link in the mail to confirm the address.");
      } catch (x) {
        failed(out, x);
      }
    });
    kids.push(add);
    if (e.address || e.pending) {
      const remove = h("button", { type: "button", class: "link danger", id: "email-remove" }, "Remove the address");
      remove.addEventListener("click", async () => {
        try {
          draw(await api.removeEmail(), "The address was removed.");
        } catch (x) {
          failed(out, x);
        }
      });
      kids.push(remove);
    }
    kids.push(out);
    box.replaceChildren(...kids);
  };
  draw(acc);
  return box;
}

function exportPart(): HTMLElement {
  return h("section", { class: "account-form" }, h("h2", null, "Your data"),
    h("p", null, "Download your account, games, chat lines and saves as one JSON file. Games still being played hold only your own moves."),
    h("a", { class: "button", href: "/api/account/export", download: "", id: "export-link" }, "Download my data"));
}

function deleteForm(): HTMLElement {
  const [pwRow, pw] = passwordField("delete-pass", "Current password", "current-password");
  const sure = h("input", { type: "checkbox", id: "delete-sure", required: true });
  const out = status("delete-status");
  const form = h("form", { class: "account-form", id: "delete-form" }, h("h2", null, "Delete the account"),
    h("p", null, "Your password, address, statistics, achievements, saves and chat lines are deleted, and your name is free for anyone to take. " +
      "The games you played stay for the other players, under “deleted player”. Games still being played must end first."),
    pwRow, h("div", { class: "field check" }, sure, h("label", { for: "delete-sure" }, "I understand that this cannot be undone")),
    out, h("button", { type: "submit", class: "danger" }, "Delete my account"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!sure.checked) {
      failed(out, new Error("Tick the box to confirm first."));
      return;
    }
    try {
      await api.deleteAccount(pw.value);
      socket.close();
      forgetEnded();
      app.me = null;
      navigate("/", true, false);
    } catch (x) {
      failed(out, x);
    }
  });
  return form;
}

/** accountSection is the settings' part for an account; a guest is told
 * where to make one. */
export function accountSection(): HTMLElement {
  const box = h("section", { class: "card narrow", id: "account" }, h("h1", null, "Account"));
  if (!app.me || app.me.guest) {
    box.append(h("p", null, "You are playing as a guest. To keep your name with a password, use “Keep this name” on your profile."),
      exportPart());
    return box;
  }
  const wait = h("p", { class: "muted" }, "Loading…");
  box.append(wait);
  api.account().then((acc) => {
    wait.replaceWith(passwordForm(), emailForm(acc), exportPart(), deleteForm());
  }).catch((x: Error) => wait.replaceWith(h("p", { class: "form-error" }, x.message)));
  return box;
}
