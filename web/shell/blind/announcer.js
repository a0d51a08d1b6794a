// The one live region a screen reader hears everything through, paced so a person can follow.
// A region whose text is replaced loses what it said before a screen reader read it (a bot's
// move replaced by "Your turn…" 45-100 ms later, issue 56): here each announcement is a line
// added to the region (aria-relevant="additions"), and lines of the game's events wait their
// turn, each after the one before had time to be read at the bots' pace. What a person asked
// for (a command key's answer, a refused move) is added at once.
import { motion } from '../motion.js';

// Reading time per word and the least gap between two event lines, by the bots' speed (Slow,
// Normal, Fast, Instant): screen readers speak 180-300 words a minute at their usual rates.
const PER_WORD = { slow: 330, normal: 220, fast: 110, instant: 0 };
const LEAST = { slow: 1400, normal: 700, fast: 250, instant: 0 };
const KEEP = 4;      // lines kept in the region (older ones were read; removals are not said)
const BACKLOG = 5;   // more waiting than this and the waiting lines go out together

export class Announcer {
  /** `region`: the live element (its role, name and politeness are set here). */
  constructor(region) {
    this.region = region;
    region.setAttribute('role', 'log'); // a sequence of messages, each added after the last
    region.setAttribute('aria-label', 'What happens');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'false');
    region.setAttribute('aria-relevant', 'additions');
    this.waiting = [];
    this.timer = null;
    this.freeAt = 0; // when the last line added has had its time
  }

  /** Say `text`: after what is waiting, or at once with `{now: true}`. */
  say(text, { now = false } = {}) {
    text = String(text || '').trim();
    if (!text) return;
    if (now) { this.add(text); return; }
    this.waiting.push(text);
    if (this.waiting.length > BACKLOG) this.waiting = [this.waiting.join(' ')];
    this.pump();
  }

  /** The lines said so far that are still in the region, oldest first. */
  get lines() { return [...this.region.children].map((p) => p.textContent); }

  pump() {
    if (this.timer || !this.waiting.length) return;
    const wait = this.freeAt - performance.now();
    if (wait > 0) { this.timer = setTimeout(() => { this.timer = null; this.pump(); }, wait); return; }
    this.add(this.waiting.shift());
    this.pump();
  }

  add(text) {
    const p = document.createElement('p');
    p.textContent = text;
    this.region.append(p);
    while (this.region.children.length > KEEP) this.region.firstElementChild.remove();
    this.freeAt = Math.max(this.freeAt, performance.now() + gap(text));
  }

  /** Let go: nothing waiting is said after the screen is gone. */
  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.waiting = [];
  }
}

/** How long a line holds the region before the next event line, at the bots' speed now. */
export function gap(text) {
  const speed = PER_WORD[motion.speed] === undefined ? 'normal' : motion.speed;
  const words = String(text).split(/\s+/).filter(Boolean).length;
  return Math.max(LEAST[speed], words * PER_WORD[speed]);
}
