// Draws one Water Works card (pipe, cap card, valve, spout) into a rectangle of a 2D
// canvas context, from the card data the engine puts in its views. Pure drawing: no
// rules here. Openings/caps are taken as given (the table view already has them turned).
import { roundRect } from '../../shell/canvas.js';
import { withArticle } from '../../shell/words.js';

export const SHAPE_NAMES = {
  long: 'long straight', short: 'short straight', L: 'L bend', J: 'reverse-L bend',
  tee: 'T', cap: 'cap card', valve: 'valve', spout: 'spout',
};
export const DIRS = ['N', 'E', 'S', 'W'];
const FLIP = { N: 'S', S: 'N', E: 'W', W: 'E' };

const METAL = {
  copper: { body: '#c8743a', hi: '#f0b27c', lo: '#8c4a1f', card: '#fff3e4', edge: '#e2b68c' },
  iron: { body: '#6d7780', hi: '#aab3bb', lo: '#424a51', card: '#eef1f3', edge: '#b9c1c8' },
  leaky: { body: '#8a5a4a', hi: '#c48a72', lo: '#4e2b22', card: '#fdebea', edge: '#e3a3a8' },
  brass: { body: '#b8912f', hi: '#f2d27a', lo: '#7a5e17', card: '#fff8e0', edge: '#e3c978' },
};
export const LEAK_RED = '#d1495b';
export const WATER = '#2f9fc7';

/** The card as it looks turned 180 degrees (presentation only). */
export function turnedCard(card) {
  const out = { ...card };
  if (card.openings) out.openings = card.openings.map((d) => FLIP[d]);
  if (card.caps) out.caps = [card.caps[2], card.caps[3], card.caps[0], card.caps[1]];
  return out;
}

/** Would turning this card change how it looks (and so where it fits)? */
export function canTurn(card) {
  if (card.kind === 'pipe') {
    const t = turnedCard(card).openings.slice().sort().join();
    return t !== card.openings.slice().sort().join();
  }
  if (card.kind === 'cap') return !(card.caps[0] === card.caps[2] && card.caps[1] === card.caps[3]);
  return false;
}

/** Words for a card: "leaky T", "copper L bend", "cap card (copper, iron, leaky, iron)". */
export function cardWords(card, { article = false } = {}) {
  let s;
  if (card.kind === 'cap') {
    const leaks = card.caps.filter((c) => c === 'leaky').length;
    s = `cap card${leaks ? ` with ${leaks === 1 ? 'a leaky cap' : `${leaks} leaky caps`}` : ''}`;
  } else if (card.kind === 'pipe') {
    s = `${card.material} ${SHAPE_NAMES[card.shape] || card.shape}`;
  } else {
    s = SHAPE_NAMES[card.kind] || card.kind;
  }
  if (!article) return s;
  return withArticle(s);
}

function edgePoint(x, y, w, h, d) {
  return {
    N: [x + w / 2, y], S: [x + w / 2, y + h], E: [x + w, y + h / 2], W: [x, y + h / 2],
  }[d];
}

function drop(ctx, px, py, r, colour = WATER) {
  ctx.beginPath();
  ctx.moveTo(px, py - r * 1.6);
  ctx.bezierCurveTo(px + r * 1.1, py - r * 0.2, px + r, py + r, px, py + r);
  ctx.bezierCurveTo(px - r, py + r, px - r * 1.1, py - r * 0.2, px, py - r * 1.6);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.35);
  ctx.strokeStyle = '#fff';
  ctx.stroke();
}

