// Settings: sound and reduced motion, kept in localStorage; notices to
// this browser when the player is not looking, and which ones, kept by
// the server.
import { h } from "../dom";
import { noticeKinds, noticePrefs, pushState, subscribe, unsubscribe, type NoticePref, type PushState } from "../notify";
import { saveSettings, settings } from "../settings";
import { play } from "../sound";

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
    noticesSection()));
}

/** noticesSection is the switch for notices on this device and, per
 * kind, whether the player is told of it. */
function noticesSection(): HTMLElement {
  const device = h("input", { type: "checkbox", id: "set-push" });
  const state = h("p", { class: "small muted", id: "set-push-state", "aria-live": "polite" });
  const kinds = h("fieldset", { class: "notice-kinds" }, h("legend", null, "Tell me when…"));
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
  const boxes = new Map<string, HTMLInputElement>();
  for (const [kind, words] of noticeKinds) {
    const box = h("input", { type: "checkbox", id: "set-notice-" + kind, "data-kind": kind, checked: true });
    boxes.set(kind, box);
    box.addEventListener("change", async () => {
      try {
        apply((await noticePrefs.set([{ kind, channel: "push", enabled: box.checked }])).prefs);
        state.textContent = "Saved.";
      } catch (e) {
        box.checked = !box.checked;
        state.textContent = "Not saved: " + (e instanceof Error ? e.message : String(e));
      }
    });
    kinds.append(h("div", { class: "field check" }, box, h("label", { for: box.id }, words)));
  }
  const apply = (prefs: NoticePref[]) => {
    for (const p of prefs) {
      const box = boxes.get(p.kind);
      if (box && p.channel === "push") box.checked = p.enabled;
    }
  };
  void noticePrefs.get().then((r) => apply(r.prefs)).catch(() => undefined);
  return h("section", { class: "notices", "aria-labelledby": "notices-h" },
    h("h2", { id: "notices-h" }, "Notices"),
    h("div", { class: "field check" }, device, h("label", { for: "set-push" }, "Notify me on this device when I am not looking")),
    state, kinds,
    h("p", { class: "small muted" }, "Which notices you get is kept with your account, for every device."));
}
