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
// This class sizes the canvas, lays the city out (where each row, storey and slot goes) and
// keeps what is focused; city-paint.js paints it (one district: city-faces.js) and
// city-buttons.js lays the buttons over it.
import { onIconsLoaded } from './icons.js';
import { paintOverview, paintSide } from './city-paint.js';
import { placeButtons, faceKeys } from './city-buttons.js';
import { sameAsDrawn } from '../../shell/dom-write.js';

export class CityCanvas {
  constructor(host, { cardOf, onFace, onPlace, onToggle, tipHtml, interactive = true, fit = false }) {
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
    this.height = 0; // the height the box offers (0: as tall as the city needs)
    this.host = host;
    this.fit = !!fit; // drawn to the box's height too, so nothing scrolls
    this.ro = new ResizeObserver(() => this.resize());
    this.ro.observe(this.el);
    if (this.fit) this.ro.observe(host);
    this.stopIcons = onIconsLoaded(() => this.draw());
    this.overlay.addEventListener('keydown', (e) => faceKeys(this, e));
  }

  destroy() { this.ro.disconnect(); this.stopIcons(); }

  set(patch) {
    Object.assign(this, patch);
    // set again on every snapshot and click (a reveal brings several): a city that shows the
    // same keeps its picture and its buttons (and the one focused)
    const same = sameAsDrawn(this, [this.city, this.board, this.mode, this.place, this.protect, this.toppled, this.frame]);
    if (!same || !this.layout) this.layoutAndDraw();
  }

  resize() {
    const w = Math.floor(this.el.clientWidth);
    const h = this.fit ? this.boxHeight() : 0;
    if (w && (w !== this.width || h !== this.height)) {
      this.width = w;
      this.height = h;
      this.layoutAndDraw();
    }
  }