/** A pipe run from the centre to an edge, with a flange at the edge. */
function pipeArm(ctx, cx, cy, ex, ey, t, m, leaky) {
  ctx.lineCap = 'butt';
  ctx.strokeStyle = m.lo;
  ctx.lineWidth = t + 2;
  line(ctx, cx, cy, ex, ey);
  ctx.strokeStyle = m.body;
  ctx.lineWidth = t;
  line(ctx, cx, cy, ex, ey);
  // highlight along the pipe
  const dx = ex - cx; const dy = ey - cy; const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len; const ny = dx / len;
  ctx.strokeStyle = m.hi;
  ctx.lineWidth = Math.max(1, t * 0.22);
  line(ctx, cx + nx * t * 0.22, cy + ny * t * 0.22, ex + nx * t * 0.22, ey + ny * t * 0.22);
  if (leaky) {
    // cracks: short red zig-zags across the pipe
    ctx.strokeStyle = LEAK_RED;
    ctx.lineWidth = Math.max(1.2, t * 0.14);
    const mx = cx + dx * 0.55; const my = cy + dy * 0.55;
    ctx.beginPath();
    ctx.moveTo(mx + nx * t * 0.5, my + ny * t * 0.5);
    ctx.lineTo(mx + dx / len * t * 0.2, my + dy / len * t * 0.2);
    ctx.lineTo(mx - nx * t * 0.1 - dx / len * t * 0.15, my - ny * t * 0.1 - dy / len * t * 0.15);
    ctx.lineTo(mx - nx * t * 0.5, my - ny * t * 0.5);
    ctx.stroke();
  }
  // flange at the card edge
  const fl = t * 1.45; const fw = Math.max(2, t * 0.32);
  ctx.fillStyle = m.lo;
  const bx = ex - dx / len * fw; const by = ey - dy / len * fw;
  ctx.save();
  ctx.translate(bx, by);
  ctx.rotate(Math.atan2(dy, dx));
  ctx.fillRect(-fw / 2, -fl / 2, fw, fl);
  ctx.fillStyle = m.hi;
  ctx.fillRect(-fw / 2, -fl / 2, fw * 0.4, fl);
  ctx.restore();
}

function line(ctx, x1, y1, x2, y2) {
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

function hatch(ctx, x, y, w, h, colour, step) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  for (let k = -h; k < w; k += step) line(ctx, x + k, y + h, x + k + h, y);
  ctx.restore();
}

/** A plumber disc (cardboard token with a wrench). */
export function drawPlumber(ctx, cx, cy, r) {
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,.35)';
  ctx.shadowBlur = r * 0.4;
  ctx.shadowOffsetY = r * 0.12;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = '#f7d44c';
  ctx.fill();
  ctx.restore();
  ctx.lineWidth = Math.max(1, r * 0.14);
  ctx.strokeStyle = '#7a5e17';
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  // wrench
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(-Math.PI / 4);
  ctx.strokeStyle = '#2a3a42';
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(1.5, r * 0.28);
  line(ctx, 0, r * 0.55, 0, -r * 0.15);
  ctx.lineWidth = Math.max(1.2, r * 0.2);
  ctx.beginPath();
  ctx.arc(0, -r * 0.38, r * 0.3, Math.PI * 0.15, Math.PI * 1.85 - Math.PI * 0.3 + Math.PI * 0.3);
  ctx.stroke();
  ctx.restore();
}

/**
 * Draw a card into (x, y, w, h).
 * opts: {owner: colour|null, joins: 'N'|..|null, leaky: bool (unrepaired leak), repaired,
 *        plumber, stacked: n covered cards, ghost: bool, faded: bool, faces: dir}
 */
