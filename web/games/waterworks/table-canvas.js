// The table on a canvas: its camera (fitted to the lines and gliding as they grow, or panned
// and zoomed by the person: buttons, drag, pinch, wheel, arrow keys), its effects in flight,
// and where each cell is on screen. What it paints is table-paint.js; the focusable buttons
// over it (lit spots, markers for lines out of view) are table-buttons.js. High-DPI via
// devicePixelRatio; follows its box with a ResizeObserver.
import { motion, easeOut } from '../../shell/motion.js';
import { paintTable, describeTable } from './table-paint.js';
import { placeSpots, placeMarkers } from './table-buttons.js';
import { sameAsDrawn } from '../../shell/dom-write.js';

const RATIO = 1.16;          // cell height / width: cards stand upright
const MAX_CELL = 104;        // a fitted view never blows a short line up further than this
const FLOOR = 0.35;          // cells of floor a fitted view may show past the table's edge (its margin)

/** Where a fitted view puts the table's start `o` along one side, the view spanning [from, to]
 *  and the table `size` long: no more than `floor` px of floor past either of its edges while
 *  the table is longer than the view, else the whole table in view; as near `o` as that allows. */
function onTable(o, from, to, size, floor) {
  const lo = to - size - floor; const hi = from + floor;
  return lo <= hi ? Math.min(hi, Math.max(lo, o)) : Math.min(lo, Math.max(hi, o));
}

export class TableCanvas {
  /** picture: a still for the Rules dialog (web/games/waterworks/pictures.js): no zoom, pan,
   *  spots or markers, nothing to focus; the caller labels it and sets state.frame. */
  constructor(parent, { onCell, onSpot, onSpotKey, zoomBox, minCell, picture = false }) {
    this.root = document.createElement('div');
    this.root.className = picture ? 'ww-table ww-picture' : 'ww-table';
    this.picture = picture;
    this.minCell = minCell || (() => 40);
    this.root.innerHTML = picture ? '<div class="ww-scroll"><canvas class="ww-canvas" aria-hidden="true"></canvas><div class="ww-spots"></div><div class="ww-markers"></div></div>' : `
      <div class="ww-scroll" data-testid="ww-table" tabindex="0" role="region" aria-label="The table (drag to pan, wheel or pinch to zoom)">
        <canvas class="ww-canvas" role="img"></canvas>
        <div class="ww-spots" role="group" aria-label="Where the selected card can go"></div>
        <div class="ww-markers" role="group" aria-label="Lines out of view"></div>
      </div>`;
    parent.append(this.root);
    this.scroll = this.root.querySelector('.ww-scroll');
    this.canvas = this.root.querySelector('canvas');
    this.spotLayer = this.root.querySelector('.ww-spots');
    this.markerLayer = this.root.querySelector('.ww-markers');
    this.ctx = this.canvas.getContext('2d');
    this.zoom = 1;
    this.auto = true;      // the camera follows the lines until the person pans or zooms
    this.cam = null;       // {cw, ox, oy}: cell width and where cell (0,0) sits, CSS px
    this.state = null;
    this.hover = null;
    this.anims = [];       // canvas effects in flight: {kind, x, y, t, ...}
    this.onCell = onCell;
    this.onSpot = onSpot;
    this.onSpotKey = onSpotKey;
    if (!picture) this.listen(zoomBox);
    this.ro = new ResizeObserver(() => this.layout());
    this.ro.observe(this.scroll);
  }

