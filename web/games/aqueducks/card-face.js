// A building card drawn from the card data (HTML + inline SVG icons): tier ducks, allowed
// storeys, requirement banner, dousing requirement, resources produced, ability with icons.
import { icon, WORD } from './icons.js';
import { mainResource } from './catalog.js';

const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

const TRIGGER = { played: ['played', 'When played'], era_end: ['era_end', 'End of Era'], ongoing: ['ongoing', 'While active'] };

function perText(per, html) {
  if (!per) return '';
  const I = (n) => (html ? icon(n) : '');
  switch (per.count) {
    case 'resource': return ` per ${I(per.resource)}${WORD[per.resource]} in your city`;
    case 'adjacent_symbol': return ` per adjacent ${I(per.resource)}${WORD[per.resource]}`;
    case 'adjacent_buildings': return ` per ${I('adjacent')}adjacent building`;
    case 'active_buildings':
      return per.douse ? ` per active building with a ${I('douse')}dousing requirement`
        : ` per active Tier ${per.tier} building`;
    case 'symbols_played':
      return ` per ${per.resources.map((r) => I(r) + WORD[r]).join(' or ')} in each district you play`;
    default: return '';
  }
}

/** The ability in words (html: with icons). */
export function abilityText(ab, html = true) {
  if (!ab || ab.effect === 'none') return html ? '<span class="muted">No ability.</span>' : 'No ability.';
  const I = (n) => (html ? icon(n) : '');
  let body;
  if (ab.effect === 'gain') {
    const what = ab.gain === 'duckats' ? `${I('duckat')}${ab.amount} duckat${ab.amount === 1 ? '' : 's'}`
      : `${I(ab.gain)}${ab.amount} ${WORD[ab.gain]}`;
    body = `Gain ${what}${perText(ab.per, html)}.`;
  } else if (ab.effect === 'ignore_dousing') body = `Ignore every ${I('douse')}dousing requirement.`;
  else if (ab.effect === 'douse_all') body = `Douses ${I('water')}every active building in your city.`;
  else if (ab.effect === 'retrigger') body = `Use the best When played ability of another active building again.`;
  else body = '';
  const t = TRIGGER[ab.trigger];
  if (!t) return body;
  return html ? `<span class="aq-trig">${icon(t[0])}<b>${t[1]}:</b></span> ${body}` : `${t[1]}: ${body}`;
}

const STOREY_WORDS = ['ground floor', 'second storey', 'third storey'];

export function storeysText(card) {
  const s = card.storeys;
  // the words of py/aqueducks/places.py storeys_words (a card's storeys come from the catalog)
  if (s.length === 3) return 'any storey';
  if (s.length === 1) return `the ${STOREY_WORDS[s[0] - 1]} only`;
  return `the ${s.slice(0, -1).map((v) => (v > 1 ? STOREY_WORDS[v - 1].replace(' storey', '') : STOREY_WORDS[v - 1])).join(', ')} or ${STOREY_WORDS[s[s.length - 1] - 1]}`;
}

export function requiresText(card) {
  const parts = Object.entries(card.requires || {}).map(([r, n]) => `${n} ${WORD[r]}`);
  return parts.length ? `needs ${parts.join(', ')}` : 'no requirements';
}

/** One sentence describing the card for screen readers and aria-labels. */
export function cardLabel(card) {
  const prod = card.produces.length ? card.produces.map((r) => WORD[r]).join(', ') : 'nothing';
  return `${card.name}, tier ${card.tier}, ${storeysText(card)}, ${requiresText(card)}` +
    `${card.douse ? ', must be doused' : ''}; produces ${prod}; ${abilityText(card.ability, false)}`;
}

/** The card face as HTML. size: 'normal' | 'small' | 'big'. */
export function cardFace(card, { size = 'normal', extra = '' } = {}) {
  if (!card) return '<div class="aq-card aq-card-back"></div>';
  const ducks = Array.from({ length: card.tier }, () => icon('duck', 'duck')).join('') + `<span class="visually-hidden">Tier ${card.tier}</span>`;
  const storeys = [3, 2, 1].map((s) => `<span class="st ${card.storeys.includes(s) ? 'on' : ''}" title="${STOREY_WORDS[s - 1]}">${s}</span>`).join('');
  const req = Object.entries(card.requires || {});
  const reqHtml = req.length
    ? `<div class="aq-req" title="${esc(requiresText(card))}"><span class="aq-req-label">needs</span>${req.map(([r, n]) => `<span class="aq-req-item">${icon(r)}${n > 1 ? `<b>×${n}</b>` : ''}<span class="visually-hidden"> ${n} ${WORD[r]}</span></span>`).join('')}</div>`
    : '<div class="aq-req aq-req-none">no needs</div>';
  const douse = card.douse ? `<div class="aq-douse" title="Dousing requirement: must be next to water">${icon('douse')}<span>needs water</span></div>` : '';
  const prod = card.produces.length ? card.produces.map((r) => `<span class="aq-prod-item" title="${WORD[r]}">${icon(r)}<span class="visually-hidden">${WORD[r]}</span></span>`).join('') : '<span class="muted">—</span>';
  return `<div class="aq-card aq-card-${size} res-${mainResource(card)} tier-${card.tier}">
    <div class="aq-card-top"><span class="aq-tier" title="Tier ${card.tier}">${ducks}</span>
      <span class="aq-storeys" title="Allowed: ${storeysText(card)}" aria-hidden="true">${storeys}</span><span class="visually-hidden">, ${storeysText(card)}.</span></div>
    <div class="aq-card-name">${esc(card.name)}</div>
    ${reqHtml}${douse}
    <div class="aq-prod"><span class="visually-hidden">Produces: </span>${prod}</div>
    <div class="aq-ability">${abilityText(card.ability)}</div>
    ${card.faction ? `<div class="aq-card-faction">${esc(card.faction)} starting pair</div>` : ''}
    ${extra}
  </div>`;
}
