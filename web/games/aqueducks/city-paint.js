// Painting a city canvas (city-canvas.js): the overview (one strip per row, seen from the
// front, with the eyes that decide which faces are active, the toppled districts and the place
// targets) and the left and right views. Where things go is the canvas's layout; how one
// district looks is city-faces.js.
import { drawIcon } from './icons.js';
import { roundRect } from '../../shell/canvas.js';
import { drawDistrict, drawGhost, drawCell, font } from './city-faces.js';

/** Overview: one strip per row seen from the front, its eyes and sight lines, every slot
 * (built, open or closed), the districts toppled at the Downfall and the place targets. */
export function paintOverview(ctx, cv) {
  const L = cv.layout;
  const hl = cv.hl();
  const small = L.dw < 130;
  for (const { y, top, h, lv, thin } of L.strips) {
    // strip background
    ctx.fillStyle = thin ? 'rgba(13,59,79,.025)' : 'rgba(13,59,79,.065)';
    roundRect(ctx, 2, top + 1, L.w - 4, h - 2, 8); ctx.fill();
    // the row's name in the margin, in two short lines
    const [a, b] = cv.rowLabel(y);
    ctx.fillStyle = thin ? 'rgba(13,59,79,.55)' : '#0d3b4f';
    ctx.textBaseline = 'middle'; ctx.textAlign = 'center';
    const cx = (L.mL - 18) / 2 + 2;
    const big = /^[0-9]+$/.test(b);
    const mid = top + h / 2;
    const lh = Math.min(1, h / 34); // a short strip: smaller lines, closer together
    ctx.font = `600 ${Math.max(7, (thin ? 9 : 10) * lh)}px ${font()}`;
    ctx.fillText(a, cx, mid - (big ? 8 : 6) * lh, L.mL - 20);
    ctx.font = big ? `800 ${Math.max(8, (thin ? 12 : 16) * lh)}px ${font()}` : `600 ${Math.max(7, (thin ? 9 : 10) * lh)}px ${font()}`;
    ctx.fillText(b, cx, mid + (big ? 6 : 5) * lh, L.mL - 20);
    ctx.textAlign = 'start';
    // ground line
    const ground = top + h - 3;
    ctx.strokeStyle = thin ? 'rgba(138,122,85,.35)' : '#8a7a55'; ctx.lineWidth = thin ? 1 : 2;
    ctx.beginPath(); ctx.moveTo(L.mL - 4, ground); ctx.lineTo(L.w - 8, ground); ctx.stroke();
    // sight lines per storey
    for (let s = 1; s <= lv; s++) {
      const inRow = [];
      for (let x = L.ext.x0; x <= L.ext.x1 - s + 1; x++) { const d = cv.districtAt(x, y, s); if (d) inRow.push({ x, d }); }
      if (!inRow.length) continue;
      const first = L.slots.find((q) => q.x === inRow[0].x && q.y === y && q.s === s).r;
      const last = L.slots.find((q) => q.x === inRow[inRow.length - 1].x && q.y === y && q.s === s).r;
      const cy = first.y + first.h / 2;
      sight(ctx, L.mL - 18, first.x, cy, 'left');
      sight(ctx, L.w - 4, last.x + last.w, cy, 'right');
    }
  }
  // slots
  for (const sl of L.slots) {
    const d = cv.districtAt(sl.x, sl.y, sl.s);
    const r = sl.r;
    if (!d) {
      const open = cv.supported(sl.x, sl.y, sl.s);
      ctx.setLineDash(open ? [5, 4] : [2, 5]);
      ctx.strokeStyle = open ? 'rgba(13,59,79,.35)' : 'rgba(13,59,79,.12)';
      ctx.lineWidth = 1.2;
      roundRect(ctx, r.x + 1, r.y + 1, r.w - 2, r.h - 2, 6); ctx.stroke();
      ctx.setLineDash([]);
      continue;
    }
    drawDistrict(ctx, d, r, { hl, small, cardOf: cv.cardOf, protect: cv.protect });
  }
  ctx.fillStyle = '#4a5d66'; ctx.font = `600 11px ${font()}`; ctx.textBaseline = 'top';
  if (L.foot) ctx.fillText(L.w < 480 ? 'Each row from the front: the first face each eye meets is active.'
    : 'Each row seen from the front. Looking along a storey, the first face each eye meets is active; faces behind it are hidden.', 8, L.h - 13, L.w - 16);
  paintToppled(ctx, cv, small);
  paintTargets(ctx, cv, small);
}