  /** The zoom buttons, pointer pan and pinch, the wheel and the arrow keys. */
  listen(zoomBox) {
    zoomBox.innerHTML = `
      <div class="ww-zoom" role="group" aria-label="Zoom the table">
        <button type="button" class="btn btn-small" data-zoom="-1" aria-label="Zoom out">−</button>
        <button type="button" class="btn btn-small" data-zoom="0" aria-label="Fit the lines" data-testid="zoom-fit">Fit</button>
        <button type="button" class="btn btn-small" data-zoom="1" aria-label="Zoom in">+</button>
      </div>`;
    this.markerLayer.addEventListener('click', (e) => {
      const b = e.target.closest('[data-line]');
      if (b) this.showLine(Number(b.dataset.line));
    });
    zoomBox.querySelector('.ww-zoom').addEventListener('click', (e) => {
      const b = e.target.closest('[data-zoom]');
      if (!b) return;
      const z = Number(b.dataset.zoom);
      if (z === 0) { this.auto = true; this.zoom = 1; this.layout({ smooth: true }); this.applyCam(); return; }
      this.setZoom(this.zoom * (z > 0 ? 1.25 : 0.8));
    });
    this.pointers = new Map();
    this.canvas.addEventListener('pointerdown', (e) => this.down(e));
    this.canvas.addEventListener('pointermove', (e) => this.move(e));
    this.canvas.addEventListener('pointerup', (e) => this.up(e));
    this.canvas.addEventListener('pointercancel', (e) => this.pointers.delete(e.pointerId));
    this.canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = this.canvas.getBoundingClientRect();
      this.zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    this.scroll.addEventListener('keydown', (e) => {
      if (e.target !== this.scroll || !this.cam) return;
      const step = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
      if (step) { e.preventDefault(); this.panBy(step[0] * this.cam.cw, step[1] * this.cam.cw * RATIO); }
    });
  }

  destroy() {
    this.ro.disconnect();
    cancelAnimationFrame(this.raf);
    cancelAnimationFrame(this.camRaf);
  }

  get cw() { return this.cam ? this.cam.cw : 0; }
  get ch() { return this.cam ? this.cam.cw * RATIO : 0; }

  // ----- pan and zoom ------------------------------------------------------------------
  down(e) {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    this.dragged = false;
    try { this.canvas.setPointerCapture(e.pointerId); } catch { /* synthetic */ }
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX; p.y = e.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      const r = this.canvas.getBoundingClientRect();
      if (before > 0) this.zoomAt(after / before, (a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top);
      this.dragged = true;
      return;
    }
    const dx = e.clientX - p.x; const dy = e.clientY - p.y;
    p.x = e.clientX; p.y = e.clientY;
    if (!this.dragged && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < 6) return;
    this.dragged = true;
    this.panBy(dx, dy);
  }

  up(e) {
    const p = this.pointers.get(e.pointerId);
    this.pointers.delete(e.pointerId);
    if (!p || this.dragged || !this.cam || !this.state) return;
    const r = this.canvas.getBoundingClientRect();
    const x = Math.floor((e.clientX - r.left - this.cam.ox) / this.cw);
    const y = Math.floor((e.clientY - r.top - this.cam.oy) / this.ch);
    if (x >= 0 && y >= 0 && x < this.state.view.table.width && y < this.state.view.table.height) this.onCell(x, y);
  }

  panBy(dx, dy) {
    if (!this.cam) return;
    this.auto = false;
    cancelAnimationFrame(this.camRaf);
    this.cam = this.clampCam({ ...this.cam, ox: this.cam.ox + dx, oy: this.cam.oy + dy });
    this.applyCam();
  }

  zoomAt(f, px, py) {
    if (!this.cam) return;
    this.auto = false;
    cancelAnimationFrame(this.camRaf);
    const cw = Math.max(16, Math.min(MAX_CELL * 1.6, this.cam.cw * f));
    const k = cw / this.cam.cw;
    const cam = { cw, ox: px - (px - this.cam.ox) * k, oy: py - (py - this.cam.oy) * k };
    // zooming out brings in more of the table, not the floor past its edge (the fitted view
    // may show floor to centre the lines)
    this.cam = this.clampCam(k < 1 ? this.edges(cam) : cam);
    this.zoom = cw / (this.fitCam().cw || cw);
    this.applyCam();
  }

  setZoom(z) {
    const c = this.cam;
    if (!c) return;
    const f = Math.max(0.4, Math.min(3, z)) / this.zoom;
    this.zoomAt(f, this.vw / 2, this.vh / 2);
  }

