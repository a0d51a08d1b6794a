// Your hand: one button per card, drawn from the card data (face down while the device is
// being passed). Arrow keys move between cards; the game decides what a pick means.
import { drawCard, cardWords, turnedCard, canTurn } from './card-art.js';
import { sameAsDrawn } from '../../shell/dom-write.js';

export class Hand {
  constructor(parent, { onPick, onKey }) {
    this.el = document.createElement('div');
    this.el.className = 'ww-hand';
    this.el.setAttribute('role', 'group');
    this.el.setAttribute('aria-label', 'Your hand');
    this.el.dataset.testid = 'ww-hand';
    parent.append(this.el);
    this.onPick = onPick;
    this.onKey = onKey;
    this.el.addEventListener('click', (e) => {
      const b = e.target.closest('.ww-card[data-card-id]');
      if (b) this.onPick(Number(b.dataset.cardId), e.detail === 0);
    });
    this.el.addEventListener('keydown', (e) => {
      const b = e.target.closest('.ww-card');
      if (!b) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        const all = [...this.el.querySelectorAll('.ww-card')];
        const i = all.indexOf(b) + (e.key === 'ArrowRight' ? 1 : -1);
        if (all[i]) all[i].focus();
        e.preventDefault();
        return;
      }
      this.onKey(e);
    });
  }

  /** cards: hand (array of card data) or null; hidden: show backs of `count` cards. */
  render({ cards, count = 0, hidden, selectedId, turned, fits, active }) {
    // a hand that shows the same keeps its buttons, the focused one and its painted cards
    if (sameAsDrawn(this, [cards, count, hidden, selectedId, turned, active, cards && fits ? cards.map(fits) : null])) return;
    const focusedId = document.activeElement && document.activeElement.closest && document.activeElement.closest('.ww-card')
      ? document.activeElement.dataset.cardId : null;
    this.el.replaceChildren();
    this.painted = [];
    this.el.classList.toggle('inactive', !active);
    if (hidden || !cards) {
      for (let i = 0; i < count; i += 1) {
        const d = document.createElement('div');
        d.className = 'ww-card ww-back';
        d.setAttribute('aria-hidden', 'true');
        this.el.append(d);
      }
      const p = document.createElement('p');
      p.className = 'ww-hidden-note';
      p.textContent = cards === null ? 'Watching: no hand to show.' : 'Cards hidden while the device is passed.';
      this.el.append(p);
      return;
    }
    cards.forEach((card, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `ww-card ww-${card.kind === 'pipe' ? card.material : card.kind}`;
      b.dataset.cardId = card.id;
      b.dataset.testid = `card-${card.id}`;
      const sel = card.id === selectedId;
      const shown = sel && turned && canTurn(card) ? turnedCard(card) : card;
      b.setAttribute('aria-pressed', String(sel));
      b.dataset.canTurn = String(canTurn(card));
      if (sel && canTurn(card)) b.dataset.turned = String(!!turned);
      const n = fits ? fits(card) : null;
      const fitText = n === null ? '' : n === 0 ? 'fits nowhere' : `${n} spot${n === 1 ? '' : 's'}`;
      // The spoken name lives in a hidden span and the visible captions are aria-hidden:
      // an aria-label that differs from the visible words confuses voice-control users.
      const name = document.createElement('span');
      name.className = 'visually-hidden';
      name.textContent = `${i + 1}: ${cardWords(shown)}${sel && turned && canTurn(card) ? ', turned round' : ''}${fitText ? `, ${fitText}` : ''}`;
      b.append(name);
      const cv = document.createElement('canvas');
      cv.className = 'ww-card-art';
      b.append(cv);
      const cap = document.createElement('span');
      cap.className = 'ww-card-cap';
      cap.setAttribute('aria-hidden', 'true');
      cap.textContent = card.kind === 'pipe' ? card.material : card.kind === 'cap' ? 'caps' : card.kind;
      b.append(cap);
      if (n !== null) {
        const badge = document.createElement('span');
        badge.className = `ww-fit${n ? '' : ' none'}`;
        badge.textContent = String(n);
        badge.setAttribute('aria-hidden', 'true');
        b.append(badge);
      }
      const key = document.createElement('span');
      key.className = 'ww-key';
      key.textContent = String(i + 1);
      key.setAttribute('aria-hidden', 'true');
      b.append(key);
      this.el.append(b);
      this.painted.push([cv, shown]);
      requestAnimationFrame(() => paint(cv, shown));
    });
    if (focusedId) {
      const again = this.el.querySelector(`[data-card-id="${focusedId}"]`);
      if (again) again.focus();
    }
  }

  /** Paint the cards' art again at their size now (the dock's fit changed it). */
  repaint() {
    for (const [cv, card] of this.painted || []) if (cv.isConnected) paint(cv, card);
  }

  focusCard(id) {
    const b = id === undefined || id === null ? this.el.querySelector('.ww-card[data-card-id]') : this.el.querySelector(`[data-card-id="${id}"]`);
    if (b) b.focus();
  }
}

function paint(cv, card) {
  const w = cv.clientWidth || 56; const h = cv.clientHeight || 70;
  const dpr = window.devicePixelRatio || 1;
  cv.width = Math.round(w * dpr);
  cv.height = Math.round(h * dpr);
  const ctx = cv.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawCard(ctx, 1, 1, w - 2, h - 2, card, {});
}

/** A small canvas with one card on it (the discard pile's top card). */
export function paintCard(cv, card) { paint(cv, card); }
