// Numbered rings around what to press, drawn over the page: the tutorial coach's
// (web/tutorial/coach.js, which places its bubble with coach-place.js) and the Hint's
// (web/shell/hint.js), in one style (coach.css).

/**
 * Ring `i` of `layer` (made the first time, numbered i + 1, `testid` + i) around `r`, a box in
 * the window, or hidden when there is none in sight; returns whether it is shown.
 */
export function placeRing(layer, i, r, testid) {
  let ring = layer.children[i];
  if (!ring) {
    ring = document.createElement('div');
    ring.className = 'coach-ring';
    ring.dataset.testid = `${testid}${i}`;
    ring.innerHTML = `<span class="coach-ring-n">${i + 1}</span>`;
    layer.append(ring);
  }
  const shown = !!r && r.width > 0 && r.height > 0;
  ring.hidden = !shown;
  if (!shown) return false;
  Object.assign(ring.style, { left: `${r.left - 4}px`, top: `${r.top - 4}px`, width: `${r.width + 8}px`, height: `${r.height + 8}px` });
  ring.dataset.x = String(Math.round(r.left + r.width / 2));
  ring.dataset.y = String(Math.round(r.top + r.height / 2));
  return true;
}
