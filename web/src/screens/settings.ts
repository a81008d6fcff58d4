// Settings: sound and reduced motion, kept in localStorage; and the
// account (account.ts).
import { h } from "../dom";
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
    saved, h("p", { class: "small muted" }, "These settings are kept in this browser.")), accountSection());
}