  /** Keep some of the table in sight whatever the pan. */
  clampCam(c) {
    const { width: W, height: H } = this.state.view.table;
    const tw = W * c.cw; const th = H * c.cw * RATIO; const keep = c.cw * 2;
    return { cw: c.cw, ox: Math.min(this.vw - keep, Math.max(keep - tw, c.ox)), oy: Math.min(this.vh - keep, Math.max(keep - th, c.oy)) };
  }

  /** The camera that fits the pipelines, their open ends and the lit spots, with a margin. */
  fitCam() {
    const v = this.state.view;
    const f = this.state.frame;
    if (f) {       // a picture: exactly the cells its frame names, as large as they fit
      const cols = f.x[1] - f.x[0] + 1; const rows = f.y[1] - f.y[0] + 1; const m = 0.12;
      const cw = Math.min(this.vw / (cols + 2 * m), this.vh / ((rows + 2 * m) * RATIO));
      return { cw, ox: this.vw / 2 - (f.x[0] + cols / 2) * cw, oy: this.vh / 2 - (f.y[0] + rows / 2) * cw * RATIO };
    }
    const spots = (this.state.spots || []).map((s) => [s.x, s.y]);
    const pts = [...v.cards.map((c) => [c.x, c.y]), ...v.open_ends.map((e) => [e.x, e.y]), ...spots];
    if (!pts.length) pts.push([0, 0], [v.table.width - 1, v.table.height - 1]);
    // the zoom buttons stand in a column at the left edge: fit the lines beside them
    const inset = this.vw > 420 && this.vh > 420 ? 52 : 0;
    const top = inset ? 0 : 50;
    const vw = this.vw - inset; const vh = this.vh - top;
    const box = (list) => {
      const m = 0.35;
      const x0 = Math.min(...list.map((p) => p[0])) - m; const x1 = Math.max(...list.map((p) => p[0])) + 1 + m;
      const y0 = Math.min(...list.map((p) => p[1])) - m; const y1 = Math.max(...list.map((p) => p[1])) + 1 + m;
      return { x0, x1, y0, y1, cw: Math.min(vw / (x1 - x0), vh / ((y1 - y0) * RATIO), MAX_CELL) };
    };
    const whole = box(pts);
    let b = whole;
    const least = this.minCell();
    if (b.cw < least) {
      // too much to show at a comfortable size: keep the size and show where the person
      // acts (the lit spots, else their own line); the rest is a pan away. The lit spots
      // are always all in view, however small that makes them.
      const me = this.state.viewer;
      const mine = spots.length ? spots : v.cards.filter((c) => c.owner === me).map((c) => [c.x, c.y]);
      if (mine.length) { const m = box(mine); b = { ...m, cw: spots.length ? Math.min(least, m.cw) : least }; } else b.cw = least;
    }
    const { cw } = b;
    // Along a side where all of it fits at this size it is centred, as far as that shows no
    // floor past the table's edge: centred regardless, a 1440x900 view of lines by the valves
    // was a third dark floor past them; held to the table, the view's spare room is table the
    // lines can grow into. Where only the person's part fits, that part is centred and held
    // to the table's very edge.
    const fitsX = (whole.x1 - whole.x0) * cw <= vw + 0.5;
    const fitsY = (whole.y1 - whole.y0) * cw * RATIO <= vh + 0.5;
    const sx = fitsX ? whole : b; const sy = fitsY ? whole : b;
    const cam = { cw, ox: inset + vw / 2 - ((sx.x0 + sx.x1) / 2) * cw, oy: top + vh / 2 - ((sy.y0 + sy.y1) / 2) * cw * RATIO };
    const held = this.edges(cam);
    const { width: W, height: H } = v.table;
    return {
      cw,
      ox: fitsX ? onTable(cam.ox, inset, this.vw, W * cw, FLOOR * cw) : held.ox,
      oy: fitsY ? onTable(cam.oy, top, this.vh, H * cw * RATIO, FLOOR * cw) : held.oy,
    };
  }

