// What a face or a card is, on request: the detail box under the city (a face's place and why
// it is active or hidden, or a card's ability), the short tip beside a face, and a card
// shown large.
import { esc } from '../../shell/frame.js';
import { cardFace, cardLabel, abilityText } from './card-face.js';
import { icon } from './icons.js';

const CLOSE = '<button type="button" class="aq-detail-close" data-act="detail-close" aria-label="Close">×</button>';
const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
const storeyOf = (ui, d) => ui.snap.view.board.storeys[d.storey - 1];

/** The district that hides d's face on that side: the nearer one on its row and storey. */
function blockerOf(city, d, side) {
  return city.districts.find((q) => q.y === d.y && q.storey === d.storey && (side === 'left' ? q.x < d.x : q.x > d.x));
}

/** The detail box for face f ({district, side}) of the city on screen: the card, where it
 * stands, and why it is active or hidden. */
export function showFace(ui, f) {
  if (!f) return;
  const city = ui.snap.view.cities[ui.shown];
  const d = city.districts.find((q) => q.id === f.district);
  if (!d) return;
  const face = d[f.side];
  const card = ui.cat.byKey[face.key];
  const other = f.side === 'left' ? 'right' : 'left';
  let why;
  if (face.active) {
    why = `<b class="ok">Active</b>: it is the first ${f.side} face seen from the ${f.side} edge along the ${storeyOf(ui, d)} of ${d.row}.`;
  } else {
    const blocker = blockerOf(city, d, f.side);
    why = `<b class="bad">Hidden</b>: ${blocker ? `the district at ${esc(blocker.place)} stands ${f.side === 'left' ? 'to its left' : 'to its right'} on the same storey and blocks the view` : 'another district blocks the view'}. It gives nothing.`;
  }
  const adj = (face.adjacent || []).map((c) => ui.cardName(c)).join(', ');
  ui.el.detail.innerHTML = `${CLOSE}<div class="aq-detail-card">${cardFace(card, { size: 'normal' })}</div>
    <div class="aq-detail-text"><h4>${esc(card.name)} <span class="muted">· its ${f.side} face</span></h4>
    <p>${esc(cap(d.place))}${d.storey > 1 ? ' (on a bridge)' : ''}. Back to back with ${esc(ui.cat.byKey[d[other].key].name)}.</p>
    <p>${why}</p>
    ${face.active ? `<p>${icon('adjacent')}Adjacent (${f.side} picture): ${adj ? esc(adj) : 'none'}.</p>` : ''}
    ${face.doused ? `<p>${icon('water')}Doused.</p>` : ''}${d.protected ? `<p>${icon('protect')}Protected: survives the Downfall.</p>` : ''}</div>`;
}

/** The short tip beside a hovered or focused face: active or hidden, and why. */
export function faceTip(ui, f) {
  const city = ui.snap.view.cities[ui.shown];
  const d = city.districts.find((q) => q.id === f.district);
  if (!d) return '';
  const face = d[f.side];
  const card = ui.cat.byKey[face.key];
  let why;
  if (face.active) why = `<b class="ok">Active</b> · first face seen from the ${f.side}`;
  else {
    const blocker = blockerOf(city, d, f.side);
    why = `<b class="bad">Hidden</b> · ${blocker ? `the district at ${esc(blocker.place)} blocks the ${f.side} view` : 'blocked'}`;
  }
  const n = (face.adjacent || []).length;
  const adj = face.active ? `<br>${icon('adjacent')}${n ? `${n} adjacent building${n > 1 ? 's' : ''} (dashed orange)` : 'nothing adjacent yet'}` : '';
  return `<b>${esc(card.name)}</b><br>${why}${face.doused ? `<br>${icon('water')}doused` : ''}${adj}`;
}

/** The detail box for a card (in a hand or the draft): its ability and flavour. */
export function showCard(ui, key, announce = true) {
  const card = ui.cat.byKey[key];
  if (!card) return;
  Object.assign(ui.el.detail.dataset, { keep: 'true', at: 'bottom' }); // asked for: stays until closed
  ui.el.detail.innerHTML = `${CLOSE}<div class="aq-detail-card">${cardFace(card, { size: 'normal' })}</div>
    <div class="aq-detail-text"><h4>${esc(card.name)}</h4><p>${abilityText(card.ability)}</p><p class="muted"><i>${esc(card.flavour || '')}</i></p></div>`;
  if (announce) ui.frame.announce(cardLabel(card));
}

/** A card shown large in a dialog. */
export function zoomCard(ui, key) {
  const card = ui.cat.byKey[key];
  ui.frame.dialog({ title: card.name, html: `<div class="aq-zoomed">${cardFace(card, { size: 'big' })}<p class="muted"><i>${esc(card.flavour || '')}</i></p></div>`, buttons: [['Close', 'close', true]], testid: 'zoom' });
}
