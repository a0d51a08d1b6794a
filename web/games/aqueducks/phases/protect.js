// Protect: choose which districts survive the Downfall; the engine's legal combinations
// decide what may be picked together.

const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);

export function protectInfo(ui) {
  const combos = ui.snap.legal.filter((m) => m.type === 'protect').map((m) => m.districts);
  const sel = ui.protectSel;
  const fits = combos.filter((c) => [...sel].every((id) => c.includes(id)));
  const selectable = new Set(fits.flatMap((c) => c));
  for (const id of sel) selectable.add(id);
  const need = combos.length ? combos[0].length : 0;
  const exact = combos.find((c) => c.length === sel.size && c.every((id) => sel.has(id)));
  return { combos, need, selectable, exact };
}

export function toggle(ui, id) {
  const { selectable } = protectInfo(ui);
  if (ui.protectSel.has(id)) ui.protectSel.delete(id);
  else if (selectable.has(id)) ui.protectSel.add(id);
  else {
    ui.errorText = 'That district cannot be protected together with your current choice (an upper district needs its supporters protected, and storeys must stay legal).';
  }
  const { need } = protectInfo(ui);
  ui.frame.announce(`${ui.protectSel.size} of ${need} chosen.`);
  ui.refresh();
}

export function panel(ui) {
  const { need, selectable, exact } = protectInfo(ui);
  const city = ui.myCity();
  const items = city.districts.filter((d) => !d.protected).map((d) => {
    const on = ui.protectSel.has(d.id);
    const can = selectable.has(d.id);
    return `<button type="button" class="btn btn-small aq-protect-item ${on ? 'btn-sel' : ''}" data-protect="${d.id}" aria-pressed="${on}" ${can || on ? '' : 'aria-disabled="true"'}
      data-testid="protect-item-${d.id}"><span class="aq-protect-where">${on ? '🛡 ' : ''}${ui.esc(cap(d.place))}</span> <span class="aq-protect-names">${ui.esc(ui.cardName(d.left.card, d.left.key))} / ${ui.esc(ui.cardName(d.right.card, d.right.key))}</span></button>`;
  }).join('');
  return `<p class="aq-prompt">The Gauls are coming! Protect <b>${need}</b> more district${need === 1 ? '' : 's'}: the rest fall at the Downfall.
    Pick on the city or below (a green shield is safe already).</p>
    ${ui.errorText ? `<p class="aq-error" role="alert" data-testid="error">${ui.esc(ui.errorText)}</p>` : ''}
    <div class="aq-buttons aq-protect-list">${items}</div>
    <div class="aq-buttons aq-foot"><button type="button" class="btn btn-primary" data-act="confirm" data-testid="confirm-protect" ${exact ? '' : 'disabled'}>Protect ${ui.protectSel.size}/${need}</button></div>`;
}

export function onClick(ui, b) {
  if (b.dataset.protect) { ui.errorText = null; toggle(ui, Number(b.dataset.protect)); }
  else if (b.dataset.act === 'confirm') {
    const { exact } = protectInfo(ui);
    if (exact) ui.trySubmit({ type: 'protect', districts: exact });
  }
}
