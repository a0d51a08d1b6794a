// How a district looks on a city canvas (city-canvas.js): its two back-to-back faces in the
// overview, the district being placed, and a cell of the left or right view.
import { drawIcon } from './icons.js';
import { RES_COLOUR, RES_STRONG, mainResource, shortName } from './catalog.js';
import { roundRect } from '../../shell/canvas.js';

export const SIDES = ['left', 'right'];
const INK = '#14232b';

/** A district's slot holds its left face in the left half and its right face in the right. */
export function faceRect(slotR, side) {
  const half = slotR.w / 2;
  return { x: slotR.x + (side === 'left' ? 0 : half), y: slotR.y, w: half, h: slotR.h };
}

/** A district in its overview slot r: its two faces back to back, the bridge under an upper
 * storey, the protection mark and, while protecting, its selectable or selected ring. */
export function drawDistrict(ctx, d, r, { hl, small, cardOf, protect }) {
  // bridge card under an upper-storey district
  if (d.storey > 1) {
    ctx.fillStyle = '#8a5a2b';
    roundRect(ctx, r.x - 4, r.y + r.h - 3, r.w + 8, 6, 2); ctx.fill();
  }
  for (const side of SIDES) {
    const f = d[side];
    const fr = faceRect(r, side);
    const key = `${d.id}:${side}`;
    const card = cardOf(f.key);
    const isSelf = hl.self === key;
    const isAdj = f.active && hl.adj.has(`${side}:${f.card}`);
    drawFace(ctx, fr, card, f, side, { small, isSelf, isAdj });
  }
  // spine between the two back-to-back buildings + gable roof
  ctx.strokeStyle = INK; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.moveTo(r.x + r.w / 2, r.y + 1); ctx.lineTo(r.x + r.w / 2, r.y + r.h - 1); ctx.stroke();
  ctx.lineWidth = 1.5; roundRect(ctx, r.x, r.y, r.w, r.h, 5); ctx.stroke();
  if (d.protected) {
    const sz = small ? 13 : 16;
    drawIcon(ctx, 'protect', r.x + r.w / 2 - sz / 2, r.y - sz / 2 + 1, sz);
  }
  if (protect) {
    const sel = protect.selected.has(d.id);
    const can = protect.selectable.has(d.id);
    if (sel || can) {
      ctx.strokeStyle = sel ? '#2e8b57' : '#f7d44c';
      ctx.lineWidth = sel ? 4 : 2.5;
      ctx.setLineDash(sel ? [] : [6, 3]);
      roundRect(ctx, r.x - 2, r.y - 2, r.w + 4, r.h + 4, 7); ctx.stroke(); ctx.setLineDash([]);
    }
  }
}

/** One face (a building seen from its side): active in its resource's colour, hidden hatched,
 * its name, what it produces, doused, and the focus or adjacency ring. */
