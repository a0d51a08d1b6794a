// Build: a step-by-step picker over the engine's legal build moves.
// Step 1 pick a card, step 2 pick a second card, step 3 pick a place on the city (green =
// some legal move uses it; grey ones may still be tried and the engine explains why not),
// step 4 confirm: which face goes left / right (swap when both are legal) and the bridge.

export function newBuildState() {
  return { a: null, b: null, place: null, orient: 0, bridge: 0, error: null };
}

const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
const same = (m, a, b) => (m.cards[0] === a && m.cards[1] === b) || (m.cards[0] === b && m.cards[1] === a);
const at = (m, p) => m.x === p.x && m.y === p.y && m.storey === p.storey;

export function buildInfo(ui) {
  const st = ui.build;
  const moves = ui.snap.legal.filter((m) => m.type === 'build');
  const canPass = ui.snap.legal.some((m) => m.type === 'pass');
  const inAny = new Set(moves.flatMap((m) => m.cards));
  let enabled;
  if (st.a === null) enabled = inAny;
  else if (st.b === null) enabled = new Set([st.a, ...moves.filter((m) => m.cards.includes(st.a)).flatMap((m) => m.cards)]);
  else enabled = new Set([st.a, st.b]);
  const pair = st.a !== null && st.b !== null ? moves.filter((m) => same(m, st.a, st.b)) : [];
  let orients = [];
  let bridges = [];
  let move = null;
  if (st.place && pair.length) {
    const here = pair.filter((m) => at(m, st.place));
    const seen = new Map();
    for (const m of here) seen.set(m.cards.join(','), m.cards);
    orients = [...seen.values()];
    const o = orients[st.orient % Math.max(1, orients.length)];
    if (o) {
      bridges = [...new Set(here.filter((m) => m.cards[0] === o[0] && m.cards[1] === o[1]).map((m) => m.bridge))];
      const br = bridges[st.bridge % Math.max(1, bridges.length)];
      move = here.find((m) => m.cards[0] === o[0] && m.cards[1] === o[1] && m.bridge === br) || null;
    }
  }
  return { moves, canPass, enabled, pair, orients, bridges, move };
}

/** Places offered on the city in step 3: every space the engine says a district may stand on
 * now (city.spaces: supported, within the 3 × 5 extent, in any direction), legal ones for this
 * pair marked. */
export function placeTargets(ui, info) {
  return ui.myCity().spaces.map((p) => ({ x: p.x, y: p.y, storey: p.storey, place: p.place, legal: info.pair.some((m) => at(m, p)) }));
}

/** Would each face of a new district here be seen (presentation only, from the view). */
export function ghostFaces(city, p) {
  const row = city.districts.filter((d) => d.y === p.y && d.storey === p.storey);
  return { left: !row.some((d) => d.x < p.x), right: !row.some((d) => d.x > p.x) };
}

export function clickCard(ui, cid) {
  const st = ui.build;
  st.error = null;
  if (st.a === cid) { Object.assign(st, { a: st.b, b: null, place: null, orient: 0, bridge: 0 }); }
  else if (st.b === cid) { Object.assign(st, { b: null, place: null, orient: 0, bridge: 0 }); }
  else if (st.a === null) st.a = cid;
  else if (st.b === null) st.b = cid;
  else if (st.place) {
    // with a place chosen, clicking another card picks it as the bridge when it can be one
    const info = buildInfo(ui);
    const k = info.bridges.indexOf(cid);
    if (k >= 0) st.bridge = k;
  }
  ui.refresh();
  const info = buildInfo(ui);
  if (st.a !== null && st.b === null) ui.frame.announce(`${ui.cardName(st.a)} picked. Now pick the second building.`);
  if (st.b !== null && !st.place) {
    const n = new Set(info.pair.map((m) => `${m.x},${m.y},${m.storey}`)).size;
    ui.frame.announce(`${ui.cardName(st.a)} and ${ui.cardName(st.b)}: ${n} place${n === 1 ? '' : 's'} allowed. Pick a place on the city.`);
  }
}

export async function clickPlace(ui, t) {
  const st = ui.build;
  st.error = null;
  if (!t.legal) {
    // Let the engine explain: send the move as picked.
    const hand = ui.snap.view.hand.map((h) => h.card).filter((c) => c !== st.a && c !== st.b);
    const move = { type: 'build', cards: [st.a, st.b], x: t.x, y: t.y, storey: t.storey, bridge: t.storey > 1 ? (hand[0] ?? null) : null };
    const err = await ui.submit(move);
    if (err) { st.error = err.message; ui.frame.announce(err.message); ui.refresh(); }
    return;
  }
  st.place = { x: t.x, y: t.y, storey: t.storey, place: t.place };
  st.orient = 0;
  st.bridge = 0;
  ui.refresh();
  const info = buildInfo(ui);
  ui.frame.announce(`${cap(t.place)}. ${describe(ui, info)} Press Build to confirm.`);
  const btn = ui.root.querySelector('[data-testid=confirm-build]');
  if (btn) btn.focus();
}

