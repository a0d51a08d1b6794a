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
  // the face a hover showed the detail of is gone with its button: so is that detail
  if (cv.interactive) cv.onFace(null, { leave: true });
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
        const b = mk(sl.r, 'aq-hit-protect', `Protect the district at ${d.place}: ${cv.cardOf(d.left.key).name} and ${cv.cardOf(d.right.key).name}`, `p${d.id}`);
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
        const b = mk(faceRect(sl.r, side), 'aq-hit-face', `${card.name}, the ${side} face of the district at ${d.place}; ${why}${f.doused ? '; doused' : ''}${d.protected ? '; protected' : ''}`, `f${d.id}:${side}`);
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
          `${t.legal ? 'Build' : 'Try to build (not allowed)'} at ${t.place}`, `t${t.x}-${t.y}-${t.storey}`);
        b.setAttribute('data-testid', `place-${t.x}-${t.y}-${t.storey}`);
        b.dataset.legal = String(t.legal);
        if (chosen) b.setAttribute('aria-pressed', 'true');
        b.addEventListener('click', () => cv.onPlace(t));
      }
    }
  } else {
    const ch = cv.place && cv.place.chosen;
    const cell = ch && L.cells.find((c) => c.y === ch.y && c.s === ch.storey);
    if (cell) {
      // where the district being built would stand, seen from this side (read out, and found)
      const seen = cv.place.ghost && cv.place.ghost[cv.mode].active;
      const m = document.createElement('div');
      m.className = 'aq-side-place';
      m.setAttribute('role', 'note');
      m.dataset.testid = 'side-place';
      m.setAttribute('data-testid', 'side-place');
      m.setAttribute('aria-label', `Your new district would stand at ${ch.place}: ${seen ? `its ${cv.mode} face seen from here` : `hidden from the ${cv.mode} behind another district`}.`);
      Object.assign(m.style, { left: `${cell.r.x}px`, top: `${cell.r.y}px`, width: `${cell.r.w}px`, height: `${cell.r.h}px` });
      ov.append(m);
    }
    for (const c of L.cells) {
      const v = cv.pictureAt(cv.mode, c.y, c.s);
      if (!v) continue;
      const d = cv.city.districts.find((q) => q.id === v.district);
      const f = d[cv.mode];
      const card = cv.cardOf(f.key);
      if (cv.protect && (cv.protect.selectable.has(d.id) || cv.protect.selected.has(d.id))) {
        // protecting from a side view: the face stands for its district
        const p = mk(c.r, 'aq-hit-protect', `Protect the district at ${d.place}: ${cv.cardOf(d.left.key).name} and ${cv.cardOf(d.right.key).name}`, `p${d.id}`);
        p.setAttribute('data-testid', `protect-${d.id}`);
        p.setAttribute('aria-pressed', String(cv.protect.selected.has(d.id)));
        p.addEventListener('click', () => cv.onToggle(d.id));
        continue;
      }
      const b = mk(c.r, 'aq-hit-face', `${card.name}, seen from the ${cv.mode}: the district at ${d.place}${f.doused ? '; doused' : ''}`, `f${d.id}:${cv.mode}`);
      b.dataset.face = `${d.id}:${cv.mode}`;
      faces.push(b);
    }
  }
  faces.forEach((b, i) => {
    b.tabIndex = i === 0 ? 0 : -1;
    const [did, side] = b.dataset.face.split(':');
    // hover and focus light the face and its neighbours, say why in a tip and show its detail
    // over the half of the city away from it (gone when they leave; a click keeps it)
    const act = (keep = false) => {
      cv.focus = { district: Number(did), side }; cv.draw(); showTip(cv, b);
      cv.onFace(cv.focus, { low: b.offsetTop + b.offsetHeight / 2 > cv.layout.h / 2, keep });
    };
    const leave = () => { cv.focus = null; cv.draw(); cv.tip.hidden = true; cv.onFace(null, { leave: true }); };
    b.addEventListener('focus', () => act());
    b.addEventListener('mouseenter', () => act());
    b.addEventListener('click', () => act(true));
    b.addEventListener('mouseleave', () => { if (document.activeElement !== b) leave(); });
    b.addEventListener('blur', leave);
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