  /** The height the city's box leaves it (its own padding taken off). */
  boxHeight() {
    const cs = getComputedStyle(this.host);
    return Math.max(0, Math.floor(this.host.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)));
  }

  layoutAndDraw() {
    if (!this.width) this.width = Math.floor(this.el.clientWidth) || 600;
    if (this.fit && !this.height) this.height = this.boxHeight();
    this.layout = this.mode === 'overview' ? this.layoutOverview() : this.layoutSide();
    const dpr = window.devicePixelRatio || 1;
    const { w, h } = this.layout;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.height = `${h}px`;
    this.overlay.style.height = `${h}px`;
    this.el.style.height = `${h}px`;
    this.draw();
    if (this.interactive) placeButtons(this);
  }

  // ---------------------------------------------------------------- geometry
  districtAt(x, y, s) {
    return this.city ? this.city.districts.find((d) => d.x === x && d.y === y && d.storey === s) : null;
  }

  supported(x, y, s) {
    return s === 1 || (this.districtAt(x, y, s - 1) && this.districtAt(x + 1, y, s - 1));
  }

  /**
   * Columns and rows to draw. Rows: the city's and the ones it may still grow into, named by
   * the engine (city.rows); a Rules picture frames only the rows it is about. Columns: the
   * districts, the place targets while placing and the toppled ones, padded (centred) to the
   * 3 a full city covers so a small city keeps its proportions.
   */
  extent() {
    // a Rules picture (pictures.js) frames only the rows it is about: rows: [y0, y1]
    const rows = this.frame && this.frame.rows;
    const inFrame = (p) => !rows || (p.y >= rows[0] && p.y <= rows[1]);
    const pts = [...(this.city ? this.city.districts : []), ...(this.place ? this.place.targets : []), ...(this.toppled || [])].filter(inFrame);
    let ys;
    if (rows) ys = Array.from({ length: rows[1] - rows[0] + 1 }, (_, i) => rows[0] + i);
    else if (this.city && this.city.rows) ys = this.city.rows.map((r) => r.y);
    else ys = [...new Set(pts.map((p) => p.y))].sort((a, b) => a - b);
    for (const p of pts) if (!ys.includes(p.y)) ys.push(p.y);
    ys.sort((a, b) => a - b);
    if (!pts.length) return { x0: 0, x1: 2, y0: 0, y1: 4, ys: ys.length ? ys : [0, 1, 2, 3, 4] };
    let x0 = Math.min(...pts.map((p) => p.x));
    let x1 = Math.max(...pts.map((p) => p.x + p.storey - 1)); // an upper storey spans x..x+storey-1
    if (!rows) {
      const need = Math.max(0, 3 - (x1 - x0 + 1));
      x0 -= Math.floor(need / 2); x1 += Math.ceil(need / 2);
    }
    return { x0, x1, y0: ys[0], y1: ys[ys.length - 1], ys };
  }

  /** A row's name in two short lines (the engine's words), or its number in a Rules picture. */
  rowLabel(y) {
    const r = this.city && this.city.rows ? this.city.rows.find((q) => q.y === y) : null;
    return r ? r.label : ['Row', String(y + 1)];
  }

  /** Whether row y holds anything to draw besides empty ground (a district, a toppled one). */
  rowBuilt(y) {
    return !!(this.city && this.city.districts.some((d) => d.y === y)) || !!(this.toppled && this.toppled.some((d) => d.y === y));
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
    const mL = w < 480 ? 40 : 50;
    const U = w - mL - (w < 480 ? 22 : 28);
    const ext = this.extent();
    const dw = U / (ext.x1 - ext.x0 + 1);
    // a short box (a phone) loses the caption and the gaps before the storeys shrink
    const short = this.height && this.height < 360;
    const gap = short ? 3 : 6;
    const foot = short ? 0 : 16;
    // empty rows the city may grow into are drawn thin; built ones a storey-height a storey
    const rows = ext.ys.map((y) => ({ y, lv: this.city ? this.levels(y, ext) : 1, thin: !this.rowBuilt(y) }));
    const units = rows.reduce((n, r) => n + (r.thin ? 0.62 : r.lv), 0);
    const fitted = this.height ? (this.height - foot - rows.length * gap) / units : 60;
    // fitted to the box: only a box too small for any city (under 12 px a storey) scrolls
    const sh = Math.max(this.height ? 12 : 22, Math.min(this.height ? 84 : 64, dw * (this.height ? 0.5 : 0.42), fitted));
    const slots = [];
    const strips = [];
    let top = 0;
    for (const { y, lv, thin } of rows) {
      const rh = thin ? sh * 0.62 : sh;
      const h = lv * rh + gap;
      strips.push({ y, top, h, lv, thin });
      for (let s = 1; s <= lv; s++) {
        for (let x = ext.x0; x <= ext.x1 - s + 1; x++) {
          const left = mL + (s - 1) * dw / 2 + (x - ext.x0) * dw;
          const t = top + gap / 2 + (lv - s) * rh;
          slots.push({ x, y, s, r: { x: left + 3, y: t + 2, w: dw - 6, h: rh - 4 } });
        }
      }
      top += h;
    }
    return { kind: 'overview', w, h: top + foot, mL, dw, sh, strips, slots, ext, foot };
  }

  layoutSide() {
    const w = this.width;
    const mL = w < 480 ? 44 : 58;
    const head = 30;
    const foot = 18;
    const ext = this.extent();
    const cw = (w - mL - 4) / ext.ys.length;
    const fitted = this.height ? (this.height - head - foot - 8) / 3 : 118;
    const ch = Math.max(40, Math.min(118, cw * 0.9, fitted));
    const cells = [];
    ext.ys.forEach((y, i) => {
      for (let s = 1; s <= 3; s++) {
        cells.push({ y, s, r: { x: mL + i * cw + 3, y: head + (3 - s) * ch + 3, w: cw - 6, h: ch - 6 } });
      }
    });
    return { kind: 'side', w, h: head + 3 * ch + foot + 8, mL, cw, ch, head, cells, ext };
  }

  /** The picture cell (row y, storey s) of a side view; pictures cover every board row. */
  pictureAt(side, y, s) {
    const pic = this.city ? this.city.pictures[side] : null;
    const row = pic && pic[y - (this.board ? this.board.y[0] : 0)];
    return row ? row[s - 1] : null;
  }

  // ---------------------------------------------------------------- drawing
  draw() {
    if (!this.layout) return;
    const ctx = this.canvas.getContext('2d');
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, this.layout.w, this.layout.h);
    if (this.layout.kind === 'overview') paintOverview(ctx, this);
    else paintSide(ctx, this);
  }

  hl() {
    // Faces to highlight as adjacent to the focused face: [{side, card}]
    if (!this.focus || !this.city) return { self: null, adj: new Set() };
    const d = this.city.districts.find((q) => q.id === this.focus.district);
    if (!d) return { self: null, adj: new Set() };
    const f = d[this.focus.side];
    return { self: `${d.id}:${this.focus.side}`, adj: new Set((f.adjacent || []).map((c) => `${this.focus.side}:${c}`)) };
  }
}