function drawFace(ctx, fr, card, f, side, { small, isSelf, isAdj, ghost = false }) {
  const res = mainResource(card);
  const pad = 4;
  ctx.save();
  ctx.beginPath(); ctx.rect(fr.x, fr.y, fr.w, fr.h); ctx.clip();
  if (f.active) {
    ctx.fillStyle = RES_COLOUR[res] || RES_COLOUR.none;
    ctx.fillRect(fr.x, fr.y, fr.w, fr.h);
    ctx.fillStyle = RES_STRONG[res] || RES_STRONG.none;
    // a strip on the outward edge: the side this face is seen from
    ctx.fillRect(side === 'left' ? fr.x : fr.x + fr.w - 4, fr.y, 4, fr.h);
  } else {
    ctx.fillStyle = '#e4e1da';
    ctx.fillRect(fr.x, fr.y, fr.w, fr.h);
    ctx.strokeStyle = 'rgba(109,119,128,.35)'; ctx.lineWidth = 1;
    for (let k = -fr.h; k < fr.w; k += 7) {
      ctx.beginPath(); ctx.moveTo(fr.x + k, fr.y + fr.h); ctx.lineTo(fr.x + k + fr.h, fr.y); ctx.stroke();
    }
  }
  if (f.doused) {
    ctx.strokeStyle = '#2f9fc7'; ctx.lineWidth = 2;
    ctx.beginPath();
    for (let k = 0; k <= fr.w; k += 2) ctx.lineTo(fr.x + k, fr.y + fr.h - 4 + Math.sin(k / 3) * 1.6);
    ctx.stroke();
  }
  // text
  const fs = small ? 9.5 : fr.w > 110 ? 12 : 10.5;
  ctx.fillStyle = f.active ? INK : 'rgba(20,35,43,.6)';
  ctx.font = `600 ${fs}px ${font()}`;
  ctx.textBaseline = 'top';
  const inner = side === 'left' ? fr.x + pad + 3 : fr.x + pad;
  const isz = small ? 11 : 14;
  // a short face (a city fitted to a small screen): the name and the icons on one line
  const oneLine = fr.h < 34;
  const icons = f.active && card ? card.produces.length * (isz + 1) : isz + 2;
  const room = fr.w - 2 * pad - 2 - (oneLine ? icons + 2 : 0);
  const maxChars = Math.max(4, Math.floor(room / (fs * 0.55)));
  if (oneLine) ctx.textBaseline = 'middle';
  if (card) ctx.fillText(shortName(card.name, maxChars), inner, oneLine ? fr.y + fr.h / 2 : fr.y + 3, room);
  ctx.textBaseline = 'top';
  const iy = oneLine ? fr.y + (fr.h - isz) / 2 : fr.y + fr.h - (small ? 13 : 16) - 3;
  const ix0 = oneLine ? fr.x + fr.w - pad - icons - (side === 'right' ? 3 : 0) : inner;
  if (f.active && card) {
    let ix = ix0;
    for (const r of card.produces) {
      if (ix + isz < fr.x + fr.w - 2) drawIcon(ctx, r, ix, iy, isz);
      ix += isz + 1;
    }
    if (f.doused) ctx.globalAlpha = 0.9; // for the water drop below
  } else if (!f.active) {
    drawIcon(ctx, 'hidden', ix0, iy, isz);
    if (fr.w > 54 && !oneLine) {
      ctx.font = `italic 600 ${small ? 9 : 10.5}px ${font()}`;
      ctx.fillStyle = '#6d4a4a';
      ctx.fillText('hidden', inner + isz + 3, iy + (small ? 1 : 2));
    }
  }
  if (f.doused) {
    const sz = small ? 10 : 12;
    drawIcon(ctx, 'water', fr.x + fr.w - sz - (side === 'right' ? 6 : 2), fr.y + 3, sz);
  }
  ctx.restore();
  if (isSelf || isAdj) {
    ctx.strokeStyle = isSelf ? '#ffb400' : '#e07b1f';
    ctx.lineWidth = isSelf ? 3.5 : 2.5;
    ctx.setLineDash(isSelf ? [] : [5, 3]);
    ctx.strokeRect(fr.x + 1.5, fr.y + 1.5, fr.w - 3, fr.h - 3);
    ctx.setLineDash([]);
  }
  if (ghost) {
    ctx.strokeStyle = '#2e8b57'; ctx.lineWidth = 2; ctx.setLineDash([4, 3]);
    ctx.strokeRect(fr.x + 1, fr.y + 1, fr.w - 2, fr.h - 2); ctx.setLineDash([]);
  }
}

