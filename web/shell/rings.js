// Numbered rings around what to press, drawn over the page, and whether what to press is in
// sight (bringing it there): the tutorial coach's
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

/** Is the middle of `r` under a fixed or sticky box (a sticky panel) that is not the
 *  target's own container? (For targets drawn on a canvas, which have no element.) The coach
 *  does not count: it moves off its targets by itself. */
export function covered(r) {
  const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (el && el.closest('[data-testid=coach]')) return false;
  for (let e = el; e && e !== document.body; e = e.parentElement) {
    const pos = getComputedStyle(e).position;
    if (pos === 'fixed' || pos === 'sticky') {
      const b = e.getBoundingClientRect();
      return !(b.left <= r.left && b.top <= r.top && b.right >= r.right && b.bottom >= r.bottom);
    }
  }
  return false;
}

/** The part of `el` its scrolling containers leave in sight (a button scrolled out of a
 *  panel has none): its box cut by every ancestor that clips its overflow. */
export function visibleRect(el) {
  let { left, top, right, bottom } = el.getBoundingClientRect();
  for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
    const st = getComputedStyle(e);
    if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
    const b = e.getBoundingClientRect();
    left = Math.max(left, b.left); top = Math.max(top, b.top);
    right = Math.min(right, b.right); bottom = Math.min(bottom, b.bottom);
  }
  return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
}

/** Scroll every container of `el` that the person can scroll too (overflow auto or scroll,
 *  never a clipped overflow: hidden box, whose content would then be stuck off place), then
 *  the page, so that `el` stands in the middle of each. */
export function bringIntoView(el) {
  for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
    const st = getComputedStyle(e);
    const r = el.getBoundingClientRect();
    const b = e.getBoundingClientRect();
    if (/auto|scroll/.test(st.overflowY) && e.scrollHeight > e.clientHeight) {
      e.scrollTop += (r.top + r.height / 2) - (b.top + e.clientHeight / 2);
    }
    if (/auto|scroll/.test(st.overflowX) && e.scrollWidth > e.clientWidth) {
      e.scrollLeft += (r.left + r.width / 2) - (b.left + e.clientWidth / 2);
    }
  }
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) window.scrollBy(0, r.top - window.innerHeight / 2 + r.height / 2);
}

/** Can the person press `el` where it is drawn: whole in the window, not clipped by a
 *  scrolling container, and its middle not under something else (the coach, a panel)? */
export function inSight(el) {
  const r = el.getBoundingClientRect();
  const v = visibleRect(el);
  if (r.width <= 0 || r.height <= 0 || v.width < r.width - 1 || v.height < r.height - 1) return false;
  if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  // the coach's own bubble moves off it by itself (coach-place.js): no scrolling for that
  return !!hit && (el === hit || el.contains(hit) || !!hit.closest('[data-testid=coach]'));
}
