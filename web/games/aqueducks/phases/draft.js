// Draft: pick one building from the drafting hand in front of you; the rest are passed on.

export function panel(ui) {
  const v = ui.snap.view;
  const n = v.draft_hand ? v.draft_hand.length : 0;
  const solo = v.solo;
  const picked = v.draft ? v.draft.picked : 0;
  const sel = ui.draftSel;
  return `<p class="aq-prompt">${solo ? `Draft: keep ${v.draft.keep} of these buildings, one at a time (${picked} kept so far).`
    : `Draft: take one building of the ${n} in front of you; the rest go to ${ui.esc(ui.seats[(v.you + 1) % v.players].name)}, and you get ${ui.esc(ui.seats[(v.you + v.players - 1) % v.players].name)}'s.`} Picks go to your discard pile and come back after the shuffle.</p>
    ${ui.errorText ? `<p class="aq-error" role="alert" data-testid="error">${ui.esc(ui.errorText)}</p>` : ''}
    <div class="aq-buttons"><button type="button" class="btn btn-primary" data-act="take" data-testid="confirm-pick" ${sel === null ? 'disabled' : ''}>${sel === null ? 'Pick a building' : `Take ${ui.esc(ui.cardName(sel))}`}</button></div>`;
}

export function clickCard(ui, cid) {
  ui.draftSel = ui.draftSel === cid ? null : cid;
  ui.refresh();
  if (ui.draftSel !== null) {
    ui.frame.announce(`${ui.cardName(cid)} selected. Press Take to keep it.`);
    const b = ui.root.querySelector('[data-testid=confirm-pick]');
    if (b) b.focus();
  }
}

export function onClick(ui, b) {
  if (b.dataset.act === 'take' && ui.draftSel !== null) ui.trySubmit({ type: 'pick', card: ui.draftSel });
}