/** The district being placed, drawn in its chosen slot before it is built. */
export function drawGhost(ctx, r, ghost, { small, cardOf }) {
  ctx.globalAlpha = 0.92;
  if (ghost.storey > 1) { ctx.fillStyle = '#8a5a2b'; roundRect(ctx, r.x - 4, r.y + r.h - 3, r.w + 8, 6, 2); ctx.fill(); }
  for (const side of SIDES) {
    const g = ghost[side];
    drawFace(ctx, faceRect(r, side), cardOf(g.key), { active: g.active, doused: false }, side, { small, ghost: true });
  }
  ctx.globalAlpha = 1;
  ctx.strokeStyle = '#2e8b57'; ctx.lineWidth = 3;
  roundRect(ctx, r.x - 1, r.y - 1, r.w + 2, r.h + 2, 6); ctx.stroke();
  ctx.beginPath(); ctx.moveTo(r.x + r.w / 2, r.y); ctx.lineTo(r.x + r.w / 2, r.y + r.h); ctx.stroke();
}

/** A cell of a side view: the nearest face at that row and storey, named, with its column. */
export function drawCell(ctx, r, card, f, d, { isSelf, isAdj }) {
  const res = mainResource(card);
  ctx.fillStyle = RES_COLOUR[res]; roundRect(ctx, r.x, r.y, r.w, r.h, 7); ctx.fill();
  ctx.fillStyle = RES_STRONG[res]; ctx.fillRect(r.x + 6, r.y, r.w - 12, 4);
  ctx.strokeStyle = INK; ctx.lineWidth = 1.3; roundRect(ctx, r.x, r.y, r.w, r.h, 7); ctx.stroke();
  const fs = r.w < 80 ? 9.5 : 11.5;
  ctx.fillStyle = INK; ctx.font = `700 ${fs}px ${font()}`; ctx.textBaseline = 'top';
  const lines = wrap(ctx, card ? card.name : '?', r.w - 10, r.h < 56 ? 1 : 2);
  lines.forEach((ln, i) => ctx.fillText(ln, r.x + 5, r.y + 7 + i * (fs + 2)));
  const isz = r.w < 80 ? 12 : 16;
  let ix = r.x + 5;
  const iy = r.y + r.h - isz - 5;
  for (const rr of card ? card.produces : []) {
    drawIcon(ctx, rr, ix, iy, isz);
    ix += isz + 2;
  }
  if (d.across) {
    // which district of the row it belongs to (the engine's words: left, middle, right)
    ctx.fillStyle = '#4a5d66'; ctx.font = `600 ${r.w < 80 ? 8.5 : 10}px ${font()}`;
    ctx.textAlign = 'right';
    ctx.fillText(d.across, r.x + r.w - 5, iy + 2);
    ctx.textAlign = 'start';
  }
  if (f.doused) {
    const sz = isz - 2;
    drawIcon(ctx, 'water', r.x + r.w - sz - 4, r.y + 6, sz);
    ctx.strokeStyle = '#2f9fc7'; ctx.lineWidth = 2; ctx.beginPath();
    for (let k = 4; k <= r.w - 4; k += 2) ctx.lineTo(r.x + k, r.y + r.h - 2 + Math.sin(k / 3) * 1.4);
    ctx.stroke();
  }
  if (d.protected) drawIcon(ctx, 'protect', r.x + r.w / 2 - 7, r.y - 6, 14);
  if (isSelf || isAdj) {
    ctx.strokeStyle = isSelf ? '#ffb400' : '#e07b1f'; ctx.lineWidth = isSelf ? 4 : 3;
    ctx.setLineDash(isSelf ? [] : [6, 3]); roundRect(ctx, r.x - 1, r.y - 1, r.w + 2, r.h + 2, 8); ctx.stroke(); ctx.setLineDash([]);
  }
}

/** The canvases' font. */
export function font() { return 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'; }

/** A name broken into at most maxLines lines of the given width (the last cut with …). */
function wrap(ctx, text, width, maxLines) {
  const words = text.split(' ');
  const lines = [];
  let cur = '';
  for (const w of words) {
    const t = cur ? `${cur} ${w}` : w;
    if (ctx.measureText(t).width > width && cur) { lines.push(cur); cur = w; } else cur = t;
  }
  if (cur) lines.push(cur);
  if (lines.length > maxLines) { lines.length = maxLines; lines[maxLines - 1] += '…'; }
  return lines;
}
