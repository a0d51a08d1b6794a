// The focusable buttons over the table's canvas, placed where the camera draws their cells: a
// button on every lit spot (the keyboard's and the screen reader's way to lay a card, in
// reading order) and, for every line with no card in view, a marker on the table's edge that
// points to it and brings it into view.
import { cardWords } from './card-art.js';
import { possessive } from '../../shell/words.js';

/** A button on every lit spot, over its cell; the one under the pointer or focus is the
 * table's hover (the preview it paints). table: the TableCanvas (its state, camera, layers). */
export function placeSpots(table) {
  const s = table.state;
  const spots = s.spots || [];
  const have = new Map([...table.spotLayer.children].map((b) => [b.dataset.key, b]));
  const keep = new Set();
  spots.forEach((spot, i) => {
    const key = `${spot.x},${spot.y}`;
    keep.add(key);
    let b = have.get(key);
    if (!b) {
      b = document.createElement('button');
      b.type = 'button';
      b.className = 'ww-spot';
      b.dataset.key = key;
      b.addEventListener('click', () => table.onSpot(b.spot));
      b.addEventListener('keydown', (e) => table.onSpotKey(e, b.spot));
      b.addEventListener('pointerenter', () => { table.hover = b.spot; table.draw(); });
      b.addEventListener('pointerleave', () => { if (table.hover === b.spot) { table.hover = null; table.draw(); } });
      b.addEventListener('focus', () => { table.hover = b.spot; table.draw(); });
      b.addEventListener('blur', () => { if (table.hover === b.spot) { table.hover = null; table.draw(); } });
      table.spotLayer.append(b);
    }
    b.spot = spot;
    b.dataset.testid = `spot-${spot.x}-${spot.y}`;
    b.dataset.kind = spot.kind;
    b.dataset.x = spot.x;
    b.dataset.y = spot.y;
    if (spot.wins) b.dataset.wins = 'true'; else delete b.dataset.wins;
    // laid turned round from the way the hand shows it (the ⟲ painted on the spot)
    if (spot.flip) b.dataset.turned = 'true'; else delete b.dataset.turned;
    b.setAttribute('aria-label', spotLabel(spot, s));
    b.style.order = i;
    const [x, y, w, h] = table.cellRect(spot.x, spot.y);
    Object.assign(b.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
  });
  for (const [key, b] of have) if (!keep.has(key)) b.remove();
  // keep DOM order = reading order so Tab follows the table
  // (moving a focused button would blur it: only when the order really changed)
  const now = [...table.spotLayer.children];
  const sorted = [...now].sort((a, b) => Number(a.style.order) - Number(b.style.order));
  if (sorted.some((b, i) => b !== now[i])) {
    const had = document.activeElement;
    for (const b of sorted) table.spotLayer.append(b);
    if (had && had.isConnected && had !== document.activeElement) had.focus({ preventScroll: true });
  }
  if (table.hover && !keep.has(`${table.hover.x},${table.hover.y}`)) table.hover = null;
}

/** For every line with no card in view, a button on the table's edge pointing to it. */
export function placeMarkers(table) {
  const s = table.state;
  const lines = new Map();
  for (const c of s.view.cards) {
    if (!lines.has(c.owner)) lines.set(c.owner, []);
    lines.get(c.owner).push(c);
  }
  const keep = new Set();
  const size = 44; const pad = 4;
  for (const [p, cells] of lines) {
    const seen = cells.some((c) => {
      const [x, y, w, h] = table.cellRect(c.x, c.y);
      return x + w > 0 && y + h > 0 && x < table.vw && y < table.vh;
    });
    if (seen) continue;
    keep.add(String(p));
    let b = table.markerLayer.querySelector(`[data-line="${p}"]`);
    if (!b) {
      b = document.createElement('button');
      b.type = 'button';
      b.className = 'ww-marker';
      b.dataset.line = String(p);
      b.dataset.testid = `line-marker-${p}`;
      table.markerLayer.append(b);
    }
    // from the view's centre toward the line's middle, stopped at the edge
    const mx = cells.reduce((n, c) => n + c.x + 0.5, 0) / cells.length;
    const my = cells.reduce((n, c) => n + c.y + 0.5, 0) / cells.length;
    const dx = table.cam.ox + mx * table.cw - table.vw / 2;
    const dy = table.cam.oy + my * table.ch - table.vh / 2;
    const k = Math.min((table.vw / 2 - size / 2 - pad) / (Math.abs(dx) || 1e-6), (table.vh / 2 - size / 2 - pad) / (Math.abs(dy) || 1e-6));
    const left = table.vw / 2 + dx * k - size / 2; const top = table.vh / 2 + dy * k - size / 2;
    const ang = Math.atan2(dy, dx) * 180 / Math.PI;
    const name = s.names[p];
    b.style.cssText = `left:${Math.round(left)}px;top:${Math.round(top)}px;--c:${s.colours[p]};--a:${Math.round(ang)}deg`;
    b.innerHTML = `<span class="ww-marker-arrow" aria-hidden="true"></span><span aria-hidden="true">${p + 1}</span>`;
    b.setAttribute('aria-label', `${p + 1}: show ${name === 'You' ? 'your' : `${name}'s`} line`);
    b.title = b.getAttribute('aria-label');
  }
  for (const b of [...table.markerLayer.children]) if (!keep.has(b.dataset.line)) b.remove();
}

const SIDE = { N: 'above', S: 'below', E: 'right of', W: 'left of' };
const OPPOSITE = { N: 'S', S: 'N', E: 'W', W: 'E' };
const WAYS = { N: 'up', E: 'right', S: 'down', W: 'left' };

/** "up", "up and left", "right, down and left". */
export function waysWords(dirs) {
  const ws = dirs.map((d) => WAYS[d]);
  return ws.length < 2 ? ws.join('') : `${ws.slice(0, -1).join(', ')} and ${ws[ws.length - 1]}`;
}

/** Which ways a card laid at open end `end` takes the line on ("leading up and left"), or that
 *  it closes it: what a player who cannot see the table needs to know of where it goes. */
function leading(face, end) {
  const onward = face && face.kind === 'pipe' ? face.openings.filter((d) => d !== OPPOSITE[end.dir]) : [];
  return onward.length ? `, leading ${waysWords(onward)}` : ', closing that end';
}

/** A lit spot in a player's words: the card, whether it goes in turned round, and where, told
 * by the card it continues or covers (the table's grid is the engine's, not the player's), and
 * at an open end which ways it leads on. */
export function spotLabel(spot, s) {
  const v = s.view;
  const face = spot.face || s.previewCard;
  const card = `the ${cardWords(face)}${spot.flip ? ', turned round,' : ''}`;
  const whose = (p) => (p === s.viewer ? 'your' : possessive(s.names[p]));
  const here = v.cards.find((c) => c.x === spot.x && c.y === spot.y);
  const end = v.open_ends.find((e) => e.x === spot.x && e.y === spot.y);
  const from = end && v.cards.find((c) => c.x === end.from[0] && c.y === end.from[1]);
  const next = from ? ` ${SIDE[end.dir]} ${whose(from.owner)} ${cardWords(from)}${leading(face, end)}` : '';
  if (spot.kind === 'cover') return `Cover your leak, the ${here ? cardWords(here) : 'leaky card'}, with ${card}`.replace(/,$/, '');
  if (spot.kind === 'leak') {
    return here ? `Lay ${card} as a leak on top of ${whose(here.owner)} ${cardWords(here)}`
      : `Lay ${card} as a leak on ${possessive(s.names[spot.target])} line,${next}`.replace(/,$/, '');
  }
  return `Lay ${card} on your line,${next}${spot.wins ? ', then add your spout and win' : ''}`.replace(/,$/, '');
}