  /** A table larger than the view is not pulled in from its edges (no floor past the valves). */
  edges(c) {
    const { width: W, height: H } = this.state.view.table;
    const tw = W * c.cw; const th = H * c.cw * RATIO;
    const ox = tw > this.vw ? Math.min(0, Math.max(this.vw - tw, c.ox)) : c.ox;
    const oy = th > this.vh ? Math.min(0, Math.max(this.vh - th, c.oy)) : c.oy;
    return { cw: c.cw, ox, oy };
  }

  /** Size the canvas to its box and (while following) move the camera to fit the lines. */
  layout({ smooth = false } = {}) {
    if (!this.state) return;
    const least = this.picture ? 24 : 120;   // a picture is as small as its frame
    const vw = Math.max(least, Math.floor(this.scroll.clientWidth));
    const vh = Math.max(least, Math.floor(this.scroll.clientHeight));
    const dpr = window.devicePixelRatio || 1;
    if (vw !== this.vw || vh !== this.vh || dpr !== this.dpr) {
      this.vw = vw; this.vh = vh; this.dpr = dpr;
      this.canvas.width = Math.round(vw * dpr);
      this.canvas.height = Math.round(vh * dpr);
      this.canvas.style.width = `${vw}px`;
      this.canvas.style.height = `${vh}px`;
      if (!smooth && this.auto) this.cam = null;
    }
    if (this.auto || !this.cam) {
      const target = this.fitCam();
      if (this.cam && smooth && motion.on) this.glide(target);
      else { cancelAnimationFrame(this.camRaf); this.cam = target; }
    } else this.cam = this.clampCam(this.cam);
    this.applyCam();
  }

  /** Re-fit smoothly as the lines grow. */
  glide(target) {
    cancelAnimationFrame(this.camRaf);
    const from = { ...this.cam };
    const t0 = performance.now();
    const dur = motion.ms(420) || 1;
    const step = (now) => {
      const t = easeOut(Math.min(1, (now - t0) / dur));
      this.cam = { cw: from.cw + (target.cw - from.cw) * t, ox: from.ox + (target.ox - from.ox) * t, oy: from.oy + (target.oy - from.oy) * t };
      this.applyCam();
      if (t < 1) this.camRaf = requestAnimationFrame(step);
    };
    this.camRaf = requestAnimationFrame(step);
  }

  applyCam() {
    this.scroll.dataset.cellPx = String(Math.round(this.cw));
    // where cell (0, 0) is drawn, for tests and the tutorial's rings
    this.scroll.dataset.origin = `${Math.round(this.cam.ox)},${Math.round(this.cam.oy)}`;
    placeSpots(this);
    if (!this.picture) placeMarkers(this);
    this.draw();
  }

  /** Follow the lines again (the Fit button, or a card picked: its spots must be in view). */
  follow() {
    if (this.auto) return;
    this.auto = true;
    this.zoom = 1;
    this.layout({ smooth: true });
  }

  /** Bring player p's line into view (a seat or an edge marker tapped); the camera then
   *  stays there until the person picks a card or presses Fit. */
  showLine(p) {
    if (!this.state || !this.cam) return;
    const cells = this.state.view.cards.filter((c) => c.owner === p);
    if (!cells.length) return;
    const m = 0.35;
    const x0 = Math.min(...cells.map((c) => c.x)) - m; const x1 = Math.max(...cells.map((c) => c.x)) + 1 + m;
    const y0 = Math.min(...cells.map((c) => c.y)) - m; const y1 = Math.max(...cells.map((c) => c.y)) + 1 + m;
    const least = this.minCell();
    const fit = Math.min(this.vw / (x1 - x0), this.vh / ((y1 - y0) * RATIO), MAX_CELL);
    const cw = Math.max(least, Math.min(fit, Math.max(this.cam.cw, least)));
    // a line too long for the view at a tappable size: centre on its valve
    const valve = cells.find((c) => c.kind === 'valve') || cells[0];
    const [cx, cy] = fit >= cw ? [(x0 + x1) / 2, (y0 + y1) / 2] : [valve.x + 0.5, valve.y + 0.5];
    const target = this.edges({ cw, ox: this.vw / 2 - cx * cw, oy: this.vh / 2 - cy * cw * RATIO });
    this.auto = false;
    this.zoom = cw / (this.fitCam().cw || cw);
    if (motion.on) this.glide(target); else { cancelAnimationFrame(this.camRaf); this.cam = target; this.applyCam(); }
  }


