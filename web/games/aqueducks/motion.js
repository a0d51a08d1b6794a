// Aqueducks motion and sound from the engine's events (issue 16): simultaneous builds revealed
// one city at a time (the city or its miniature springs in, then the next), duckats and
// Favour flying to the seat's counters, a donation's cube flying to the Pondifex and pushing the
// cubes it strong-arms one space along (one after another, the last one off the board), the
// Gauls shaking the city and its unprotected districts toppling over, and the drafted hands
// passing to the next seat. The screen
// already shows the end state; these only show how it got there (web/shell/motion.js skips
// them under reduced motion and Instant).
import { motion } from '../../shell/motion.js';
import { sound } from '../../shell/sound.js';

const REVEAL_GAP = 420; // ms between two cities revealed together
const TOPPLE_MS = 900;
const PUSH_AT = 420; // a strong-armed cube moves as the donor's cube lands (its flight: 480 ms)
const PUSH_STEP = 200; // and each cube behind it a beat later

export class AqMotion {
  constructor(ui) { this.ui = ui; }

  stop() { motion.finishAll(); }

  /** Where things are before the redraw (nothing moves on this screen's redraw yet). */
  capture() { return { shown: this.ui.shown }; }

  q(sel) { return this.ui.root.querySelector(sel); }

  /** The city on screen or the seat's miniature. */
  cityEl(p) { return p === this.ui.shown ? this.q('.aq-citybox') : this.ui.minis.el(p); }

  /** The seat's counters (its tab's duckats and Favour; the tab itself on a phone). */
  seatRect(p) {
    const meta = this.q(`[data-testid=city-tab-${p}] .aq-tab-meta`);
    const r = meta && meta.getBoundingClientRect();
    if (r && r.width) return r;
    const tab = this.q(`[data-testid=city-tab-${p}]`);
    return tab ? tab.getBoundingClientRect() : null;
  }

  chip(cls, text, colour) {
    const n = document.createElement('div');
    n.className = `motion-chip aq-chip aq-chip-${cls}`;
    n.textContent = text;
    if (colour) n.style.background = colour;
    return n;
  }

  /** A small square at the centre of rect r (things fly as chips, whatever their target's size). */
  dot(r, size = 28) {
    return r ? new DOMRect(r.left + r.width / 2 - size / 2, r.top + r.height / 2 - size / 2, size, size) : null;
  }

