// Settings: sound and reduced motion, kept in localStorage; notices to
// this browser when the player is not looking, and which ones, kept by
// the server; and the account (account.ts).
import { h } from "../dom";
import { mailSettings, noticeKinds, noticePrefs, pushState, subscribe, unsubscribe, type MailSettings, type NoticePref, type PushState } from "../notify";
import { saveSettings, settings } from "../settings";
import { play } from "../sound";
import { accountSection } from "./account";

export function settingsScreen(main: HTMLElement): void {
  const sound = h("input", { type: "checkbox", id: "set-sound", checked: settings.sound });
  const motion = h("input", { type: "checkbox", id: "set-motion", checked: settings.reducedMotion });
  const saved = h("p", { class: "small muted", "aria-live": "polite" });
  sound.addEventListener("change", () => {
    settings.sound = sound.checked;
    saveSettings();
    if (settings.sound) play("box");
    saved.textContent = "Saved.";
  });
  motion.addEventListener("change", () => {
    settings.reducedMotion = motion.checked;
    saveSettings();
    saved.textContent = "Saved.";
  });
  main.append(h("section", { class: "card narrow" }, h("h1", null, "Settings"),
    h("div", { class: "field check" }, sound, h("label", { for: "set-sound" }, "Sound effects")),
    h("div", { class: "field check" }, motion, h("label", { for: "set-motion" }, "Reduce motion (no animations)")),
    saved, h("p", { class: "small muted" }, "These settings are kept in this browser."),
    noticesSection()), accountSection());
}

/** noticesSection is the switch for notices on this device, the
 * address for notices by mail, and, per kind and way, whether the player
 * is told of it. */
function noticesSection(): HTMLElement {
  const device = h("input", { type: "checkbox", id: "set-push" });
  const state = h("p", { class: "small muted", id: "set-push-state", "aria-live": "polite" });
  const show = (s: PushState) => {
    device.checked = s === "on";
    device.disabled = s === "unsupported" || s === "denied";
    state.textContent = {
      unsupported: "This browser cannot show notices from Parlor.",
      denied: "Notices are blocked for Parlor in this browser's site settings; allow them there to turn this on.",
      on: "This device shows a notice when it is your move and you are not looking.",
      off: "This device shows no notices.",
    }[s];
  };
  device.addEventListener("change", async () => {
    device.disabled = true;
    try {
      show(device.checked ? await subscribe() : await unsubscribe());
    } catch (e) {
      state.textContent = "Notices could not be changed: " + (e instanceof Error ? e.message : String(e));
      device.disabled = false;
    }
  });
  void pushState().then(show);

  // Which kinds, by which way: a row per kind, a box per way.
  const kinds = h("table", { class: "notice-kinds" },
    h("caption", null, "Tell me when…"),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, h("span", { class: "sr-only" }, "What")),
      h("th", { scope: "col" }, "This device"), h("th", { scope: "col", class: "mail-col" }, "Mail"))));
  const body = h("tbody");
  kinds.append(body);
  const boxes = new Map<string, HTMLInputElement>();
  for (const [kind, words] of noticeKinds) {
    const cells: HTMLElement[] = [];
    for (const channel of ["push", "mail"]) {
      const box = h("input", { type: "checkbox", id: `set-notice-${kind}-${channel}`, checked: true, "aria-label": `${words}: ${channel === "push" ? "this device" : "mail"}` });
      boxes.set(kind + "/" + channel, box);
      box.addEventListener("change", async () => {
        try {
          apply((await noticePrefs.set([{ kind, channel, enabled: box.checked }])).prefs);
          state.textContent = "Saved.";
        } catch (e) {
          box.checked = !box.checked;
          state.textContent = "Not saved: " + (e instanceof Error ? e.message : String(e));
        }
      });
      cells.push(h("td", { class: channel === "mail" ? "mail-col" : null }, box));
    }
    body.append(h("tr", null, h("th", { scope: "row" }, words), ...cells));
  }
  const apply = (prefs: NoticePref[]) => {
    for (const p of prefs) {
      const box = boxes.get(p.kind + "/" + p.channel);
      if (box) box.checked = p.enabled;
    }
  };
  void noticePrefs.get().then((r) => apply(r.prefs)).catch(() => undefined);

  const section = h("section", { class: "notices", "aria-labelledby": "notices-h" },
    h("h2", { id: "notices-h" }, "Notices"),
    h("div", { class: "field check" }, device, h("label", { for: "set-push" }, "Notify me on this device when I am not looking")),
    state, mailPart(), kinds,
    h("p", { class: "small muted" }, "Which notices you get is kept with your account, for every device."));
  // A server that sends no mail shows no mail.
  void mailSettings.get().catch(() => {
    section.querySelectorAll(".mail-col, .mail-part").forEach((e) => e.remove());
  });
  return section;
}

/** mailPart is the address for notices by mail and the digest's interval. */
function mailPart(): HTMLElement {
  const address = h("input", { type: "email", id: "set-mail", autocomplete: "email", placeholder: "you@example.org" });
  const every = h("select", { id: "set-mail-every" },
    h("option", { value: "60" }, "at most every hour"),
    h("option", { value: "360" }, "at most every 6 hours"),
    h("option", { value: "1440" }, "at most once a day"));
  const save = h("button", { type: "submit", id: "set-mail-save" }, "Save");
  const remove = h("button", { type: "button", class: "link", id: "set-mail-remove", hidden: true }, "Stop mail");
  const said = h("p", { class: "small muted", id: "set-mail-state", "aria-live": "polite" });
  const showMail = (m: MailSettings) => {
    address.value = m.address;
    every.value = String(m.every);
    remove.hidden = m.address === "";
    said.textContent = m.address === "" ? "No mail is sent to you."
      : m.verified ? `Notices come to ${m.address} as a digest, ${every.selectedOptions[0]?.textContent ?? ""}.`
      : `Open the link in the mail sent to ${m.address} to confirm it; nothing else is sent until then.`;
  };
  const form = h("form", { class: "mail-part" },
    h("div", { class: "field" }, h("label", { for: "set-mail" }, "Mail me a digest at"), address),
    h("div", { class: "field" }, h("label", { for: "set-mail-every" }, "How often"), every),
    h("div", { class: "row" }, save, remove), said);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    save.disabled = true;
    try {
      showMail(await mailSettings.set(address.value.trim(), Number(every.value)));
    } catch (x) {
      said.textContent = (x as Error).message;
    } finally {
      save.disabled = false;
    }
  });
  remove.addEventListener("click", async () => {
    try {
      await mailSettings.remove();
      showMail({ address: "", verified: false, every: Number(every.value) });
    } catch (x) {
      said.textContent = (x as Error).message;
    }
  });
  void mailSettings.get().then((m) => {
    showMail(m);
    if (new URLSearchParams(location.search).get("mail") === "confirmed" && m.verified) said.textContent = "Your address is confirmed. " + said.textContent;
  }).catch(() => undefined);
  return form;
}