function describe(ui, info) {
  if (!info.move) return '';
  const g = ghostFaces(ui.myCity(), ui.build.place);
  const [L, R] = info.move.cards;
  return `${ui.cardName(L)} faces left (${g.left ? 'active' : 'hidden'}), ${ui.cardName(R)} faces right (${g.right ? 'active' : 'hidden'})` +
    (info.move.bridge !== null ? `, bridge: ${ui.cardName(info.move.bridge)}.` : '.');
}

export function back(ui) {
  const st = ui.build;
  st.error = null;
  if (st.place) st.place = null;
  else if (st.b !== null) st.b = null;
  else st.a = null;
  ui.refresh();
}

export function swap(ui) { const info = buildInfo(ui); if (info.orients.length > 1) { ui.build.orient += 1; ui.build.bridge = 0; ui.refresh(); ui.frame.announce(describe(ui, buildInfo(ui))); } }
export function nextBridge(ui) { const info = buildInfo(ui); if (info.bridges.length > 1) { ui.build.bridge += 1; ui.refresh(); ui.frame.announce(describe(ui, buildInfo(ui))); } }

export function panel(ui) {
  const st = ui.build;
  const info = buildInfo(ui);
  const steps = [
    ['1', 'first building', st.a !== null ? ui.cardName(st.a) : null],
    ['2', 'second building', st.b !== null ? ui.cardName(st.b) : null],
    ['3', 'place', st.place ? st.place.place : null],
  ];
  const chips = `<ol class="aq-steps">${steps.map(([n, what, v]) => `<li class="${v ? 'done' : ''}"><b>${n}</b> ${v ? ui.esc(v) : what}</li>`).join('')}</ol>`;
  let prompt;
  let buttons = '';
  if (!info.moves.length) prompt = 'You have no legal district to build this time.';
  else if (st.a === null) prompt = 'Pick two buildings from your hand to form a district (highlighted cards can be built).';
  else if (st.b === null) prompt = `Pick a second building to go back to back with ${ui.esc(ui.cardName(st.a))}.`;
  else if (!st.place) prompt = 'Pick a place on your city: <b class="ok">green</b> places are allowed. You may try a grey one to hear why not.';
  else {
    const g = ghostFaces(ui.myCity(), st.place);
    const [L, R] = info.move ? info.move.cards : [st.a, st.b];
    const face = (c, on, side) => `<span class="aq-facepick ${on ? 'on' : 'off'}">${side}: <b>${ui.esc(ui.cardName(c))}</b> · ${on ? 'active' : 'hidden (no needs)'}</span>`;
    prompt = `${face(L, g.left, 'Faces left')} ${face(R, g.right, 'Faces right')}`;
    if (info.move && info.move.bridge !== null) {
      prompt += `<div class="aq-bridge-pick" role="group" aria-label="Bridge card">Bridge (laid flat under it): ${info.bridges.map((b, k) =>
        `<button type="button" class="btn btn-small ${k === st.bridge % info.bridges.length ? 'btn-sel' : ''}" data-bridge="${k}" aria-pressed="${k === st.bridge % info.bridges.length}" data-testid="bridge-${b}">${ui.esc(ui.cardName(b))}</button>`).join(' ')}</div>`;
    }
    buttons += info.orients.length > 1 ? '<button type="button" class="btn" data-act="swap" data-testid="swap">⇄ Swap sides</button>' : '';
    buttons += `<button type="button" class="btn btn-primary" data-act="confirm" data-testid="confirm-build" ${info.move ? '' : 'disabled'}>Build here</button>`;
  }
  if (st.a !== null) buttons += '<button type="button" class="btn btn-quiet" data-act="back" data-testid="build-back">Back</button>';
  if (info.canPass) buttons += '<button type="button" class="btn" data-act="pass" data-testid="pass">Pass</button>';
  return { html: `${chips}<p class="aq-prompt">${prompt}</p>${st.error ? `<p class="aq-error" role="alert" data-testid="error">${ui.esc(st.error)}</p>` : ''}<div class="aq-buttons">${buttons}</div>`, info };
}

export async function onClick(ui, b) {
  if (b.dataset.bridge !== undefined) { ui.build.bridge = Number(b.dataset.bridge); ui.refresh(); return; }
  const act = b.dataset.act;
  if (act === 'back') back(ui);
  else if (act === 'swap') swap(ui);
  else if (act === 'pass') { const err = await ui.submit({ type: 'pass' }); if (err) { ui.build.error = err.message; ui.refresh(); } }
  else if (act === 'confirm') {
    const { move } = buildInfo(ui);
    if (!move) return;
    const err = await ui.submit(move);
    if (err) { ui.build.error = err.message; ui.frame.announce(err.message); ui.refresh(); }
  }
}
