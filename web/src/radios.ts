// A row of choices shown all at once, in place of a pull-down menu: each
// choice a native radio button with its label, drawn as segmented
// buttons. A pull-down hides the choices until opened (a game's spec asks
// for none in the new-game dialog); radios show them,
// answer arrow keys, and a screen reader counts them.
import { h } from "./dom";

export interface Choice { value: string; label: string; disabled?: boolean }

export interface RadioGroup {
  /** el is the group: a fieldset with a legend, holding the id given, so
   * that a label's words name it and change events bubble up to it. */
  el: HTMLFieldSetElement;
  value: string;
  /** set replaces the choices, keeping value when it is still offered. */
  set(choices: Choice[], value?: string): void;
  /** focus puts the focus on the chosen radio. */
  focus(): void;
}

/** radioGroup makes a group named legend with choices, value chosen (the
 * first when value is none of them). hideLegend keeps the legend for
 * screen readers only, where the row's label stands beside it already. */
export function radioGroup(id: string, legend: string, choices: Choice[], value?: string, hideLegend = false): RadioGroup {
  const el = h("fieldset", { id, class: "radios" }, h("legend", { class: hideLegend ? "sr-only" : null }, legend));
  const box = h("div", { class: "segments" });
  el.append(box);
  const inputs = () => [...box.querySelectorAll<HTMLInputElement>("input[type=radio]")];
  const group: RadioGroup = {
    el,
    get value() {
      return inputs().find((i) => i.checked)?.value ?? "";
    },
    set value(v: string) {
      for (const i of inputs()) i.checked = i.value === v;
    },
    set(list: Choice[], v?: string) {
      const keep = v ?? group.value;
      box.replaceChildren();
      list.forEach((c, n) => {
        const rid = `${id}-${n}`;
        box.append(h("span", { class: "segment" },
          h("input", { type: "radio", id: rid, name: id, value: c.value, disabled: c.disabled ?? false }),
          h("label", { for: rid }, c.label)));
      });
      const all = inputs();
      const pick = all.find((i) => i.value === keep && !i.disabled) ?? all.find((i) => !i.disabled);
      if (pick) pick.checked = true;
    },
    focus() {
      (inputs().find((i) => i.checked) ?? inputs()[0])?.focus();
    },
  };
  group.set(choices, value);
  return group;
}
