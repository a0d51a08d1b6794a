// Painting the table on its canvas, back to front: the board, the open ends, the lit spots,
// the cards (settling as they land), the leaks, effects in flight (a splash, a plumber), the
// winning line with water running in it, the last card placed and the preview of the selected
// card on the spot under the pointer or focus. Where things are is the camera's (table-canvas.js).
import { drawCard, cardWords, LEAK_RED, WATER } from './card-art.js';
import { count, possessive } from '../../shell/words.js';
import { easeOut } from '../../shell/motion.js';

/**
 * scene: {state, anims, hover, cellRect(x, y) -> [x, y, w, h], cw, ch, vw, vh, dpr}, in CSS px;
 * state as TableCanvas.set takes it, anims its effects in flight, hover the spot under the
 * pointer or focus.
 */
export function paintTable(ctx, scene) {
  ctx.setTransform(scene.dpr, 0, 0, scene.dpr, 0, 0);
  paintBoard(ctx, scene);
  paintOpenEnds(ctx, scene);
  paintSpots(ctx, scene);
  paintCards(ctx, scene);
  paintLeaks(ctx, scene);
  paintEffects(ctx, scene);
  paintWinningLine(ctx, scene);
  paintLastCard(ctx, scene);
  paintTurnMarks(ctx, scene);
  paintPreview(ctx, scene);
}

/** The floor around the table and the table: a blueprint-blue board with a faint grid. */
function paintBoard(ctx, { state: s, cellRect, cw, ch, vw, vh }) {
  const { width: W, height: H } = s.view.table;
  ctx.fillStyle = '#082633';
  ctx.fillRect(0, 0, vw, vh);
  const [tx, ty] = cellRect(0, 0);
  const tw = W * cw; const th = H * ch;
  const g = ctx.createLinearGradient(0, ty, 0, ty + th);
  g.addColorStop(0, '#145169');
  g.addColorStop(1, '#0d3b4f');
  ctx.fillStyle = g;
  ctx.fillRect(tx, ty, tw, th);
  ctx.strokeStyle = 'rgba(255,255,255,.07)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= W; x += 1) { const px = Math.round(tx + x * cw) + 0.5; ctx.moveTo(px, ty); ctx.lineTo(px, ty + th); }
  for (let y = 0; y <= H; y += 1) { const py = Math.round(ty + y * ch) + 0.5; ctx.moveTo(tx, py); ctx.lineTo(tx + tw, py); }
  ctx.stroke();
  ctx.strokeStyle = 'rgba(255,255,255,.35)';
  ctx.setLineDash([6, 4]);
  ctx.strokeRect(tx - 0.5, ty - 0.5, tw + 1, th + 1);
  ctx.setLineDash([]);
}

/** Open ends: dashed slots in the owner's colour with an arrow showing the way out. */
function paintOpenEnds(ctx, { state: s, cellRect }) {
  const { view } = s;
  for (const e of view.open_ends) {
    const [x, y, w, h] = cellRect(e.x, e.y);
    ctx.save();
    ctx.strokeStyle = s.colours[e.player];
    ctx.globalAlpha = 0.75;
    ctx.lineWidth = 2;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(x + 3, y + 3, w - 6, h - 6);
    ctx.setLineDash([]);
    ctx.fillStyle = s.colours[e.player];
    arrow(ctx, x + w / 2, y + h / 2, e.dir, Math.min(w, h) * 0.2);
    ctx.restore();
  }
}

const spotColour = (sp) => (sp.kind === 'leak' ? LEAK_RED : sp.kind === 'cover' ? '#3fbf7f' : '#f7d44c');

/** The lit spots where the selected card can go. */
function paintSpots(ctx, { state: s, cellRect }) {
  const spots = s.spots || [];
  for (const sp of spots) {
    const [x, y, w, h] = cellRect(sp.x, sp.y);
    const col = spotColour(sp);
    ctx.save();
    ctx.fillStyle = col;
    ctx.globalAlpha = 0.28;
    ctx.fillRect(x + 1, y + 1, w - 2, h - 2);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = col;
    ctx.lineWidth = 2.5;
    ctx.strokeRect(x + 2, y + 2, w - 4, h - 4);
    ctx.restore();
  }
}

