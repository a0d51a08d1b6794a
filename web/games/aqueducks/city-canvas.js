// A city (up to 3 wide × 5 long × 3 storeys, grown in any direction) on a canvas (high-DPI,
// resizes with its box), with focusable DOM buttons laid over it for faces, legal places and
// protection toggles. Only the city's extent is drawn (see extent()), so coordinates may run
// past the starting frame (x −1..3, y −2..6).
//
// Overview: one strip per row, seen from the front: storey-1 districts side by side,
// storey-2 districts over the gap of their two supporters (on a bridge card), storey 3 on
// top, like a house of cards. Each district is two back-to-back buildings: its left face and
// its right face. An eye at each edge looks along each storey; the first face it meets is
// active, faces behind it are hidden (hatched, crossed-eye icon, the word "hidden").
// Left / right view: the rows × 3 storeys picture seen from that side, where adjacency lives.
import { iconImage, onIconsLoaded } from './icons.js';
import { RES_COLOUR, RES_STRONG, mainResource, shortName } from './catalog.js';
import { cardLabel } from './card-face.js';
import { roundRect } from '../../shell/canvas.js';

const SIDES = ['left', 'right'];
const INK = '#14232b';

export class CityCanvas {
  constructor(host, { cardOf, onFace, onPlace, onToggle, tipHtml, interactive = true }) {
    // a miniature (minis.js) is a picture only: no buttons over it, nothing to focus or find
    this.interactive = interactive;
    this.tipHtml = tipHtml || null;
    this.cardOf = cardOf;
    this.onFace = onFace || (() => {});
    this.onPlace = onPlace || (() => {});
    this.onToggle = onToggle || (() => {});
    this.el = document.createElement('div');
    this.el.className = 'aq-city';
    this.el.innerHTML = '<canvas class="aq-city-canvas" aria-hidden="true"></canvas><div class="aq-city-overlay"></div><div class="aq-tip" aria-hidden="true" hidden></div>';
    host.append(this.el);
    this.canvas = this.el.querySelector('canvas');
    this.overlay = this.el.querySelector('.aq-city-overlay');
    this.tip = this.el.querySelector('.aq-tip');
    this.mode = 'overview';
    this.city = null;
    this.board = null; // view.board: pictures[side][y - board.y[0]]
    this.place = null; // {targets:[{x,y,storey,legal}], chosen:{x,y,storey}|null, ghost:{left,right,bridge}|null}
    this.protect = null; // {selectable:Set(id), selected:Set(id)}
    this.focus = null; // {district, side}
    this.fall = 1; // how far the toppled districts have fallen (motion.js runs it 0 -> 1)
    this.frame = null; // a Rules picture's {rows: [y0, y1]}: only those rows are drawn
    this.width = 0;
    this.ro = new ResizeObserver(() => this.resize());
    this.ro.observe(this.el);
    onIconsLoaded(() => this.draw());
    this.overlay.addEventListener('keydown', (e) => this.keys(e));
  }

  destroy() { this.ro.disconnect(); }

  set(patch) {
    Object.assign(this, patch);
    this.layoutAndDraw();
  }

  resize() {
    const w = Math.floor(this.el.clientWidth);
    if (w && w !== this.width) {
      this.width = w;
      this.layoutAndDraw();
    }
  }

  layoutAndDraw() {
    if (!this.width) this.width = Math.floor(this.el.clientWidth) || 600;
    this.layout = this.mode === 'overview' ? this.layoutOverview() : this.layoutSide();
    const dpr = window.devicePixelRatio || 1;
    const { w, h } = this.layout;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.height = `${h}px`;
    this.overlay.style.height = `${h}px`;
    this.el.style.height = `${h}px`;
    this.draw();
    if (this.interactive) this.buildOverlay();
  }

  // ---------------------------------------------------------------- geometry
  districtAt(x, y, s) {
    return this.city ? this.city.districts.find((d) => d.x === x && d.y === y && d.storey === s) : null;
  }

  supported(x, y, s) {
    return s === 1 || (this.districtAt(x, y, s - 1) && this.districtAt(x + 1, y, s - 1));
  }

