// Water Works motion and sound from the engine's events: a played card travels from the hand
// (or the player's seat) to its cell, a leak drops on its target with a splash, a plumber
// lands, a discard flies to the pile, a draw comes from the deck, and water runs along a
// finished line. The table already shows the end state; these only show how it got there,
// so the person can act at once (a new move finishes whatever is still in flight).
import { motion } from '../../shell/motion.js';
import { sound } from '../../shell/sound.js';
import { drawCard } from './card-art.js';

const STAGGER = 160;

export class WwMotion {
  constructor({ root, table, colours }) {
    this.root = root;
    this.table = table;
    this.colours = colours;
  }

  stop() { motion.finishAll(); }

  /** Where things are before the redraw: the viewer's hand cards and each seat. */
  capture(viewer) {
    const hand = new Map();
    for (const b of this.root.querySelectorAll('.ww-hand .ww-card[data-card-id]')) hand.set(Number(b.dataset.cardId), b.getBoundingClientRect());
    return { hand, viewer };
  }

  seatRect(p) {
    const el = this.root.querySelector(`[data-testid=player-${p}] .ww-dot`) || this.root.querySelector(`[data-testid=player-${p}]`);
    return el ? el.getBoundingClientRect() : null;
  }

  pileRect(which) {
    const el = this.root.querySelector(`[data-testid=${which}-pile] .ww-card`);
    return el ? el.getBoundingClientRect() : null;
  }

  /** A card drawn on a small canvas, the size of rect `to`. */
  cardNode(card, to, owner) {
    const node = document.createElement('div');
    const cv = document.createElement('canvas');
    const w = Math.max(8, Math.round(to.width)); const h = Math.max(8, Math.round(to.height));
    const dpr = window.devicePixelRatio || 1;
    cv.width = Math.round(w * dpr); cv.height = Math.round(h * dpr);
    const ctx = cv.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (card) drawCard(ctx, 1, 1, w - 2, h - 2, card, { owner });
    else { ctx.fillStyle = '#12506b'; ctx.fillRect(0, 0, w, h); ctx.strokeStyle = '#0a2f3f'; ctx.strokeRect(0.5, 0.5, w - 1, h - 1); }
    node.append(cv);
    node.className = 'ww-flycard';
    return node;
  }

  play(events, before, { viewer, win }) {
    let delay = 0;
    const from = (ev, cardId) => (ev.player === before.viewer && before.hand.get(cardId)) || this.seatRect(ev.player);
    for (const ev of events) {
      const at = delay;
      switch (ev.type) {
        case 'lay': case 'cover': case 'leak': {
          const to = this.table.cellTargetRect(ev.x, ev.y);
          const src = from(ev, ev.card && ev.card.id);
          const held = this.table.hold(ev.x, ev.y);
          const kind = ev.type === 'leak' ? 'leak' : 'play';
          const node = this.cardNode(ev.card, to, this.colours[ev.target ?? ev.player]);
          motion.fly(kind, node, src, to, { base: 520, delay: at, spin: ev.type === 'leak' ? 12 : 0 }).then(() => {
            this.table.release(held);
            sound.play(ev.type === 'leak' ? 'leak' : ev.type === 'cover' ? 'repair' : 'card');
            if (ev.type === 'leak') this.table.effect('leak', { x: ev.x, y: ev.y }, 520);
          });
          delay += STAGGER;
          break;
        }
        case 'plumber': {
          setTimeout(() => { sound.play('plumber'); }, motion.ms(at));
          this.table.effect('plumber', { x: ev.x, y: ev.y }, 560);
          const to = this.pileRect('discard');
          if (to) motion.fly('discard', this.cardNode(ev.discarded, to), from(ev, ev.discarded && ev.discarded.id), to, { base: 480, delay: at + 200 });
          delay += STAGGER;
          break;
        }
        case 'discard': {
          const to = this.pileRect('discard');
          if (to) motion.fly('discard', this.cardNode(ev.card, to), from(ev, ev.card && ev.card.id), to, { base: 480, delay: at, spin: -20 }).then(() => sound.play('discard'));
          delay += STAGGER;
          break;
        }
        case 'draw': {
          const src = this.pileRect('draw');
          // the viewer's new card comes to their hand; anyone else's to their seat
          const cards = ev.player === viewer ? [...this.root.querySelectorAll('.ww-hand .ww-card[data-card-id]')] : [];
          const last = cards.find((b) => !before.hand.has(Number(b.dataset.cardId)));
          const to = last ? last.getBoundingClientRect() : this.seatRect(ev.player);
          if (src && to) motion.fly('draw', this.cardNode(null, to), src, to, { base: 420, delay: at + 120 }).then(() => sound.play('draw'));
          break;
        }
        case 'won': {
          const line = ev.line || win;
          if (line && line.length) {
            sound.play('water');
            this.table.effect('water', {}, 260 * Math.min(12, line.length));
          }
          setTimeout(() => sound.play('win'), motion.ms(260 * Math.min(12, (line || []).length)));
          break;
        }
        default: break;
      }
    }
  }
}