  play(events) {
    const seats = this.ui.seats;
    let reveal = 0;
    for (const ev of events) {
      const p = ev.player;
      switch (ev.type) {
        case 'build': {
          const at = reveal * REVEAL_GAP;
          reveal += 1;
          const el = this.cityEl(p);
          motion.play('reveal', el, [
            { transform: 'translateY(14px) scale(.94)', opacity: 0.25, filter: 'brightness(1.35)' },
            { transform: 'translateY(-2px) scale(1.03)', opacity: 1, filter: 'brightness(1.15)', offset: 0.6 },
            { transform: 'none', opacity: 1, filter: 'none' },
          ], { base: 480, delay: at }).then(() => sound.play('build'));
          if (ev.duckats) this.coins(p, ev.duckats, at + 240);
          break;
        }
        case 'end_of_era': if (ev.duckats) this.coins(p, ev.duckats, 0); break;
        case 'favour': {
          const from = this.dot(this.cityEl(p) && this.cityEl(p).getBoundingClientRect());
          motion.fly('favour', this.chip('favour', `♥${ev.favour + (ev.luxury || 0)}`, seats[p].colour), from, this.dot(this.seatRect(p), 24), { base: 560, arc: 0.4 })
            .then(() => sound.play('favour'));
          break;
        }
        case 'donate': {
          const to = this.q(`.aq-pondifex [data-space="${ev.space}"]`) || this.q('.aq-pondifex');
          const box = to && to.getBoundingClientRect();
          motion.fly('cube', this.chip('cube', String(p + 1), seats[p].colour), this.dot(this.seatRect(p), 20),
            box && box.width ? this.dot(box, 20) : null, { base: 480 }).then(() => sound.play('coins'));
          this.push(ev);
          break;
        }
        case 'downfall': {
          if (!ev.removed || !ev.removed.length) break;
          sound.play('gauls');
          motion.play('gauls', this.cityEl(p), [
            { transform: 'none' }, { transform: 'translateX(-6px) rotate(-1deg)' }, { transform: 'translateX(6px) rotate(1deg)' },
            { transform: 'translateX(-3px)' }, { transform: 'none' },
          ], { base: 620 });
          // the lost districts tip over and fade on the city or its miniature (city-canvas.js)
          const canvas = p === this.ui.shown ? this.ui.city : this.ui.minis.canvas(p);
          if (!canvas) { motion.skip('topple'); break; }
          if (motion.on) { canvas.fall = 0; canvas.draw(); }
          motion.tween('topple', TOPPLE_MS, (t) => { canvas.fall = t; canvas.draw(); });
          break;
        }
        case 'pick': {
          if (seats.length < 2 || ev.auto) break;
          // the hands pass on: a card back from each seat to the next one
          seats.forEach((_s, i) => {
            motion.fly('pass', this.chip('pass', '', '#12506b'), this.dot(this.seatRect(i), 26),
              this.dot(this.seatRect((i + 1) % seats.length), 26), { base: 520, delay: 60 * i, arc: 0.5 });
          });
          sound.play('draw');
          break;
        }
        default: break;
      }
    }
  }

  /** The cubes a donation strong-armed (ev.pushed, in board order from the donor's space)
   *  each slide along to where they are now; one pushed off the row slides out and fades. */
  push(ev) {
    const pushed = ev.pushed || [];
    if (!pushed.length) return;
    const [row, idx] = ev.space.split('-').map(Number);
    const spaceRect = (i) => {
      const s = this.q(`.aq-pondifex [data-space="${row}-${i}"]`);
      const r = s && s.getBoundingClientRect();
      return r && r.width ? r : null;
    };
    pushed.forEach((q, k) => {
      const from = spaceRect(idx + k);
      const delay = PUSH_AT + k * PUSH_STEP;
      if (!from) { motion.skip('push'); return; } // the board is not on screen (a phone's closed drawer)
      // the board on screen is the end state: later donations of the same visit (played in one
      // go) may have pushed this cube further, so it is found by its seat, not by idx + k + 1
      const cube = this.q(`.aq-pondifex [data-space^="${row}-"] .aq-cube[data-seat="${q}"]`);
      if (cube) {
        const to = cube.parentElement.closest('[data-space]').getBoundingClientRect();
        motion.play('push', cube, [{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)` }, { transform: 'none' }],
          { base: 320, delay, easing: 'cubic-bezier(.3,.7,.3,1)' });
        return;
      }
      if (!motion.on) { motion.skip('push'); return; }
      // off the end of the row: a cube in the seat's colour slides out of the last space
      const chip = this.chip('cube', this.ui.seats[q].name[0], this.ui.seats[q].colour);
      const d = this.dot(from, 22);
      Object.assign(chip.style, { position: 'fixed', left: `${d.left}px`, top: `${d.top}px`, width: `${d.width}px`, height: `${d.height}px`, opacity: '0' });
      motion.ensureLayer().append(chip);
      motion.play('push', chip, [{ transform: 'none', opacity: 1 }, { transform: `translateX(${from.width}px)`, opacity: 0 }],
        { base: 420, delay }).then(() => chip.remove());
    });
  }

  coins(p, n, delay) {
    const from = this.cityEl(p);
    motion.fly('coins', this.chip('coin', `+${n}`), this.dot(from && from.getBoundingClientRect()), this.dot(this.seatRect(p), 24),
      { base: 520, delay, arc: 0.35 }).then(() => sound.play('coins'));
  }
}