  /** state: {view, names, colours, spots, card, turned, last:{x,y}|null, win:[[x,y]]|null, viewer} */
  set(state) {
    // a table that shows the same keeps its picture and spots (a running effect paints itself)
    if (sameAsDrawn(this, state)) return;
    const first = !this.state;
    this.state = state;
    this.layout({ smooth: !first });
  }

  /** A canvas effect on a cell: kind 'drop' (a card lands), 'leak', 'plumber', 'water'. */
  effect(kind, data, base) {
    const a = { kind, ...data, t: 0 };
    this.anims.push(a);
    return motion.tween({ leak: 'splash', drop: 'land' }[kind] || kind, base, (t) => {
      a.t = t;
      if (t >= 1) this.anims = this.anims.filter((b) => b !== a);
      this.draw();
    });
  }

  /** Hide the card on (x, y) while a copy of it is on its way there. */
  hold(x, y) {
    const a = { kind: 'drop', x, y, t: 0, hideUntilStart: true };
    this.anims.push(a);
    this.draw();
    return a;
  }

  /** The card has arrived: it settles into its cell. */
  release(a) {
    a.hideUntilStart = false;
    return motion.tween('land', 220, (t) => {
      a.t = t;
      if (t >= 1) this.anims = this.anims.filter((b) => b !== a);
      this.draw();
    });
  }

  /** Where cell (x, y) will be once the camera has settled (viewport px). */
  cellTargetRect(x, y) {
    const r = this.canvas.getBoundingClientRect();
    const c = this.auto && this.state && this.vw ? this.fitCam() : this.cam;
    if (!c) return new DOMRect(r.left, r.top, 40, 46);
    return new DOMRect(r.left + c.ox + x * c.cw, r.top + c.oy + y * c.cw * RATIO, c.cw, c.cw * RATIO);
  }

  /** Where cell (x, y) is on screen (viewport px), for things flying to it. */
  cellScreenRect(x, y) {
    const r = this.canvas.getBoundingClientRect();
    const [cx, cy, w, h] = this.cellRect(x, y);
    return new DOMRect(r.left + cx, r.top + cy, w, h);
  }

  cellRect(x, y) {
    return [this.cam.ox + x * this.cw, this.cam.oy + y * this.ch, this.cw, this.ch];
  }

  /** Pan (without leaving follow mode's fit) so cell (x, y) is on screen. */
  showCell(x, y) {
    if (!this.cam) return;
    const [cx, cy, w, h] = this.cellRect(x, y);
    let dx = 0; let dy = 0;
    if (cx < 0) dx = -cx + w / 2; else if (cx + w > this.vw) dx = this.vw - cx - w - w / 2;
    if (cy < 0) dy = -cy + h / 2; else if (cy + h > this.vh) dy = this.vh - cy - h - h / 2;
    if (dx || dy) this.panBy(dx, dy);
  }

  spotButtons() { return [...this.spotLayer.querySelectorAll('.ww-spot')]; }

  focusSpot(spot) {
    const b = this.spotLayer.querySelector(`[data-key="${spot.x},${spot.y}"]`);
    if (b) { b.focus({ preventScroll: true }); this.showCell(spot.x, spot.y); }
  }

  draw() {
    if (!this.state || !this.cw) return;
    paintTable(this.ctx, {
      state: this.state, anims: this.anims, hover: this.hover, cellRect: (x, y) => this.cellRect(x, y),
      cw: this.cw, ch: this.ch, vw: this.vw, vh: this.vh, dpr: this.dpr,
    });
    if (!this.picture) this.canvas.setAttribute('aria-label', describeTable(this.state));
  }
}
