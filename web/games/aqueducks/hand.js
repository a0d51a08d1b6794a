// The person's hand under the action panel: the cards they hold (or the draft they pick from),
// which can be used for the decision open now, and what is picked.
import { esc } from '../../shell/frame.js';
import { setHtml } from '../../shell/dom-write.js';
import { cardFace } from './card-face.js';
import * as Build from './phases/build.js';

/** The hand (or the drafting hand): each card a button, picked, usable now or not, and the
 * bridge; focus stays on the same card across redraws. */
export function renderHand(ui, turn, action) {
  const v = ui.snap.view;
  const el = ui.el.hand;
  ui.el.hand.parentElement.hidden = !!ui.snap.over;
  if (ui.hidden || ui.snap.over) {
    setHtml(el, ui.hidden ? '<p class="muted">Hidden.</p>' : '');
    ui.el.handTitle.textContent = ui.hidden ? 'Hand hidden' : 'Your hand';
    return;
  }
  if (ui.viewer === null || ui.viewer === undefined) {   // a spectator holds no hand
    setHtml(el, '<p class="muted">Watching: no hand to show.</p>');
    ui.el.handTitle.textContent = 'Watching';
    return;
  }
  const drafting = action === 'draft' && v.draft_hand && v.draft_hand.length && turn;
  const cards = drafting ? v.draft_hand : (v.hand || []);
  ui.el.handTitle.textContent = drafting ? `Drafting hand (${cards.length})` : `Your hand (${cards.length})`;
  let enabled = null;
  let selected = new Set();
  let bridge = null;
  if (turn && action === 'build') {
    const info = Build.buildInfo(ui);
    enabled = info.enabled;
    for (const c of [ui.build.a, ui.build.b]) if (c !== null) selected.add(c);
    if (info.move && info.move.bridge !== null) { bridge = info.move.bridge; for (const b of info.bridges) enabled.add(b); }
  } else if (turn && action === 'draft') {
    enabled = new Set(ui.snap.legal.map((m) => m.card));
    if (ui.draftSel !== null) selected.add(ui.draftSel);
  }
  const prev = document.activeElement && el.contains(document.activeElement) ? document.activeElement.dataset.cardId : null;
  setHtml(el, cards.map(({ card, key }) => {
    const c = ui.cat.byKey[key];
    const on = selected.has(card);
    const isBridge = bridge === card;
    const dis = enabled && !enabled.has(card) && !on;
    const role = on ? (ui.build.a === card ? ' (first pick)' : ' (picked)') : isBridge ? ' (bridge)' : '';
    return `<div class="aq-handcard ${on ? 'sel' : ''} ${isBridge ? 'bridge' : ''} ${dis ? 'dis' : ''}">
      <button type="button" class="aq-cardbtn" data-card-id="${card}" data-key="${key}" aria-pressed="${on}" ${dis ? 'aria-disabled="true"' : ''}>${cardFace(c, { size: 'small' })}
        <span class="visually-hidden">${role}${dis ? ' (cannot be used now)' : ''}</span>
        ${on ? `<span class="aq-badge">${ui.build.a === card ? '1' : '2'}</span>` : isBridge ? '<span class="aq-badge aq-badge-bridge">bridge</span>' : ''}</button>
      <button type="button" class="aq-zoom" data-zoom="${key}" aria-label="Zoom: ${esc(c.name)}" title="Zoom">+</button>
    </div>`;
  }).join('') || '<p class="muted">No cards in hand.</p>');
  if (prev) { const again = el.querySelector(`[data-card-id="${prev}"]`); if (again) again.focus({ preventScroll: true }); }
  // other cards than before (a build took two, a new era dealt a hand): the strip starts at
  // its first card again, not scrolled to where the cards played were
  const ids = cards.map((c) => c.card).join(',');
  if (el.dataset.cards !== undefined && el.dataset.cards !== ids) { el.scrollLeft = 0; el.scrollTop = 0; }
  el.dataset.cards = ids;
}