/** Districts that just fell at the Downfall: each tips over and fades, leaving a crossed-out marker. */
function paintToppled(ctx, cv, small) {
  const L = cv.layout;
  if (!cv.toppled) return;
  for (const d of cv.toppled) {
    const sl = L.slots.find((q) => q.x === d.x && q.y === d.y && q.s === d.storey);
    if (!sl || cv.districtAt(d.x, d.y, d.storey)) continue;
    const r = sl.r;
    const t = cv.fall;
    const dir = (d.id % 2) ? 1 : -1;
    if (t < 1 && d.left && d.left.key) {
      // the district itself tips over its bottom corner and fades, then its marker is left
      ctx.save();
      ctx.translate(r.x + (dir > 0 ? r.w : 0), r.y + r.h);
      ctx.rotate(dir * t * 1.2);
      ctx.globalAlpha = Math.max(0, 1 - t);
      drawDistrict(ctx, d, { x: dir > 0 ? -r.w : 0, y: -r.h, w: r.w, h: r.h }, { hl: { self: null, adj: new Set() }, small, cardOf: cv.cardOf, protect: cv.protect });
      ctx.restore();
    }
    ctx.save();
    ctx.translate(r.x + r.w / 2, r.y + r.h / 2);
    ctx.rotate(dir * 0.12);
    ctx.globalAlpha = 0.75 * t;
    ctx.fillStyle = '#f6d5d9'; ctx.strokeStyle = '#b23a48'; ctx.lineWidth = 2; ctx.setLineDash([5, 3]);
    roundRect(ctx, -r.w / 2, -r.h / 2, r.w, r.h, 5); ctx.fill(); ctx.stroke(); ctx.setLineDash([]);
    ctx.beginPath(); ctx.moveTo(-r.w / 2 + 6, -r.h / 2 + 6); ctx.lineTo(r.w / 2 - 6, r.h / 2 - 6);
    ctx.moveTo(r.w / 2 - 6, -r.h / 2 + 6); ctx.lineTo(-r.w / 2 + 6, r.h / 2 - 6); ctx.stroke();
    ctx.globalAlpha = t; ctx.fillStyle = '#8a1f2c'; ctx.font = `700 ${small ? 10 : 12}px ${font()}`;
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    ctx.fillText('toppled by the Gauls', 0, 0, r.w - 8);
    ctx.restore();
  }
}

/** While placing: every target slot, legal (green) or not, and the district being placed in its chosen one. */
function paintTargets(ctx, cv, small) {
  const L = cv.layout;
  if (!cv.place) return;
  for (const t of cv.place.targets) {
    const sl = L.slots.find((q) => q.x === t.x && q.y === t.y && q.s === t.storey);
    if (!sl) continue;
    const chosen = cv.place.chosen && cv.place.chosen.x === t.x && cv.place.chosen.y === t.y && cv.place.chosen.storey === t.storey;
    const r = sl.r;
    if (chosen && cv.place.ghost) {
      drawGhost(ctx, r, cv.place.ghost, { small, cardOf: cv.cardOf });
      continue;
    }
    ctx.fillStyle = t.legal ? 'rgba(46,139,87,.16)' : 'rgba(109,119,128,.06)';
    ctx.strokeStyle = t.legal ? '#2e8b57' : 'rgba(109,119,128,.45)';
    ctx.lineWidth = t.legal ? 2.5 : 1;
    ctx.setLineDash(t.legal ? [] : [3, 3]);
    roundRect(ctx, r.x + 1, r.y + 1, r.w - 2, r.h - 2, 6); ctx.fill(); ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = t.legal ? '#1f6b42' : 'rgba(74,93,102,.7)';
    ctx.font = `700 ${small ? 10 : 12}px ${font()}`;
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    ctx.fillText(t.legal ? (small || r.h < 26 ? '+' : '+ build here') : (small || r.h < 26 ? '×' : 'not allowed'), r.x + r.w / 2, r.y + r.h / 2);
    ctx.textAlign = 'start';
  }
}

/** An eye at the row's edge looking along a storey, with its sight line to the first face. */
function sight(ctx, edgeX, faceX, cy, side) {
  const dir = side === 'left' ? 1 : -1;
  ctx.strokeStyle = 'rgba(13,59,79,.45)'; ctx.lineWidth = 1.2; ctx.setLineDash([3, 3]);
  ctx.beginPath(); ctx.moveTo(edgeX + dir * 16, cy); ctx.lineTo(faceX - dir * 2, cy); ctx.stroke(); ctx.setLineDash([]);
  // arrow head
  ctx.fillStyle = 'rgba(13,59,79,.6)';
  ctx.beginPath(); ctx.moveTo(faceX - dir * 2, cy); ctx.lineTo(faceX - dir * 8, cy - 4); ctx.lineTo(faceX - dir * 8, cy + 4); ctx.fill();
  drawIcon(ctx, 'eye', side === 'left' ? edgeX : edgeX - 16, cy - 8, 16);
}