/** A ⟲ on each lit spot where the card goes in turned round from the way the hand shows it
 * (over the cards: a leak on top of a card is such a spot too). */
function paintTurnMarks(ctx, { state: s, cellRect }) {
  for (const sp of s.spots || []) {
    if (!sp.flip) continue;
    const [x, y, w, h] = cellRect(sp.x, sp.y);
    const r = Math.max(5, Math.min(w, h) * 0.13);
    ctx.save();
    turnMark(ctx, x + r + 5, y + r + 5, r, spotColour(sp)); // top left: a valve's number pokes into the cell on its right
    ctx.restore();
  }
}

/** The mark itself, drawn like the Turn button's ⟲: an open circle, its arrow anticlockwise. */
function turnMark(ctx, cx, cy, r, col) {
  ctx.translate(cx, cy);
  ctx.beginPath();
  ctx.arc(0, 0, r + 3, 0, Math.PI * 2);
  ctx.fillStyle = '#082633';
  ctx.globalAlpha = 0.85;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.scale(-1, 1); // the arc and head below go clockwise: mirrored, they turn the other way
  ctx.strokeStyle = col;
  ctx.fillStyle = col;
  ctx.lineWidth = Math.max(1.5, r * 0.3);
  ctx.beginPath();
  ctx.arc(0, 0, r, -Math.PI * 0.35, Math.PI * 1.25);
  ctx.stroke();
  // the arrow's head at the arc's open end, pointing on round
  const a = -Math.PI * 0.35; const hx = Math.cos(a) * r; const hy = Math.sin(a) * r;
  const k = r * 0.55;
  ctx.beginPath();
  ctx.moveTo(hx + k, hy);
  ctx.lineTo(hx - k * 0.5, hy - k);
  ctx.lineTo(hx - k * 0.5, hy + k);
  ctx.closePath();
  ctx.fill();
}

/** Cards (covered cells drawn after so the "spot over a card" glow sits under the ghost). */
function paintCards(ctx, { state: s, cellRect, anims }) {
  const { view } = s;
  const spots = s.spots || [];
  const cards = [...view.cards].sort((a, b) => a.order - b.order);
  for (const c of cards) {
    const [x, y, w, h] = cellRect(c.x, c.y);
    const land = anims.find((q) => q.kind === 'drop' && q.x === c.x && q.y === c.y);
    if (land && land.t <= 0.001 && land.hideUntilStart) continue;
    const a = land ? land.t : 1;
    const sc = 1 + (1 - easeOut(a)) * 0.35;
    const ix = 1.5;
    ctx.save();
    ctx.globalAlpha = 0.25 + 0.75 * a;
    ctx.translate(x + w / 2, y + h / 2);
    ctx.scale(sc, sc);
    const spot = spots.find((sp) => sp.x === c.x && sp.y === c.y);
    if (spot) ctx.globalAlpha *= 0.85;
    drawCard(ctx, -w / 2 + ix, -h / 2 + ix, w - ix * 2, h - ix * 2, c, {
      owner: s.colours[c.owner], joins: c.joins, leaky: c.kind === 'pipe' || c.kind === 'cap' ? c.leaky : undefined,
      repaired: c.repaired, plumber: c.plumber, stacked: c.covered.length,
      label: c.kind === 'valve' ? c.owner + 1 : null,
    });
    ctx.restore();
    if (c.leaky) {
      ctx.save();
      ctx.strokeStyle = LEAK_RED;
      ctx.lineWidth = 2;
      ctx.setLineDash([5, 3]);
      ctx.strokeRect(x - 1, y - 1, w + 2, h + 2);
      ctx.restore();
    }
    if (spot) {
      ctx.save();
      ctx.strokeStyle = spot.kind === 'leak' ? LEAK_RED : '#3fbf7f';
      ctx.lineWidth = 3;
      ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
      ctx.restore();
    }
  }
}

