// Where the coach's bubble goes, decided from the rectangles of what it must leave in sight:
// of the places along the window's foot and top, then at any height between from the foot up
// (on a narrow window only down its middle, the bubble being about as wide), the one covering
// least of them, each rectangle weighted (a thing to press counts most). A tie keeps the
// bubble where it is, else takes the first place listed (the foot's middle): the bubble moves
// only for a place that covers strictly less, so it does not hop between equal places as the
// rings follow the screen.

const MARGIN = 10;   // from the window's edges
const CLEAR = 8;     // room kept around a rectangle it avoids
const STEP = 16;     // between the heights tried

/** The area the bubble at `b` shares with `r` grown by CLEAR on every side. */
function overlap(b, r) {
  const w = Math.min(b.right, r.right + CLEAR) - Math.max(b.left, r.left - CLEAR);
  const h = Math.min(b.bottom, r.bottom + CLEAR) - Math.max(b.top, r.top - CLEAR);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The places a w x h bubble may take in a vw x vh window, in order of preference:
 *  [name, left, top]. */
export function places(w, h, vw, vh) {
  const xs = { mid: (vw - w) / 2, left: MARGIN, right: vw - w - MARGIN };
  const ys = { foot: vh - h - MARGIN, top: MARGIN };
  const across = vw >= 2 * w + 3 * MARGIN ? ['mid', 'left', 'right'] : ['mid'];
  const out = [];
  for (const y of ['foot', 'top']) for (const x of across) out.push([`${y}-${x}`, xs[x], ys[y]]);
  // the middle of the window covers the game most: the heights between come last, from the
  // foot up (a screen's top holds its status and the prompt of the decision)
  for (let y = ys.foot - STEP; y > ys.top; y -= STEP) {
    for (const x of across) out.push([`at-${Math.round(y)}-${x}`, xs[x], y]);
  }
  // inside the window; one smaller than the bubble shows its top left corner
  const fit = (v, room) => Math.max(0, Math.round(Math.min(v, room)));
  return out.map(([name, left, top]) => [name, fit(left, vw - w), fit(top, vh - h)]);
}

/** The place for a bubble of `size` ({width, height}) in a window of `view` ({width, height})
 *  that covers least of `avoid` ([{rect: {left, top, right, bottom}, weight}]), given the
 *  place it has now (`current`, a name, or null): {name, left, top, cost}. */
export function choosePlace(size, avoid, view, current = null) {
  const cost = (left, top) => avoid.reduce((sum, { rect, weight }) => sum
    + weight * overlap({ left, top, right: left + size.width, bottom: top + size.height }, rect), 0);
  let best = null;
  let now = null;
  for (const [name, left, top] of places(size.width, size.height, view.width, view.height)) {
    const c = { name, left, top, cost: cost(left, top) };
    if (!best || c.cost < best.cost) best = c;
    if (name === current) now = c;
  }
  return now && now.cost <= best.cost ? now : best;
}

/** Put the coach's `box` (position: fixed) where it covers least of `avoid`. */
export function placeCoach(box, avoid) {
  const size = { width: box.offsetWidth, height: box.offsetHeight };
  if (!size.width || !size.height) return;
  const at = choosePlace(size, avoid, { width: innerWidth, height: innerHeight }, box.dataset.place || null);
  box.dataset.place = at.name;
  Object.assign(box.style, { left: `${at.left}px`, top: `${at.top}px`, bottom: 'auto', transform: 'none' });
}
