// Player preferences, kept in localStorage so they survive reloads.

export interface Settings { sound: boolean; reducedMotion: boolean }

const KEY = "parlor.settings";

function systemPrefersReduced(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function loadSettings(): Settings {
  const s: Settings = { sound: true, reducedMotion: systemPrefersReduced() };
  try {
    const raw = localStorage.getItem(KEY);
    if (raw) {
      const v = JSON.parse(raw) as Partial<Settings>;
      if (typeof v.sound === "boolean") s.sound = v.sound;
      if (typeof v.reducedMotion === "boolean") s.reducedMotion = v.reducedMotion;
    }
  } catch {
    // Storage may be disabled (private mode); defaults still work.
  }
  return s;
}

export const settings: Settings = loadSettings();

export function saveSettings(): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // ignore: the choice still holds for this page
  }
  applySettings();
}

export function applySettings(): void {
  document.documentElement.classList.toggle("reduce-motion", settings.reducedMotion);
}
