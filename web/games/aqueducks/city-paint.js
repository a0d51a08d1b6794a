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
  for (const { y, top, h, lv } of L.strips) {
    // strip background
    ctx.fillStyle = y % 2 ? 'rgba(13,59,79,.035)' : 'rgba(13,59,79,.07)';
    roundRect(ctx, 2, top + 2, L.w - 4, h - 5, 10); ctx.fill();
    ctx.fillStyle = '#0d3b4f';
    ctx.font = `700 12px ${font()}`;
    ctx.textBaseline = 'top';
    ctx.fillText(`Row ${y + 1}`, 10, top + 5);
    // ground line
    const ground = top + L.head + lv * L.sh + 1;
    ctx.strokeStyle = '#8a7a55'; ctx.lineWidth = 2;
    ctx.beginPath(); ctx.moveTo(L.mL - 6, ground); ctx.lineTo(L.w - L.mL + 6, ground); ctx.stroke();
    // sight lines per storey
    for (let s = 1; s <= lv; s++) {
      const cy = top + L.head + (lv - s) * L.sh + L.sh / 2;
      const inRow = [];
      for (let x = L.ext.x0; x <= L.ext.x1 - s + 1; x++) { const d = cv.districtAt(x, y, s); if (d) inRow.push({ x, d }); }
      if (!inRow.length) continue;
      const first = L.slots.find((q) => q.x === inRow[0].x && q.y === y && q.s === s).r;
      const last = L.slots.find((q) => q.x === inRow[inRow.length - 1].x && q.y === y && q.s === s).r;
      sight(ctx, 3, first.x, cy, 'left');
      sight(ctx, L.w - 3, last.x + last.w, cy, 'right');
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
  ctx.fillText(L.w < 480 ? 'Each row from the front. The first face each eye meets is active.'
    : 'Each row seen from the front. Looking along a storey, the first face each eye meets is active; faces behind it are hidden.', 8, L.h - 15, L.w - 16);
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
    ctx.fillText(t.legal ? (small ? '+' : '+ build here') : (small ? '×' : 'not allowed'), r.x + r.w / 2, r.y + r.h / 2);
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

/** Left or right view: rows × 3 storeys, each space showing the nearest face from that side. */
export function paintSide(ctx, cv) {
  const L = cv.layout;
  const side = cv.mode;
  const hl = cv.hl();
  ctx.fillStyle = 'rgba(13,59,79,.06)';
  roundRect(ctx, 2, 2, L.w - 4, L.h - 4, 10); ctx.fill();
  ctx.fillStyle = '#0d3b4f'; ctx.font = `700 12px ${font()}`; ctx.textBaseline = 'top'; ctx.textAlign = 'center';
  for (let y = L.ext.y0; y <= L.ext.y1; y++) ctx.fillText(`Row ${y + 1}`, L.mL + (y - L.ext.y0) * L.cw + L.cw / 2, 5);
  ctx.textAlign = 'start';
  for (let s = 1; s <= 3; s++) {
    ctx.fillStyle = '#0d3b4f';
    ctx.fillText(`S${s}`, 6, L.head + (3 - s) * L.ch + L.ch / 2 - 6);
  }
  const ground = L.head + 3 * L.ch + 2;
  ctx.strokeStyle = '#8a7a55'; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.moveTo(L.mL, ground); ctx.lineTo(L.w - 4, ground); ctx.stroke();
  ctx.fillStyle = '#4a5d66'; ctx.font = `600 11px ${font()}`;
  ctx.fillText(side === 'left' ? 'Seen from the left edge of the city: each space shows the nearest left face.'
    : 'Seen from the right edge of the city: each space shows the nearest right face.', L.mL, ground + 6, L.w - L.mL - 6);
  for (const c of L.cells) {
    const v = cv.pictureAt(side, c.y, c.s);
    const r = c.r;
    if (!v) {
      ctx.setLineDash([4, 4]); ctx.strokeStyle = 'rgba(13,59,79,.22)'; ctx.lineWidth = 1;
      roundRect(ctx, r.x, r.y, r.w, r.h, 6); ctx.stroke(); ctx.setLineDash([]);
      continue;
    }
    const d = cv.city.districts.find((q) => q.id === v.district);
    const f = d[side];
    const card = cv.cardOf(f.key);
    const key = `${d.id}:${side}`;
    drawCell(ctx, r, card, f, d, { isSelf: hl.self === key, isAdj: hl.adj.has(`${side}:${f.card}`) });
  }
}