/** Left or right view: rows × 3 storeys, each space showing the nearest face from that side;
 * while building, where the chosen district would stand (and whether this side would see it);
 * while protecting, the districts picked. */
export function paintSide(ctx, cv) {
  const L = cv.layout;
  const side = cv.mode;
  const hl = cv.hl();
  ctx.fillStyle = 'rgba(13,59,79,.06)';
  roundRect(ctx, 2, 2, L.w - 4, L.h - 4, 10); ctx.fill();
  ctx.fillStyle = '#0d3b4f'; ctx.textBaseline = 'middle'; ctx.textAlign = 'center';
  L.ext.ys.forEach((y, i) => {
    const [a, b] = cv.rowLabel(y);
    ctx.font = `700 12px ${font()}`;
    ctx.fillText(`${a} ${b}`, L.mL + i * L.cw + L.cw / 2, 15, L.cw - 6);
  });
  const storeys = (cv.board && cv.board.storeys) || ['ground floor', 'second storey', 'third storey'];
  for (let s = 1; s <= 3; s++) {
    const [first, ...rest] = storeys[s - 1].split(' ');
    const cy = L.head + (3 - s) * L.ch + L.ch / 2;
    ctx.font = `700 10px ${font()}`; ctx.fillText(first, L.mL / 2, cy - 6, L.mL - 4);
    ctx.font = `600 10px ${font()}`; ctx.fillText(rest.join(' '), L.mL / 2, cy + 6, L.mL - 4);
  }
  ctx.textAlign = 'start';
  const ground = L.head + 3 * L.ch + 2;
  ctx.strokeStyle = '#8a7a55'; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.moveTo(L.mL, ground); ctx.lineTo(L.w - 4, ground); ctx.stroke();
  ctx.fillStyle = '#4a5d66'; ctx.font = `600 11px ${font()}`; ctx.textBaseline = 'top';
  ctx.fillText(side === 'left' ? 'Seen from the left edge of the city: each space shows the nearest left face.'
    : 'Seen from the right edge of the city: each space shows the nearest right face.', L.mL, ground + 5, L.w - L.mL - 6);
  const chosen = cv.place && cv.place.chosen;
  for (const c of L.cells) {
    const v = cv.pictureAt(side, c.y, c.s);
    const r = c.r;
    const here = chosen && chosen.y === c.y && chosen.storey === c.s;
    if (here && cv.place.ghost && cv.place.ghost[side].active) {
      // the new district would be the face seen from this side: drawn in its place
      const card = cv.cardOf(cv.place.ghost[side].key);
      drawCell(ctx, r, card, { doused: false }, { protected: false }, { isSelf: false, isAdj: false });
      placeMark(ctx, r, 'new district here');
      continue;
    }
    if (!v) {
      ctx.setLineDash([4, 4]); ctx.strokeStyle = 'rgba(13,59,79,.22)'; ctx.lineWidth = 1;
      roundRect(ctx, r.x, r.y, r.w, r.h, 6); ctx.stroke(); ctx.setLineDash([]);
    } else {
      const d = cv.city.districts.find((q) => q.id === v.district);
      const f = d[side];
      const card = cv.cardOf(f.key);
      const key = `${d.id}:${side}`;
      drawCell(ctx, r, card, f, d, { isSelf: hl.self === key, isAdj: hl.adj.has(`${side}:${f.card}`) });
      if (cv.protect && cv.protect.selected.has(d.id)) {
        ctx.strokeStyle = '#2e8b57'; ctx.lineWidth = 4; roundRect(ctx, r.x - 2, r.y - 2, r.w + 4, r.h + 4, 8); ctx.stroke();
      }
    }
    // built behind a face this side sees: the new district would be hidden from here
    if (here) placeMark(ctx, r, v ? 'new district behind this face' : 'new district here');
  }
}

/** Where the district being built would stand, in a side view. */
function placeMark(ctx, r, text) {
  ctx.strokeStyle = '#2e8b57'; ctx.lineWidth = 3; ctx.setLineDash([7, 4]);
  roundRect(ctx, r.x - 2, r.y - 2, r.w + 4, r.h + 4, 8); ctx.stroke(); ctx.setLineDash([]);
  ctx.font = `700 10px ${font()}`;
  const tw = Math.min(ctx.measureText(text).width + 10, r.w);
  ctx.fillStyle = '#2e8b57'; roundRect(ctx, r.x + r.w / 2 - tw / 2, r.y + r.h - 16, tw, 15, 7); ctx.fill();
  ctx.fillStyle = '#fff'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
  ctx.fillText(text, r.x + r.w / 2, r.y + r.h - 8.5, r.w - 6); ctx.textAlign = 'start';
}
