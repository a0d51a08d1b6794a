// Publican visit: donate on a highlighted space of the Pondifex board, or pass.
import { icon } from '../icons.js';

export function panel(ui) {
  const v = ui.snap.view;
  const legal = ui.snap.legal.filter((m) => m.type === 'donate');
  const rows = v.pondifex.rows;
  const opts = legal.map((m) => {
    const [ri, idx] = m.space.split('-').map(Number);
    const row = rows[ri];
    const pushes = row.cubes.slice(idx).map((q) => ui.seats[q].name);
    return `<button type="button" class="btn aq-donate-opt" data-space="${m.space}" data-testid="donate-opt-${m.space}">
      ${icon('duckat')}${row.cost} → ${icon('favour')}${row.favour[idx]}${pushes.length ? ` <span class="aq-arm">strong-arms ${ui.esc(pushes.join(', '))}</span>` : ''}</button>`;
  }).join('');
  const me = v.cities[v.you];
  return `<p class="aq-prompt">The Publican is at your door. You have ${icon('duckat')}<b>${me.duckats}</b> duckats, ${icon('military')}${me.resources.military} Military and ${icon('luxury')}${me.resources.luxury} Luxury (+${me.resources.luxury} Favour on any donation).
    Pick a space on the Pondifex board or here, or pass.</p>
    ${ui.errorText ? `<p class="aq-error" role="alert" data-testid="error">${ui.esc(ui.errorText)}</p>` : ''}
    <div class="aq-buttons aq-donate-list">${opts}<button type="button" class="btn" data-act="pass" data-testid="pass">Pass</button></div>`;
}

export function onClick(ui, b) {
  if (b.dataset.space) donate(ui, b.dataset.space);
  else if (b.dataset.act === 'pass') ui.trySubmit({ type: 'pass' });
}

export function donate(ui, space) { ui.trySubmit({ type: 'donate', space }); }