  /**
   * Columns and rows to draw: the districts, the place targets while placing and the toppled
   * ones, padded (centred) to at least the 3 × 5 a full city covers so a small city keeps its
   * proportions. The engine says where a district may go; this only frames it.
   */
  extent() {
    // a Rules picture (pictures.js) frames only the rows it is about: rows: [y0, y1]
    const rows = this.frame && this.frame.rows;
    const inFrame = (p) => !rows || (p.y >= rows[0] && p.y <= rows[1]);
    const pts = [...(this.city ? this.city.districts : []), ...(this.place ? this.place.targets : []), ...(this.toppled || [])].filter(inFrame);
    if (!pts.length) return { x0: 0, x1: 2, y0: 0, y1: 4 };
    let x0 = Math.min(...pts.map((p) => p.x));
    let x1 = Math.max(...pts.map((p) => p.x + p.storey - 1)); // an upper storey spans x..x+storey-1
    let y0 = Math.min(...pts.map((p) => p.y));
    let y1 = Math.max(...pts.map((p) => p.y));
    const pad = (lo, hi, n) => { const need = Math.max(0, n - (hi - lo + 1)); return [lo - Math.floor(need / 2), hi + Math.ceil(need / 2)]; };
    if (rows) return { x0, x1, y0: rows[0], y1: rows[1] };   // a picture: no empty columns
    [x0, x1] = pad(x0, x1, 3);
    [y0, y1] = pad(y0, y1, 5);
    return { x0, x1, y0, y1 };
  }

  /** Storeys drawn for row y: up to the highest storey that is built or open (min 1). */
  levels(y, { x0, x1 }) {
    let top = 1;
    for (let s = 2; s <= 3; s++) {
      for (let x = x0; x <= x1 - s + 1; x++) if (this.districtAt(x, y, s) || this.supported(x, y, s)) top = s;
      if (this.toppled && this.toppled.some((d) => d.y === y && d.storey === s)) top = Math.max(top, s);
    }
    return top;
  }

  layoutOverview() {
    const w = this.width;
    const mL = w < 480 ? 22 : 30;
    const U = w - 2 * mL;
    const ext = this.extent();
    const dw = U / (ext.x1 - ext.x0 + 1);
    const sh = Math.max(40, Math.min(60, dw * 0.36));
    const head = 16;
    const slots = [];
    const strips = [];
    let top = 0;
    for (let y = ext.y0; y <= ext.y1; y++) {
      const lv = this.city ? this.levels(y, ext) : 1;
      const h = head + lv * sh + 8;
      strips.push({ y, top, h, lv });
      for (let s = 1; s <= lv; s++) {
        for (let x = ext.x0; x <= ext.x1 - s + 1; x++) {
          const left = mL + (s - 1) * dw / 2 + (x - ext.x0) * dw;
          const t = top + head + (lv - s) * sh;
          slots.push({ x, y, s, r: { x: left + 3, y: t + 2, w: dw - 6, h: sh - 4 } });
        }
      }
      top += h;
    }
    return { kind: 'overview', w, h: top + 18, mL, dw, sh, head, strips, slots, ext };
  }

  layoutSide() {
    const w = this.width;
    const mL = w < 480 ? 26 : 34;
    const head = 22;
    const ext = this.extent();
    const cw = (w - mL - 4) / (ext.y1 - ext.y0 + 1);
    const ch = Math.max(64, Math.min(118, cw * 0.82));
    const cells = [];
    for (let y = ext.y0; y <= ext.y1; y++) {
      for (let s = 1; s <= 3; s++) {
        cells.push({ y, s, r: { x: mL + (y - ext.y0) * cw + 3, y: head + (3 - s) * ch + 3, w: cw - 6, h: ch - 6 } });
      }
    }
    return { kind: 'side', w, h: head + 3 * ch + 26, mL, cw, ch, head, cells, ext };
  }

  /** The picture cell (row y, storey s) of a side view; pictures cover every board row. */
  pictureAt(side, y, s) {
    const pic = this.city ? this.city.pictures[side] : null;
    const row = pic && pic[y - (this.board ? this.board.y[0] : 0)];
    return row ? row[s - 1] : null;
  }

  faceRect(slotR, side) {
    const half = slotR.w / 2;
    return { x: slotR.x + (side === 'left' ? 0 : half), y: slotR.y, w: half, h: slotR.h };
  }

