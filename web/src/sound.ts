// Sound effects synthesized with WebAudio: no audio files to download.
import { settings } from "./settings";

export type SoundName = "line" | "box" | "hit" | "miss" | "sunk" | "win" | "lose" | "achievement" | "error" | "turn" | "place";

let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  if (!settings.sound) return null;
  try {
    if (!ctx) ctx = new AudioContext();
    if (ctx.state === "suspended") void ctx.resume();
    return ctx;
  } catch {
    return null;
  }
}

function tone(a: AudioContext, freq: number, start: number, dur: number, type: OscillatorType, gain: number, endFreq?: number): void {
  const o = a.createOscillator();
  const g = a.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, start);
  if (endFreq) o.frequency.exponentialRampToValueAtTime(endFreq, start + dur);
  g.gain.setValueAtTime(0.0001, start);
  g.gain.exponentialRampToValueAtTime(gain, start + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, start + dur);
  o.connect(g).connect(a.destination);
  o.start(start);
  o.stop(start + dur + 0.02);
}

function noise(a: AudioContext, start: number, dur: number, gain: number, lowpass: number): void {
  const len = Math.floor(a.sampleRate * dur);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len);
  const src = a.createBufferSource();
  src.buffer = buf;
  const f = a.createBiquadFilter();
  f.type = "lowpass";
  f.frequency.value = lowpass;
  const g = a.createGain();
  g.gain.value = gain;
  src.connect(f).connect(g).connect(a.destination);
  src.start(start);
}

export function play(name: SoundName): void {
  const a = audio();
  if (!a) return;
  const t = a.currentTime + 0.01;
  switch (name) {
    case "line": tone(a, 660, t, 0.08, "triangle", 0.15); break;
    case "place": tone(a, 440, t, 0.07, "square", 0.06); break;
    case "box": tone(a, 660, t, 0.1, "triangle", 0.18); tone(a, 990, t + 0.08, 0.16, "triangle", 0.18); break;
    case "turn": tone(a, 520, t, 0.12, "sine", 0.12); break;
    case "miss": noise(a, t, 0.35, 0.35, 900); tone(a, 300, t, 0.25, "sine", 0.08, 120); break;
    case "hit": noise(a, t, 0.45, 0.7, 2500); tone(a, 160, t, 0.35, "sawtooth", 0.12, 60); break;
    case "sunk": noise(a, t, 0.9, 0.8, 1200); tone(a, 220, t, 0.8, "sawtooth", 0.12, 40); break;
    case "win": [523, 659, 784, 1047].forEach((f, i) => tone(a, f, t + i * 0.12, 0.22, "triangle", 0.18)); break;
    case "lose": [392, 330, 262].forEach((f, i) => tone(a, f, t + i * 0.16, 0.3, "sine", 0.16)); break;
    case "achievement": [784, 988, 1175, 1568].forEach((f, i) => tone(a, f, t + i * 0.08, 0.25, "triangle", 0.14)); break;
    case "error": tone(a, 180, t, 0.18, "square", 0.07); break;
  }
}
