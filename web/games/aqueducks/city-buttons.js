// The focusable buttons laid over a city canvas (city-canvas.js), where it draws what they
// stand for: each face (focus or hover shows why it is active or hidden, and a short tip),
// and while deciding, each district that can be protected or each place a district can go.
import { SIDES, faceRect } from './city-faces.js';

/** A button over every face (or, while protecting or placing, every selectable district or
 * target), laid where the canvas draws it; focus stays on the same button across redraws. */
export function placeButtons(cv) {
  const L = cv.layout;
  const ov = cv.overlay;
  const prevFocus = document.activeElement && ov.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  ov.replaceChildren();
  if (cv.tip) cv.tip.hidden = true;
  const mk = (r, cls, label, key) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `aq-hit ${cls}`;
    Object.assign(b.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.w}px`, height: `${r.h}px` });
    b.setAttribute('aria-label', label);
    b.dataset.key = key;
    ov.append(b);
    return b;
  };
  const faces = [];
  if (!cv.city) return;
  if (L.kind === 'overview') {
    const placing = !!cv.place;
    for (const sl of L.slots) {
      const d = cv.districtAt(sl.x, sl.y, sl.s);
      if (!d) continue;
      if (cv.protect && (cv.protect.selectable.has(d.id) || cv.protect.selected.has(d.id))) {
        const sel = cv.protect.selected.has(d.id);
        const b = mk(sl.r, 'aq-hit-protect', `Protect district ${d.id} at row ${d.y + 1}, column ${d.x + 1}, storey ${d.storey}: ${cv.cardOf(d.left.key).name} and ${cv.cardOf(d.right.key).name}`, `p${d.id}`);
        b.dataset.testid = `protect-${d.id}`;
        b.setAttribute('data-testid', `protect-${d.id}`);
        b.setAttribute('aria-pressed', String(sel));
        b.addEventListener('click', () => cv.onToggle(d.id));
        continue;
      }
      if (placing) continue;
      for (const side of SIDES) {
        const f = d[side];
        const card = cv.cardOf(f.key);
        const why = f.active ? `active, seen from the ${side}` : `hidden: another district stands ${side === 'left' ? 'to its left' : 'to its right'} on the same storey`;
        const b = mk(faceRect(sl.r, side), 'aq-hit-face', `${card.name}, ${side} face of district ${d.id}, row ${d.y + 1}, column ${d.x + 1}, storey ${d.storey}; ${why}${f.doused ? '; doused' : ''}${d.protected ? '; protected' : ''}`, `f${d.id}:${side}`);
        b.dataset.face = `${d.id}:${side}`;
        faces.push(b);
      }
    }
    if (placing) {
      for (const t of cv.place.targets) {
        const sl = L.slots.find((q) => q.x === t.x && q.y === t.y && q.s === t.storey);
        if (!sl) continue;
        const chosen = cv.place.chosen && cv.place.chosen.x === t.x && cv.place.chosen.y === t.y && cv.place.chosen.storey === t.storey;
        const b = mk(sl.r, `aq-hit-place ${t.legal ? 'legal' : 'illegal'}`,
          `${t.legal ? 'Build' : 'Try to build (not allowed)'} at row ${t.y + 1}, column ${t.x + 1}, storey ${t.storey}`, `t${t.x}-${t.y}-${t.storey}`);
        b.setAttribute('data-testid', `place-${t.x}-${t.y}-${t.storey}`);
        b.dataset.legal = String(t.legal);
        if (chosen) b.setAttribute('aria-pressed', 'true');
        b.addEventListener('click', () => cv.onPlace(t));
      }
    }
  } else {
    for (const c of L.cells) {
      const v = cv.pictureAt(cv.mode, c.y, c.s);
      if (!v) continue;
      const d = cv.city.districts.find((q) => q.id === v.district);
      const f = d[cv.mode];
      const card = cv.cardOf(f.key);
      const b = mk(c.r, 'aq-hit-face', `${card.name}, row ${c.y + 1}, storey ${c.s}, seen from the ${cv.mode} (district ${d.id}, column ${d.x + 1})${f.doused ? '; doused' : ''}`, `f${d.id}:${cv.mode}`);
      b.dataset.face = `${d.id}:${cv.mode}`;
      faces.push(b);
    }
  }
  faces.forEach((b, i) => {
    b.tabIndex = i === 0 ? 0 : -1;
    const [did, side] = b.dataset.face.split(':');
    const act = () => { cv.focus = { district: Number(did), side }; cv.draw(); cv.onFace(cv.focus); showTip(cv, b); };
    b.addEventListener('focus', act);
    b.addEventListener('mouseenter', act);
    b.addEventListener('click', act);
    b.addEventListener('mouseleave', () => { if (document.activeElement !== b) { cv.focus = null; cv.draw(); cv.tip.hidden = true; } });
    b.addEventListener('blur', () => { cv.focus = null; cv.draw(); cv.tip.hidden = true; });
  });
  cv.faceButtons = faces;
  if (prevFocus) { const again = ov.querySelector(`[data-key="${prevFocus}"]`); if (again) again.focus(); }
}

/** A short "why" next to the hovered or focused face. */
function showTip(cv, b) {
  if (!cv.tipHtml || !cv.focus) return;
  const html = cv.tipHtml(cv.focus);
  if (!html) { cv.tip.hidden = true; return; }
  cv.tip.innerHTML = html;
  cv.tip.hidden = false;
  const r = { x: b.offsetLeft, y: b.offsetTop, w: b.offsetWidth, h: b.offsetHeight };
  const tw = cv.tip.offsetWidth;
  const th = cv.tip.offsetHeight;
  let left = Math.min(Math.max(4, r.x + r.w / 2 - tw / 2), cv.width - tw - 4);
  let top = r.y - th - 8;
  if (top < 0) top = r.y + r.h + 8;
  cv.tip.style.left = `${left}px`;
  cv.tip.style.top = `${top}px`;
}

/** Arrow keys move between the face buttons (one tab stop for the whole city). */
export function faceKeys(cv, e) {
  const list = cv.faceButtons || [];
  const i = list.indexOf(document.activeElement);
  if (i < 0) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (!step) return;
  e.preventDefault();
  const next = list[(i + step + list.length) % list.length];
  list[i].tabIndex = -1; next.tabIndex = 0; next.focus();
}