  // ---------------------------------------------------------------- drawing
  draw() {
    if (!this.layout) return;
    const ctx = this.canvas.getContext('2d');
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, this.layout.w, this.layout.h);
    if (this.layout.kind === 'overview') this.drawOverview(ctx);
    else this.drawSide(ctx);
  }

  hl() {
    // Faces to highlight as adjacent to the focused face: [{side, card}]
    if (!this.focus || !this.city) return { self: null, adj: new Set() };
    const d = this.city.districts.find((q) => q.id === this.focus.district);
    if (!d) return { self: null, adj: new Set() };
    const f = d[this.focus.side];
    return { self: `${d.id}:${this.focus.side}`, adj: new Set((f.adjacent || []).map((c) => `${this.focus.side}:${c}`)) };
  }

  drawOverview(ctx) {
    const L = this.layout;
    const hl = this.hl();
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
        for (let x = L.ext.x0; x <= L.ext.x1 - s + 1; x++) { const d = this.districtAt(x, y, s); if (d) inRow.push({ x, d }); }
        if (!inRow.length) continue;
        const first = L.slots.find((q) => q.x === inRow[0].x && q.y === y && q.s === s).r;
        const last = L.slots.find((q) => q.x === inRow[inRow.length - 1].x && q.y === y && q.s === s).r;
        this.sight(ctx, 3, first.x, cy, 'left');
        this.sight(ctx, L.w - 3, last.x + last.w, cy, 'right');
      }
    }
    // slots
    for (const sl of L.slots) {
      const d = this.districtAt(sl.x, sl.y, sl.s);
      const r = sl.r;
      if (!d) {
        const open = this.supported(sl.x, sl.y, sl.s);
        ctx.setLineDash(open ? [5, 4] : [2, 5]);
        ctx.strokeStyle = open ? 'rgba(13,59,79,.35)' : 'rgba(13,59,79,.12)';
        ctx.lineWidth = 1.2;
        roundRect(ctx, r.x + 1, r.y + 1, r.w - 2, r.h - 2, 6); ctx.stroke();
        ctx.setLineDash([]);
        continue;
      }
      this.drawDistrict(ctx, d, r, hl, small);
    }
    ctx.fillStyle = '#4a5d66'; ctx.font = `600 11px ${font()}`; ctx.textBaseline = 'top';
    ctx.fillText(L.w < 480 ? 'Each row from the front. The first face each eye meets is active.'
      : 'Each row seen from the front. Looking along a storey, the first face each eye meets is active; faces behind it are hidden.', 8, L.h - 15, L.w - 16);
    // districts that just fell at the Downfall
    if (this.toppled) {
      for (const d of this.toppled) {
        const sl = L.slots.find((q) => q.x === d.x && q.y === d.y && q.s === d.storey);
        if (!sl || this.districtAt(d.x, d.y, d.storey)) continue;
        const r = sl.r;
        const t = this.fall;
        const dir = (d.id % 2) ? 1 : -1;
        if (t < 1 && d.left && d.left.key) {
          // the district itself tips over its bottom corner and fades, then its marker is left
          ctx.save();
          ctx.translate(r.x + (dir > 0 ? r.w : 0), r.y + r.h);
          ctx.rotate(dir * t * 1.2);
          ctx.globalAlpha = Math.max(0, 1 - t);
          this.drawDistrict(ctx, d, { x: dir > 0 ? -r.w : 0, y: -r.h, w: r.w, h: r.h }, { self: null, adj: new Set() }, small);
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
    // place targets and ghost
    if (this.place) {
      for (const t of this.place.targets) {
        const sl = L.slots.find((q) => q.x === t.x && q.y === t.y && q.s === t.storey);
        if (!sl) continue;
        const chosen = this.place.chosen && this.place.chosen.x === t.x && this.place.chosen.y === t.y && this.place.chosen.storey === t.storey;
        const r = sl.r;
        if (chosen && this.place.ghost) {
          this.drawGhost(ctx, r, this.place.ghost, small);
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
  }

  sight(ctx, edgeX, faceX, cy, side) {
    const img = iconImage('eye');
    const dir = side === 'left' ? 1 : -1;
    ctx.strokeStyle = 'rgba(13,59,79,.45)'; ctx.lineWidth = 1.2; ctx.setLineDash([3, 3]);
    ctx.beginPath(); ctx.moveTo(edgeX + dir * 16, cy); ctx.lineTo(faceX - dir * 2, cy); ctx.stroke(); ctx.setLineDash([]);
    // arrow head
    ctx.fillStyle = 'rgba(13,59,79,.6)';
    ctx.beginPath(); ctx.moveTo(faceX - dir * 2, cy); ctx.lineTo(faceX - dir * 8, cy - 4); ctx.lineTo(faceX - dir * 8, cy + 4); ctx.fill();
    if (img) ctx.drawImage(img, side === 'left' ? edgeX : edgeX - 16, cy - 8, 16, 16);
  }

  drawDistrict(ctx, d, r, hl, small) {
    // bridge card under an upper-storey district
    if (d.storey > 1) {
      ctx.fillStyle = '#8a5a2b';
      roundRect(ctx, r.x - 4, r.y + r.h - 3, r.w + 8, 6, 2); ctx.fill();
    }
    for (const side of SIDES) {
      const f = d[side];
      const fr = this.faceRect(r, side);
      const key = `${d.id}:${side}`;
      const card = this.cardOf(f.key);
      const isSelf = hl.self === key;
      const isAdj = f.active && hl.adj.has(`${side}:${f.card}`);
      this.drawFace(ctx, fr, card, f, side, { small, isSelf, isAdj });
    }
    // spine between the two back-to-back buildings + gable roof
    ctx.strokeStyle = INK; ctx.lineWidth = 2;
    ctx.beginPath(); ctx.moveTo(r.x + r.w / 2, r.y + 1); ctx.lineTo(r.x + r.w / 2, r.y + r.h - 1); ctx.stroke();
    ctx.lineWidth = 1.5; roundRect(ctx, r.x, r.y, r.w, r.h, 5); ctx.stroke();
    if (d.protected) {
      const img = iconImage('protect');
      const sz = small ? 13 : 16;
      if (img) ctx.drawImage(img, r.x + r.w / 2 - sz / 2, r.y - sz / 2 + 1, sz, sz);
    }
    if (this.protect) {
      const sel = this.protect.selected.has(d.id);
      const can = this.protect.selectable.has(d.id);
      if (sel || can) {
        ctx.strokeStyle = sel ? '#2e8b57' : '#f7d44c';
        ctx.lineWidth = sel ? 4 : 2.5;
        ctx.setLineDash(sel ? [] : [6, 3]);
        roundRect(ctx, r.x - 2, r.y - 2, r.w + 4, r.h + 4, 7); ctx.stroke(); ctx.setLineDash([]);
      }
    }
  }

  drawFace(ctx, fr, card, f, side, { small, isSelf, isAdj, ghost = false }) {
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
    const maxChars = Math.max(4, Math.floor((fr.w - 2 * pad) / (fs * 0.55)));
    if (card) ctx.fillText(shortName(card.name, maxChars), inner, fr.y + 3, fr.w - 2 * pad - 2);
    const iy = fr.y + fr.h - (small ? 13 : 16) - 3;
    const isz = small ? 11 : 14;
    if (f.active && card) {
      let ix = inner;
      for (const r of card.produces) {
        const img = iconImage(r);
        if (img && ix + isz < fr.x + fr.w - 2) ctx.drawImage(img, ix, iy, isz, isz);
        ix += isz + 1;
      }
      if (f.doused) { const img = iconImage('water'); if (img) ctx.globalAlpha = 0.9; }
    } else if (!f.active) {
      const img = iconImage('hidden');
      if (img) ctx.drawImage(img, inner, iy, isz, isz);
      if (fr.w > 54) {
        ctx.font = `italic 600 ${small ? 9 : 10.5}px ${font()}`;
        ctx.fillStyle = '#6d4a4a';
        ctx.fillText('hidden', inner + isz + 3, iy + (small ? 1 : 2));
      }
    }
    if (f.doused) {
      const img = iconImage('water');
      const sz = small ? 10 : 12;
      if (img) ctx.drawImage(img, fr.x + fr.w - sz - (side === 'right' ? 6 : 2), fr.y + 3, sz, sz);
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

  drawGhost(ctx, r, ghost, small) {
    ctx.globalAlpha = 0.92;
    if (ghost.storey > 1) { ctx.fillStyle = '#8a5a2b'; roundRect(ctx, r.x - 4, r.y + r.h - 3, r.w + 8, 6, 2); ctx.fill(); }
    for (const side of SIDES) {
      const g = ghost[side];
      this.drawFace(ctx, this.faceRect(r, side), this.cardOf(g.key), { active: g.active, doused: false }, side, { small, ghost: true });
    }
    ctx.globalAlpha = 1;
    ctx.strokeStyle = '#2e8b57'; ctx.lineWidth = 3;
    roundRect(ctx, r.x - 1, r.y - 1, r.w + 2, r.h + 2, 6); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(r.x + r.w / 2, r.y); ctx.lineTo(r.x + r.w / 2, r.y + r.h); ctx.stroke();
  }

  drawSide(ctx) {
    const L = this.layout;
    const side = this.mode;
    const hl = this.hl();
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
      const v = this.pictureAt(side, c.y, c.s);
      const r = c.r;
      if (!v) {
        ctx.setLineDash([4, 4]); ctx.strokeStyle = 'rgba(13,59,79,.22)'; ctx.lineWidth = 1;
        roundRect(ctx, r.x, r.y, r.w, r.h, 6); ctx.stroke(); ctx.setLineDash([]);
        continue;
      }
      const d = this.city.districts.find((q) => q.id === v.district);
      const f = d[side];
      const card = this.cardOf(f.key);
      const key = `${d.id}:${side}`;
      this.drawCell(ctx, r, card, f, d, { isSelf: hl.self === key, isAdj: hl.adj.has(`${side}:${f.card}`) });
    }
  }

  drawCell(ctx, r, card, f, d, { isSelf, isAdj }) {
    const res = mainResource(card);
    ctx.fillStyle = RES_COLOUR[res]; roundRect(ctx, r.x, r.y, r.w, r.h, 7); ctx.fill();
    ctx.fillStyle = RES_STRONG[res]; ctx.fillRect(r.x + 6, r.y, r.w - 12, 4);
    ctx.strokeStyle = INK; ctx.lineWidth = 1.3; roundRect(ctx, r.x, r.y, r.w, r.h, 7); ctx.stroke();
    const fs = r.w < 80 ? 9.5 : 11.5;
    ctx.fillStyle = INK; ctx.font = `700 ${fs}px ${font()}`; ctx.textBaseline = 'top';
    const lines = wrap(ctx, card ? card.name : '?', r.w - 10, 2);
    lines.forEach((ln, i) => ctx.fillText(ln, r.x + 5, r.y + 7 + i * (fs + 2)));
    const isz = r.w < 80 ? 12 : 16;
    let ix = r.x + 5;
    const iy = r.y + r.h - isz - 5;
    for (const rr of card ? card.produces : []) {
      const img = iconImage(rr);
      if (img) ctx.drawImage(img, ix, iy, isz, isz);
      ix += isz + 2;
    }
    ctx.fillStyle = '#4a5d66'; ctx.font = `600 ${r.w < 80 ? 8.5 : 10}px ${font()}`;
    ctx.textAlign = 'right';
    ctx.fillText(`col ${d.x + 1}`, r.x + r.w - 5, iy + 2);
    ctx.textAlign = 'start';
    if (f.doused) {
      const img = iconImage('water'); const sz = isz - 2;
      if (img) ctx.drawImage(img, r.x + r.w - sz - 4, r.y + 6, sz, sz);
      ctx.strokeStyle = '#2f9fc7'; ctx.lineWidth = 2; ctx.beginPath();
      for (let k = 4; k <= r.w - 4; k += 2) ctx.lineTo(r.x + k, r.y + r.h - 2 + Math.sin(k / 3) * 1.4);
      ctx.stroke();
    }
    if (d.protected) { const img = iconImage('protect'); if (img) ctx.drawImage(img, r.x + r.w / 2 - 7, r.y - 6, 14, 14); }
    if (isSelf || isAdj) {
      ctx.strokeStyle = isSelf ? '#ffb400' : '#e07b1f'; ctx.lineWidth = isSelf ? 4 : 3;
      ctx.setLineDash(isSelf ? [] : [6, 3]); roundRect(ctx, r.x - 1, r.y - 1, r.w + 2, r.h + 2, 8); ctx.stroke(); ctx.setLineDash([]);
    }
  }

  // ---------------------------------------------------------------- DOM overlay
  buildOverlay() {
    const L = this.layout;
    const ov = this.overlay;
    const prevFocus = document.activeElement && ov.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    ov.replaceChildren();
    if (this.tip) this.tip.hidden = true;
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
    if (!this.city) return;
    if (L.kind === 'overview') {
      const placing = !!this.place;
      for (const sl of L.slots) {
        const d = this.districtAt(sl.x, sl.y, sl.s);
        if (!d) continue;
        if (this.protect && (this.protect.selectable.has(d.id) || this.protect.selected.has(d.id))) {
          const sel = this.protect.selected.has(d.id);
          const b = mk(sl.r, 'aq-hit-protect', `Protect district ${d.id} at row ${d.y + 1}, column ${d.x + 1}, storey ${d.storey}: ${this.cardOf(d.left.key).name} and ${this.cardOf(d.right.key).name}`, `p${d.id}`);
          b.dataset.testid = `protect-${d.id}`;
          b.setAttribute('data-testid', `protect-${d.id}`);
          b.setAttribute('aria-pressed', String(sel));
          b.addEventListener('click', () => this.onToggle(d.id));
          continue;
        }
        if (placing) continue;
        for (const side of SIDES) {
          const f = d[side];
          const card = this.cardOf(f.key);
          const why = f.active ? `active, seen from the ${side}` : `hidden: another district stands ${side === 'left' ? 'to its left' : 'to its right'} on the same storey`;
          const b = mk(this.faceRect(sl.r, side), 'aq-hit-face', `${card.name}, ${side} face of district ${d.id}, row ${d.y + 1}, column ${d.x + 1}, storey ${d.storey}; ${why}${f.doused ? '; doused' : ''}${d.protected ? '; protected' : ''}`, `f${d.id}:${side}`);
          b.dataset.face = `${d.id}:${side}`;
          faces.push(b);
        }
      }
      if (placing) {
        for (const t of this.place.targets) {
          const sl = L.slots.find((q) => q.x === t.x && q.y === t.y && q.s === t.storey);
          if (!sl) continue;
          const chosen = this.place.chosen && this.place.chosen.x === t.x && this.place.chosen.y === t.y && this.place.chosen.storey === t.storey;
          const b = mk(sl.r, `aq-hit-place ${t.legal ? 'legal' : 'illegal'}`,
            `${t.legal ? 'Build' : 'Try to build (not allowed)'} at row ${t.y + 1}, column ${t.x + 1}, storey ${t.storey}`, `t${t.x}-${t.y}-${t.storey}`);
          b.setAttribute('data-testid', `place-${t.x}-${t.y}-${t.storey}`);
          b.dataset.legal = String(t.legal);
          if (chosen) b.setAttribute('aria-pressed', 'true');
          b.addEventListener('click', () => this.onPlace(t));
        }
      }
    } else {
      for (const c of L.cells) {
        const v = this.pictureAt(this.mode, c.y, c.s);
        if (!v) continue;
        const d = this.city.districts.find((q) => q.id === v.district);
        const f = d[this.mode];
        const card = this.cardOf(f.key);
        const b = mk(c.r, 'aq-hit-face', `${card.name}, row ${c.y + 1}, storey ${c.s}, seen from the ${this.mode} (district ${d.id}, column ${d.x + 1})${f.doused ? '; doused' : ''}`, `f${d.id}:${this.mode}`);
        b.dataset.face = `${d.id}:${this.mode}`;
        faces.push(b);
      }
    }
    faces.forEach((b, i) => {
      b.tabIndex = i === 0 ? 0 : -1;
      const [did, side] = b.dataset.face.split(':');
      const act = () => { this.focus = { district: Number(did), side }; this.draw(); this.onFace(this.focus); this.showTip(b); };
      b.addEventListener('focus', act);
      b.addEventListener('mouseenter', act);
      b.addEventListener('click', act);
      b.addEventListener('mouseleave', () => { if (document.activeElement !== b) { this.focus = null; this.draw(); this.tip.hidden = true; } });
      b.addEventListener('blur', () => { this.focus = null; this.draw(); this.tip.hidden = true; });
    });
    this.faceButtons = faces;
    if (prevFocus) { const again = ov.querySelector(`[data-key="${prevFocus}"]`); if (again) again.focus(); }
  }

  /** A short "why" next to the hovered or focused face. */
  showTip(b) {
    if (!this.tipHtml || !this.focus) return;
    const html = this.tipHtml(this.focus);
    if (!html) { this.tip.hidden = true; return; }
    this.tip.innerHTML = html;
    this.tip.hidden = false;
    const r = { x: b.offsetLeft, y: b.offsetTop, w: b.offsetWidth, h: b.offsetHeight };
    const tw = this.tip.offsetWidth;
    const th = this.tip.offsetHeight;
    let left = Math.min(Math.max(4, r.x + r.w / 2 - tw / 2), this.width - tw - 4);
    let top = r.y - th - 8;
    if (top < 0) top = r.y + r.h + 8;
    this.tip.style.left = `${left}px`;
    this.tip.style.top = `${top}px`;
  }

  keys(e) {
    const list = this.faceButtons || [];
    const i = list.indexOf(document.activeElement);
    if (i < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const next = list[(i + step + list.length) % list.length];
    list[i].tabIndex = -1; next.tabIndex = 0; next.focus();
  }
}

export function faceDescription(city, did, side, cardOf) {
  const d = city.districts.find((q) => q.id === did);
  if (!d) return '';
  const f = d[side];
  const card = cardOf(f.key);
  return { d, f, card, label: cardLabel(card) };
}

function font() { return 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'; }

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
