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
