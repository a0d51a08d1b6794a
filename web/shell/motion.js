// Motion for both game screens: things that fly from one place on screen to another (a card
// from a hand to its cell, a coin to a counter), run with the Web Animations API on a layer
// over the page. Durations follow the bot speed (Slow / Normal / Fast); Instant and
// prefers-reduced-motion show the end state at once. Each kind counts how often it started,
// finished or was skipped on the layer's data attributes (the e2e tests read them).

export const SPEEDS = [['slow', 'Slow'], ['normal', 'Normal'], ['fast', 'Fast'], ['instant', 'Instant']];
const SCALE = { slow: 1.7, normal: 1, fast: 0.5, instant: 0 };

class Motion {
  constructor() {
    this.speed = 'normal';
    this.layer = null;
    this.running = new Set();
    this.query = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  }

  setSpeed(s) { this.speed = SCALE[s] === undefined ? 'normal' : s; }

  /** True when animations are shown at all. */
  get on() { return !(this.query && this.query.matches) && SCALE[this.speed] > 0; }

  /** A duration in ms for the current speed (0 when motion is off). */
  ms(base) { return this.on ? Math.round(base * SCALE[this.speed]) : 0; }

  ensureLayer() {
    if (this.layer && this.layer.isConnected) return this.layer;
    this.layer = document.createElement('div');
    this.layer.className = 'motion-layer';
    this.layer.dataset.testid = 'motion';
    this.layer.setAttribute('aria-hidden', 'true');
    document.body.append(this.layer);
    return this.layer;
  }

  count(kind, what) {
    const layer = this.ensureLayer();
    const key = `${kind}${what[0].toUpperCase()}${what.slice(1)}`;
    layer.dataset[key] = String(Number(layer.dataset[key] || 0) + 1);
  }

  /** Note a kind of motion that was skipped (motion off): the end state is already drawn. */
  skip(kind) { this.count(kind, 'skipped'); return Promise.resolve(); }

  /**
   * Fly `node` (an element, not yet in the page) from rect `from` to rect `to` (viewport
   * DOMRects). Resolves when it lands (at once when motion is off).
   */
  fly(kind, node, from, to, { base = 520, arc = 0.25, spin = 0, delay = 0, fade = false } = {}) {
    if (!this.on || !from || !to) { if (node) node.remove(); return this.skip(kind); }
    const layer = this.ensureLayer();
    const w = to.width || from.width || 40;
    const h = to.height || from.height || 40;
    Object.assign(node.style, { position: 'fixed', left: `${to.left}px`, top: `${to.top}px`, width: `${w}px`, height: `${h}px` });
    node.classList.add('motion-fly');
    node.dataset.kind = kind;
    layer.append(node);
    const sx = (from.width || w) / w;
    const sy = (from.height || h) / h;
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    const lift = -Math.min(160, Math.hypot(dx, dy) * arc);
    const frames = [
      { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy}) rotate(${spin}deg)`, opacity: fade ? 0 : 1 },
      { transform: `translate(${dx * 0.5}px, ${dy * 0.5 + lift}px) scale(${(sx + 1) / 2 * 1.08}) rotate(${spin / 2}deg)`, opacity: 1, offset: 0.5 },
      { transform: 'translate(0, 0) scale(1) rotate(0deg)', opacity: 1 },
    ];
    this.count(kind, 'started');
    const anim = node.animate(frames, { duration: this.ms(base), delay: this.ms(delay), easing: 'cubic-bezier(.3,.7,.3,1)', fill: 'backwards' });
    this.running.add(anim);
    return anim.finished.catch(() => {}).then(() => {
      this.running.delete(anim);
      node.remove();
      this.count(kind, 'finished');
    });
  }

  /** Run a keyframe effect on an element in the page (a pulse, a slide, a topple). */
  play(kind, el, frames, { base = 500, delay = 0, easing = 'ease-out' } = {}) {
    if (!this.on || !el || !el.animate) return this.skip(kind);
    this.count(kind, 'started');
    const anim = el.animate(frames, { duration: this.ms(base), delay: this.ms(delay), easing, fill: 'backwards' });
    this.running.add(anim);
    return anim.finished.catch(() => {}).then(() => { this.running.delete(anim); this.count(kind, 'finished'); });
  }

  /** A canvas-drawn animation: calls step(t in 0..1) each frame for `base` ms. */
  tween(kind, base, step) {
    if (!this.on) { step(1); return this.skip(kind); }
    this.count(kind, 'started');
    const dur = this.ms(base);
    const t0 = performance.now();
    return new Promise((resolve) => {
      const frame = (now) => {
        // A frame's timestamp is when the frame began, which can be a little before t0:
        // clamp, so no step ever sees a negative t (nor NaN when the duration is 0).
        const t = dur > 0 ? Math.max(0, Math.min(1, (now - t0) / dur)) : 1;
        step(t);
        if (t < 1) requestAnimationFrame(frame);
        else { this.count(kind, 'finished'); resolve(); }
      };
      requestAnimationFrame(frame);
    });
  }

  /** Finish everything in flight at once (a person acts, or the screen closes). */
  finishAll() { for (const a of this.running) { try { a.finish(); } catch { /* gone */ } } }
}

export const motion = new Motion();

/** The ease-out curve of canvas tweens drawn frame by frame (t and the result in 0..1). */
export function easeOut(t) { return 1 - (1 - t) ** 3; }