/** Leaks, seen at a glance: a red halo, a drip and the word LEAK on the leaking cell. */
function paintLeaks(ctx, { state: s, cellRect }) {
  const { view } = s;
  for (const p of view.pipelines) {
    if (!p.leak) continue;
    const [x, y, w, h] = cellRect(p.leak[0], p.leak[1]);
    ctx.save();
    ctx.shadowColor = LEAK_RED;
    ctx.shadowBlur = Math.max(8, w * 0.25);
    ctx.strokeStyle = LEAK_RED;
    ctx.lineWidth = Math.max(3, w * 0.07);
    ctx.strokeRect(x - 2, y - 2, w + 4, h + 4);
    ctx.shadowBlur = 0;
    const r = Math.max(7, w * 0.16);
    ctx.fillStyle = LEAK_RED;
    ctx.beginPath();
    ctx.moveTo(x + w - r, y - r * 0.9);
    ctx.bezierCurveTo(x + w - r * 0.2, y + r * 0.1, x + w, y + r * 0.5, x + w - r, y + r * 1.05);
    ctx.bezierCurveTo(x + w - r * 2, y + r * 0.5, x + w - r * 1.8, y + r * 0.1, x + w - r, y - r * 0.9);
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.font = `800 ${Math.max(9, Math.round(w * 0.17))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    const label = 'LEAK';
    const lw = ctx.measureText(label).width + 8;
    ctx.fillStyle = LEAK_RED;
    ctx.fillRect(x + w / 2 - lw / 2, y + h - Math.max(12, w * 0.22), lw, Math.max(12, w * 0.22));
    ctx.fillStyle = '#fff';
    ctx.fillText(label, x + w / 2, y + h - 1);
    ctx.restore();
  }
}

/** Effects in flight: a leak splashing down, a plumber landing. */
function paintEffects(ctx, { cellRect, anims }) {
  for (const a of anims) {
    if (a.kind !== 'leak' && a.kind !== 'plumber') continue;
    const [x, y, w, h] = cellRect(a.x, a.y);
    ctx.save();
    if (a.kind === 'leak') {
      for (let k = 0; k < 6; k += 1) {
        const ang = (k / 6) * Math.PI * 2;
        const d = easeOut(a.t) * w * 0.8;
        ctx.globalAlpha = 1 - a.t;
        ctx.fillStyle = WATER;
        ctx.beginPath();
        ctx.arc(x + w / 2 + Math.cos(ang) * d, y + h / 2 + Math.sin(ang) * d * 0.7, Math.max(2, w * 0.06), 0, Math.PI * 2);
        ctx.fill();
      }
    } else {
      const fall = (1 - easeOut(a.t)) * h * 1.6;
      ctx.globalAlpha = Math.min(1, a.t * 3);
      ctx.fillStyle = '#f7d44c';
      ctx.strokeStyle = '#7a5e17';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(x + w / 2, y + h / 2 - fall, Math.max(6, w * 0.22), 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    ctx.restore();
  }
}

/** The winning line: water running inside its pipes, each of its cards framed in gold. */
function paintWinningLine(ctx, { state: s, cellRect, anims, cw, ch }) {
  if (!s.win || !s.win.length) return;
  const winSet = new Set(s.win.map(([x, y]) => `${x},${y}`));
  ctx.save();
  ctx.strokeStyle = 'rgba(247,212,76,.9)';
  ctx.lineWidth = 2;
  ctx.shadowColor = '#f7d44c';
  ctx.shadowBlur = 10;
  for (const key of winSet) {
    const [x, y] = key.split(',').map(Number);
    const [rx, ry, w, h] = cellRect(x, y);
    ctx.strokeRect(rx + 0.5, ry + 0.5, w - 1, h - 1);
  }
  ctx.shadowBlur = 0;
  const t = Math.max(3, Math.min(cw, ch) * 0.26);
  let pts = s.win.map(([x, y]) => { const [rx, ry, w, h] = cellRect(x, y); return [rx + w / 2, ry + h / 2]; });
  // water runs along the line from valve to spout
  const run = anims.find((q) => q.kind === 'water');
  if (run) pts = partOf(pts, run.t);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const [width, colour] of [[t * 0.5, '#1f86b3'], [t * 0.34, '#5fd0f5'], [t * 0.1, 'rgba(255,255,255,.85)']]) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1, width);
    ctx.beginPath();
    pts.forEach(([px, py], i) => (i ? ctx.lineTo(px, py) : ctx.moveTo(px, py)));
    ctx.stroke();
  }
  ctx.restore();
}

/** The last card placed: a gold ring. */
function paintLastCard(ctx, { state: s, cellRect }) {
  if (!s.last) return;
  const [x, y, w, h] = cellRect(s.last.x, s.last.y);
  ctx.save();
  ctx.strokeStyle = '#ffb400';
  ctx.lineWidth = 3;
  ctx.shadowColor = '#ffb400';
  ctx.shadowBlur = 8;
  ctx.strokeRect(x - 2, y - 2, w + 4, h + 4);
  ctx.restore();
}

/** Preview of the selected card on the hovered/focused spot. */
function paintPreview(ctx, { state: s, cellRect, hover: hv }) {
  if (!hv || !s.card) return;
  const { view } = s;
  const [x, y, w, h] = cellRect(hv.x, hv.y);
  const preview = hv.face || s.previewCard; // the way round it goes in at that spot
  ctx.save();
  drawCard(ctx, x + 2, y + 2, w - 4, h - 4, preview, {
    ghost: true, owner: s.colours[hv.kind === 'leak' ? hv.target : s.viewer],
    joins: joinsFor(view, hv), leaky: hv.kind === 'leak' || undefined,
  });
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 3;
  ctx.strokeRect(x, y, w, h);
  ctx.restore();
}

function joinsFor(view, spot) {
  const end = view.open_ends.find((e) => e.x === spot.x && e.y === spot.y);
  if (end) return { N: 'S', S: 'N', E: 'W', W: 'E' }[end.dir];
  const c = view.cards.find((k) => k.x === spot.x && k.y === spot.y);
  return c ? c.joins : null;
}

/** The first fraction t of a polyline (by segment count, which is close enough on a grid). */
function partOf(pts, t) {
  if (pts.length < 2 || !(t < 1)) return pts;
  const f = Math.max(0, t) * (pts.length - 1);
  const k = Math.floor(f);
  const out = pts.slice(0, k + 1);
  const [ax, ay] = pts[k]; const [bx, by] = pts[k + 1];
  out.push([ax + (bx - ax) * (f - k), ay + (by - ay) * (f - k)]);
  return out;
}

function arrow(ctx, cx, cy, dir, r) {
  const a = { N: -Math.PI / 2, E: 0, S: Math.PI / 2, W: Math.PI }[dir];
  ctx.beginPath();
  ctx.moveTo(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  ctx.lineTo(cx + Math.cos(a + 2.5) * r, cy + Math.sin(a + 2.5) * r);
  ctx.lineTo(cx + Math.cos(a - 2.5) * r, cy + Math.sin(a - 2.5) * r);
  ctx.closePath();
  ctx.fill();
}

/** The table in words, the canvas's accessible name. */
export function describeTable(s) {
  const v = s.view;
  const parts = v.pipelines.map((p) => {
    const name = s.names[p.player];
    const at = p.leak && v.cards.find((c) => c.x === p.leak[0] && c.y === p.leak[1]);
    const leak = p.leak ? `, leaking${at ? ` at ${cardWords(at, { article: true })}` : ''}` : '';
    return `${name}: ${p.pipes_best} of ${v.target} pipes, ${p.open_ends} open end${p.open_ends === 1 ? '' : 's'}${leak}`;
  });
  // what the gold marks say, for those who do not see them
  const win = s.win && s.win.length ? ` The winning line is lit: ${s.win.length} cards from valve to spout.` : '';
  // where the last card is, told by its line and its place on it (not the engine's grid)
  const lc = s.last && v.cards.find((c) => c.x === s.last.x && c.y === s.last.y);
  const last = lc ? ` Last card laid: ${cardWords(lc, { article: true })} on ${possessive(s.names[lc.owner])} line, ${count(lc.pipes, 'pipe')} from the valve.` : '';
  return `The pipe table. ${parts.join('; ')}.${win}${last}`;
}
