// The player board (resources, duckats, Favour, protection, faction ability) and the
// Pondifex board (action track, donation spaces with cubes, Favour track, Publican order).
import { icon, WORD } from './icons.js';

const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

export const ACTION_NAME = {
  build: 'Build', publican: 'Publican', end_of_era: 'End of Era', protect: 'Protect',
  downfall: 'Downfall', draft: 'Draft',
};
const ACTION_ICON = { build: 'building', publican: 'duckat', end_of_era: 'era_end', protect: 'protect', downfall: 'hidden', draft: 'duck' };

export function playerBoard(city, seat, { solo = false } = {}) {
  const res = ['tree', 'brick', 'column', 'water', 'faith', 'military', 'luxury'];
  return `<section class="aq-pboard" style="--seat:${seat.colour}" aria-label="${esc(seat.name)}'s board">
    <h3><span class="aq-dot" aria-hidden="true"></span>${esc(seat.name)} <span class="muted">· ${esc(city.faction_name)}</span></h3>
    <ul class="aq-money">
      <li data-testid="duckats">${icon('duckat')}<b>${city.duckats}</b> duckats</li>
      ${solo ? '' : `<li data-testid="favour">${icon('favour')}<b>${city.favour}</b> Favour</li>`}
      <li>${icon('protect')}<b>${city.protection_left}</b> protection left</li>
    </ul>
    <ul class="aq-res" aria-label="Resources in the city">
      ${res.map((r) => `<li class="${city.resources[r] ? '' : 'zero'}" title="${WORD[r]}">${icon(r)}<b>${city.resources[r]}</b><span class="visually-hidden"> ${WORD[r]}</span></li>`).join('')}
    </ul>
    <p class="aq-faction"><b>Faction:</b> ${esc(city.faction_ability)}</p>
    <p class="aq-decks muted">Hand ${city.hand_count} · draw pile ${city.draw_count} · discard ${city.discard_count}</p>
  </section>`;
}

export function actionTrack(view) {
  const items = view.track.map((a, i) => {
    const cur = i === view.action_index;
    const done = i < view.action_index;
    const n = view.track.slice(0, i + 1).filter((q) => q === a).length;
    const label = `${ACTION_NAME[a]}${a === 'build' || a === 'publican' ? ` ${n}` : ''}`;
    const last = view.era === 4 && i > view.final_era_last_action;
    return `<li class="${cur ? 'cur' : ''} ${done ? 'done' : ''} ${last ? 'skip' : ''}" ${cur ? 'aria-current="step"' : ''} title="${label}">
      ${icon(ACTION_ICON[a])}<span class="aq-track-name">${label}</span></li>`;
  }).join('');
  return `<div class="aq-track-wrap"><div class="aq-era" data-testid="era">Era <b>${view.era}</b> of 4</div>
    <ol class="aq-track" tabindex="0" aria-label="${view.solo ? 'Solo action track' : 'Pondifex action track'}">${items}</ol></div>`;
}

/**
 * The donation board. legal: moves [{type:'donate', space}] for the person deciding (or []).
 */
export function pondifexBoard(view, seats, legal = []) {
  if (!view.pondifex) return '';
  const legalSpaces = new Set(legal.filter((m) => m.type === 'donate').map((m) => m.space));
  const me = view.you;
  const rows = view.pondifex.rows.map((row) => {
    const spaces = row.favour.map((fav, idx) => {
      const who = row.cubes[idx];
      const id = `${row.index}-${idx}`;
      const can = legalSpaces.has(id);
      const pushes = can ? row.cubes.slice(idx) : [];
      const cube = who !== undefined ? `<span class="aq-cube" data-seat="${who}" style="--seat:${seats[who].colour}" title="${esc(seats[who].name)}">${esc(seats[who].name[0])}</span>` : '';
      const label = `Donate ${row.cost} duckats for ${fav} Favour (row ${row.index + 1}, space ${idx + 1})` +
        (pushes.length ? `, strong-arming ${pushes.map((q) => seats[q].name).join(', ')} to the right` : '') +
        (who !== undefined ? `; now holds ${seats[who].name}'s cube` : '');
      return `<button type="button" class="aq-space ${can ? 'legal' : ''} ${pushes.length ? 'strongarm' : ''}" data-space="${id}" data-testid="donate-${id}"
        ${can ? '' : 'disabled'}><span class="aq-space-face" aria-hidden="true">${icon('favour')}<b>${fav}</b>${cube}${pushes.length ? '<span class="aq-arm">⇢ strong-arm</span>' : ''}</span><span class="visually-hidden">${esc(label)}</span></button>`;
    }).join('');
    return `<div class="aq-row"><span class="aq-cost">${icon('duckat')}<b>${row.cost}</b></span>${spaces}</div>`;
  }).join('');
  const pub = view.publican;
  const order = (pub ? pub.order : view.faith_order).map((p) => {
    const cur = pub && pub.current === p;
    const done = pub && pub.done.includes(p);
    const c = view.cities[p];
    return `<li class="${cur ? 'cur' : ''} ${done ? 'done' : ''}" style="--seat:${seats[p].colour}"><span class="aq-dot"></span>${esc(seats[p].name)}
      <span class="muted">${icon('faith')}${c.resources.faith} ${icon('military')}${c.resources.military} ${icon('luxury')}${c.resources.luxury}</span>${cur ? ' <b>← deciding</b>' : done ? ' ✓' : ''}</li>`;
  }).join('');
  const maxFav = Math.max(10, ...view.cities.map((c) => c.favour));
  const favour = view.cities.map((c, p) => `<li style="--seat:${seats[p].colour}"><span class="aq-fav-name">${esc(seats[p].name)}</span>
    <span class="aq-fav-bar"><span style="width:${(100 * c.favour) / maxFav}%"></span></span><b>${c.favour}</b></li>`).join('');
  return `<section class="aq-pondifex" aria-label="Pondifex board">
    <h3>Pondifex board</h3>
    <p class="muted aq-small">Donate on a Publican visit: pay the row's duckats, gain the Favour under your cube (+${view.pondifex.luxury_bonus} per Luxury). More Military pushes lower cubes right.</p>
    <div class="aq-rows">${rows}</div>
    <h4>${pub ? 'Publican order (now visiting)' : 'Publican order (by Faith, then Military, Luxury, duckats)'}</h4>
    <ol class="aq-order">${order}</ol>
    <h4>Favour track</h4>
    <ol class="aq-favour">${favour}</ol>
  </section>`;
}
