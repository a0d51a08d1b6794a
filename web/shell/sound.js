// Short sound effects synthesised with the Web Audio API (no files to download). Nothing plays
// before the person's first gesture (browsers require it, and a page should not startle);
// mute and volume are remembered in localStorage, checked when read. An embedded game starts
// muted unless the embed asks for sound (web/embed.js, sound=on) and remembers nothing.

const KEY = 'pnd.sound';

// Each effect: notes [freq Hz, start s, length s, wave, gain] and optional noise bursts.
const EFFECTS = {
  tick: { notes: [[880, 0, 0.05, 'triangle', 0.25]] },
  card: { notes: [[520, 0, 0.06, 'triangle', 0.35], [780, 0.04, 0.08, 'triangle', 0.25]], noise: [[0, 0.05, 0.2, 2400]] },
  draw: { noise: [[0, 0.09, 0.18, 3200]], notes: [[660, 0.02, 0.05, 'sine', 0.12]] },
  discard: { noise: [[0, 0.12, 0.22, 1600]], notes: [[300, 0, 0.1, 'triangle', 0.15]] },
  leak: { notes: [[900, 0, 0.09, 'sine', 0.3], [620, 0.08, 0.12, 'sine', 0.28], [400, 0.18, 0.2, 'sine', 0.22]] },
  repair: { notes: [[440, 0, 0.08, 'square', 0.12], [660, 0.09, 0.08, 'square', 0.12], [880, 0.18, 0.14, 'triangle', 0.2]] },
  plumber: { notes: [[330, 0, 0.1, 'square', 0.12], [494, 0.1, 0.1, 'square', 0.12], [659, 0.2, 0.18, 'triangle', 0.22]] },
  water: { noise: [[0, 0.9, 0.12, 900]], notes: [[523, 0, 0.2, 'sine', 0.2], [659, 0.15, 0.2, 'sine', 0.2], [784, 0.3, 0.4, 'sine', 0.22]] },
  coins: { notes: [[1320, 0, 0.06, 'square', 0.1], [1760, 0.07, 0.09, 'square', 0.1], [1320, 0.16, 0.06, 'square', 0.08]] },
  favour: { notes: [[587, 0, 0.18, 'sine', 0.22], [740, 0.12, 0.18, 'sine', 0.22], [880, 0.24, 0.3, 'sine', 0.25]] },
  gauls: { notes: [[110, 0, 0.35, 'sawtooth', 0.2], [82, 0.2, 0.45, 'sawtooth', 0.2]], noise: [[0, 0.5, 0.35, 500]] },
  build: { notes: [[392, 0, 0.08, 'triangle', 0.3], [523, 0.07, 0.12, 'triangle', 0.25]], noise: [[0, 0.06, 0.15, 1200]] },
  turn: { notes: [[660, 0, 0.12, 'sine', 0.25], [990, 0.1, 0.2, 'sine', 0.25]] },
  win: { notes: [[523, 0, 0.15, 'triangle', 0.25], [659, 0.14, 0.15, 'triangle', 0.25], [784, 0.28, 0.15, 'triangle', 0.25], [1047, 0.42, 0.4, 'triangle', 0.28]] },
};

function readPrefs() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (!raw || typeof raw !== 'object') return null;
    const volume = Number(raw.volume);
    return {
      muted: raw.muted === true,
      volume: Number.isFinite(volume) && volume >= 0 && volume <= 1 ? volume : 0.6,
    };
  } catch { return null; } // no storage (private mode, sandboxed frame) or junk in it
}

class Sound {
  constructor() {
    const saved = readPrefs();
    this.muted = saved ? saved.muted : false;
    this.volume = saved ? saved.volume : 0.6;
    this.remember = true;
    this.ctx = null;
    this.gestured = false;
    this.played = {}; // effect name -> times started (what the e2e tests look at)
    const unlock = () => { this.gestured = true; };
    for (const ev of ['pointerdown', 'keydown', 'touchstart']) window.addEventListener(ev, unlock, { capture: true, once: true, passive: true });
  }

  /** Embed mode: start muted unless asked, and keep the host page's visitors' choice to itself. */
  embed(on) {
    this.remember = false;
    this.muted = !on;
  }

  save() {
    if (!this.remember) return;
    try { localStorage.setItem(KEY, JSON.stringify({ muted: this.muted, volume: this.volume })); } catch { /* no storage */ }
  }

  setMuted(m) { this.muted = !!m; this.save(); }

  setVolume(v) { this.volume = Math.max(0, Math.min(1, Number(v) || 0)); this.save(); }

  /** Play an effect by name; silent when muted, before a gesture, or without Web Audio. */
  play(name) {
    const fx = EFFECTS[name];
    if (!fx || this.muted || !this.gestured || this.volume <= 0) return false;
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return false;
    try {
      if (!this.ctx) this.ctx = new AC();
      if (this.ctx.state === 'suspended') this.ctx.resume();
      const ctx = this.ctx;
      const t0 = ctx.currentTime + 0.01;
      const out = ctx.createGain();
      out.gain.value = this.volume * 0.5;
      out.connect(ctx.destination);
      for (const [f, at, len, wave, g] of fx.notes || []) {
        const o = ctx.createOscillator();
        const e = ctx.createGain();
        o.type = wave;
        o.frequency.setValueAtTime(f, t0 + at);
        e.gain.setValueAtTime(0.0001, t0 + at);
        e.gain.exponentialRampToValueAtTime(g, t0 + at + 0.01);
        e.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
        o.connect(e).connect(out);
        o.start(t0 + at);
        o.stop(t0 + at + len + 0.02);
      }
      for (const [at, len, g, cutoff] of fx.noise || []) {
        const buf = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * len), ctx.sampleRate);
        const data = buf.getChannelData(0);
        for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
        const src = ctx.createBufferSource();
        src.buffer = buf;
        const filter = ctx.createBiquadFilter();
        filter.type = 'lowpass';
        filter.frequency.value = cutoff;
        const e = ctx.createGain();
        e.gain.value = g;
        src.connect(filter).connect(e).connect(out);
        src.start(t0 + at);
      }
      this.played[name] = (this.played[name] || 0) + 1;
      document.documentElement.dataset.soundLast = name;
      return true;
    } catch (err) {
      console.warn(err);
      return false;
    }
  }
}

export const sound = new Sound();