export function drawCard(ctx, x, y, w, h, card, opts = {}) {
  const r = Math.max(2, Math.min(w, h) * 0.1);
  ctx.save();
  if (opts.ghost) ctx.globalAlpha = 0.55;
  const stacked = Math.min(2, opts.stacked || 0);
  for (let k = stacked; k > 0; k -= 1) {
    const o = k * Math.max(1.5, w * 0.045);
    roundRect(ctx, x - o, y - o, w, h, r);
    ctx.fillStyle = '#e6dcc4';
    ctx.fill();
    ctx.strokeStyle = '#a89878';
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  const mat = card.kind === 'pipe' ? (opts.leaky === false && card.material === 'leaky' ? 'iron' : card.material)
    : card.kind === 'cap' ? 'iron' : 'brass';
  const m = METAL[card.kind === 'pipe' ? card.material : mat] || METAL.iron;
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = card.kind === 'cap' ? '#f4f1ea' : card.kind === 'valve' ? '#fdf9ef' : m.card;
  ctx.fill();
  if (card.kind === 'pipe' && card.material === 'leaky') hatch(ctx, x, y, w, h, 'rgba(209,73,91,.16)', Math.max(4, w / 7));
  if (card.kind === 'pipe' && card.material === 'copper') {
    ctx.save();
    roundRect(ctx, x, y, w, h, r);
    ctx.clip();
    ctx.fillStyle = 'rgba(200,116,58,.10)';
    ctx.fillRect(x, y + h * 0.55, w, h * 0.45);
    ctx.restore();
  }
  ctx.lineWidth = opts.owner ? Math.max(1.5, w * 0.05) : 1;
  ctx.strokeStyle = opts.owner || m.edge;
  roundRect(ctx, x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, w - ctx.lineWidth, h - ctx.lineWidth, r);
  ctx.stroke();

  const cx = x + w / 2; const cy = y + h / 2;
  const t = Math.max(3, Math.min(w, h) * 0.26);
  if (card.kind === 'pipe') {
    const isLeak = card.material === 'leaky' && opts.leaky !== false;
    for (const d of card.openings || []) {
      const [ex, ey] = edgePoint(x, y, w, h, d);
      pipeArm(ctx, cx, cy, ex, ey, t, m, isLeak);
    }
    // joint at the centre
    ctx.beginPath();
    ctx.arc(cx, cy, t * 0.62, 0, Math.PI * 2);
    ctx.fillStyle = m.body;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = m.lo;
    ctx.stroke();
    if (card.shape === 'tee') {
      ctx.beginPath();
      ctx.arc(cx, cy, t * 0.25, 0, Math.PI * 2);
      ctx.fillStyle = m.hi;
      ctx.fill();
    }
    if (isLeak) {
      const s = Math.max(2.2, Math.min(w, h) * 0.075);
      drop(ctx, cx + w * 0.2, cy + h * 0.27, s);
      drop(ctx, cx - w * 0.24, cy + h * 0.33, s * 0.8);
      drop(ctx, cx + w * 0.02, y + h - s * 1.3, s * 0.7);
    }
  } else if (card.kind === 'cap') {
    DIRS.forEach((d, i) => {
      const cm = card.caps[i];
      const faded = opts.joins && opts.joins !== d;
      ctx.save();
      if (faded) ctx.globalAlpha *= 0.22;
      drawCap(ctx, x, y, w, h, d, METAL[cm], cm === 'leaky', t);
      ctx.restore();
    });
  } else if (card.kind === 'valve') {
    const [ex, ey] = edgePoint(x, y, w, h, 'W');
    pipeArm(ctx, cx, cy, ex, ey, t, METAL.brass, false);
    // a hand wheel in the owner's colour on a brass stem
    const wr = Math.min(w, h) * 0.3;
    const wx = cx + w * 0.06;
    ctx.fillStyle = METAL.brass.body;
    ctx.fillRect(wx - t * 0.35, cy - t * 0.35, t * 0.7, t * 0.7);
    ctx.lineWidth = Math.max(2, wr * 0.26);
    ctx.strokeStyle = opts.owner || '#555';
    ctx.beginPath();
    ctx.arc(wx, cy, wr, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = Math.max(1.2, wr * 0.16);
    for (let k = 0; k < 3; k += 1) {
      const a = k * Math.PI / 3 + Math.PI / 2;
      line(ctx, wx - Math.cos(a) * wr, cy - Math.sin(a) * wr, wx + Math.cos(a) * wr, cy + Math.sin(a) * wr);
    }
    // knobs on the rim
    ctx.fillStyle = opts.owner || '#555';
    for (let k = 0; k < 6; k += 1) {
      const a = k * Math.PI / 3 + Math.PI / 2;
      ctx.beginPath();
      ctx.arc(wx + Math.cos(a) * wr, cy + Math.sin(a) * wr, Math.max(1.2, wr * 0.17), 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.beginPath();
    ctx.arc(wx, cy, wr * 0.3, 0, Math.PI * 2);
    ctx.fillStyle = METAL.brass.hi;
    ctx.fill();
    ctx.strokeStyle = METAL.brass.lo;
    ctx.lineWidth = 1;
    ctx.stroke();
  } else if (card.kind === 'spout') {
    const j = opts.joins || 'E';
    const [ex, ey] = edgePoint(x, y, w, h, j);
    pipeArm(ctx, cx, cy, ex, ey, t, METAL.brass, false);
    // the tap: a body and a downward nozzle with water
    ctx.fillStyle = METAL.brass.body;
    ctx.strokeStyle = METAL.brass.lo;
    ctx.lineWidth = 1;
    roundRect(ctx, cx - t * 0.9, cy - t * 0.9, t * 1.8, t * 1.8, t * 0.4);
    ctx.fill();
    ctx.stroke();
    ctx.fillRect(cx - t * 0.35, cy, t * 0.7, h * 0.22);
    ctx.fillStyle = METAL.brass.hi;
    ctx.fillRect(cx - t * 0.9, cy - t * 1.3, t * 1.8, t * 0.35);
    const s = Math.max(2, Math.min(w, h) * 0.07);
    drop(ctx, cx, cy + h * 0.3, s);
    drop(ctx, cx, cy + h * 0.42, s * 0.75);
  }
  if (opts.label) {
    // the seat number on a valve: lines are told apart by more than colour
    const br = Math.max(5, Math.min(w, h) * 0.2);
    ctx.beginPath();
    ctx.arc(x + br * 0.95, y + br * 0.95, br, 0, Math.PI * 2);
    ctx.fillStyle = opts.owner || '#333';
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.font = `700 ${Math.round(br * 1.4)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(opts.label), x + br * 0.95, y + br * 1.02);
  }
  if (opts.plumber) drawPlumber(ctx, x + w * 0.74, y + h * 0.2, Math.min(w, h) * 0.2);
  else if (opts.repaired) {
    // a small green tick: repaired by covering
    ctx.strokeStyle = '#2e8b57';
    ctx.lineWidth = Math.max(1.5, w * 0.06);
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(x + w * 0.66, y + h * 0.16);
    ctx.lineTo(x + w * 0.74, y + h * 0.24);
    ctx.lineTo(x + w * 0.88, y + h * 0.08);
    ctx.stroke();
  }
  ctx.restore();
}

function drawCap(ctx, x, y, w, h, d, m, leaky, t) {
  const [ex, ey] = edgePoint(x, y, w, h, d);
  const cx = x + w / 2; const cy = y + h / 2;
  const len = d === 'N' || d === 'S' ? h * 0.2 : w * 0.2;
  const ux = Math.sign(cx - ex); const uy = Math.sign(cy - ey);
  const sx = ex + ux * len; const sy = ey + uy * len;
  pipeArm(ctx, sx, sy, ex, ey, t * 0.85, m, false);
  // the dome of the cap
  ctx.beginPath();
  ctx.arc(sx, sy, t * 0.52, 0, Math.PI * 2);
  ctx.fillStyle = m.body;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = m.lo;
  ctx.stroke();
  if (leaky) {
    const s = Math.max(2, t * 0.3);
    drop(ctx, sx + (uy ? t * 0.9 : ux * t * 0.9), sy + (uy ? uy * t * 0.4 : t * 0.9), s);
    ctx.strokeStyle = LEAK_RED;
    ctx.lineWidth = Math.max(1, t * 0.16);
    line(ctx, sx - t * 0.3, sy - t * 0.3, sx + t * 0.3, sy + t * 0.3);
  }
}
