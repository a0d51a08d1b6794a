// The table on a canvas: every pipeline, open ends, leaks, plumbers, spouts, the lit legal
// spots (mirrored as focusable DOM buttons over the canvas), the last card placed and the
// winning line. High-DPI via devicePixelRatio; follows its box with a ResizeObserver.
import { drawCard, cardWords, LEAK_RED, WATER, DIRS } from './card-art.js';
import { motion } from '../../shell/motion.js';

const RATIO = 1.16;          // cell height / width: cards stand upright
const MAX_CELL = 104;        // a fitted view never blows a short line up further than this

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
    // Along a side where all of it fits at this size it is centred, even if that shows floor
    // past the table's edge (held to the edge, lines that start by it hugged it with the rest
    // of the view empty); where only the person's part fits, that part is centred and held to
    // the table, so no view space goes to floor.
    const fitsX = (whole.x1 - whole.x0) * cw <= vw + 0.5;
    const fitsY = (whole.y1 - whole.y0) * cw * RATIO <= vh + 0.5;
    const sx = fitsX ? whole : b; const sy = fitsY ? whole : b;
    const cam = { cw, ox: inset + vw / 2 - ((sx.x0 + sx.x1) / 2) * cw, oy: top + vh / 2 - ((sy.y0 + sy.y1) / 2) * cw * RATIO };
    const held = this.edges(cam);
    return { cw, ox: fitsX ? cam.ox : held.ox, oy: fitsY ? cam.oy : held.oy };
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
    this.placeSpots();
    this.placeMarkers();
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

  /** For every line with no card in view, a button on the table's edge pointing to it. */
  placeMarkers() {
    if (this.picture) return;
    const s = this.state;
    const lines = new Map();
    for (const c of s.view.cards) {
      if (!lines.has(c.owner)) lines.set(c.owner, []);
      lines.get(c.owner).push(c);
    }
    const keep = new Set();
    const size = 44; const pad = 4;
    for (const [p, cells] of lines) {
      const seen = cells.some((c) => {
        const [x, y, w, h] = this.cellRect(c.x, c.y);
        return x + w > 0 && y + h > 0 && x < this.vw && y < this.vh;
      });
      if (seen) continue;
      keep.add(String(p));
      let b = this.markerLayer.querySelector(`[data-line="${p}"]`);
      if (!b) {
        b = document.createElement('button');
        b.type = 'button';
        b.className = 'ww-marker';
        b.dataset.line = String(p);
        b.dataset.testid = `line-marker-${p}`;
        this.markerLayer.append(b);
      }
      // from the view's centre toward the line's middle, stopped at the edge
      const mx = cells.reduce((n, c) => n + c.x + 0.5, 0) / cells.length;
      const my = cells.reduce((n, c) => n + c.y + 0.5, 0) / cells.length;
      const dx = this.cam.ox + mx * this.cw - this.vw / 2;
      const dy = this.cam.oy + my * this.ch - this.vh / 2;
      const k = Math.min((this.vw / 2 - size / 2 - pad) / (Math.abs(dx) || 1e-6), (this.vh / 2 - size / 2 - pad) / (Math.abs(dy) || 1e-6));
      const left = this.vw / 2 + dx * k - size / 2; const top = this.vh / 2 + dy * k - size / 2;
      const ang = Math.atan2(dy, dx) * 180 / Math.PI;
      const name = s.names[p];
      b.style.cssText = `left:${Math.round(left)}px;top:${Math.round(top)}px;--c:${s.colours[p]};--a:${Math.round(ang)}deg`;
      b.innerHTML = `<span class="ww-marker-arrow" aria-hidden="true"></span><span aria-hidden="true">${p + 1}</span>`;
      b.setAttribute('aria-label', `${p + 1}: show ${name === 'You' ? 'your' : `${name}'s`} line`);
      b.title = b.getAttribute('aria-label');
    }
    for (const b of [...this.markerLayer.children]) if (!keep.has(b.dataset.line)) b.remove();
  }

  /** state: {view, names, colours, spots, card, turned, last:{x,y}|null, win:[[x,y]]|null, viewer} */
  set(state) {
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

  placeSpots() {
    const s = this.state;
    const spots = s.spots || [];
    const have = new Map([...this.spotLayer.children].map((b) => [b.dataset.key, b]));
    const keep = new Set();
    spots.forEach((spot, i) => {
      const key = `${spot.x},${spot.y}`;
      keep.add(key);
      let b = have.get(key);
      if (!b) {
        b = document.createElement('button');
        b.type = 'button';
        b.className = 'ww-spot';
        b.dataset.key = key;
        b.addEventListener('click', () => this.onSpot(b.spot));
        b.addEventListener('keydown', (e) => this.onSpotKey(e, b.spot));
        b.addEventListener('pointerenter', () => { this.hover = b.spot; this.draw(); });
        b.addEventListener('pointerleave', () => { if (this.hover === b.spot) { this.hover = null; this.draw(); } });
        b.addEventListener('focus', () => { this.hover = b.spot; this.draw(); });
        b.addEventListener('blur', () => { if (this.hover === b.spot) { this.hover = null; this.draw(); } });
        this.spotLayer.append(b);
      }
      b.spot = spot;
      b.dataset.testid = `spot-${spot.x}-${spot.y}`;
      b.dataset.kind = spot.kind;
      b.dataset.x = spot.x;
      b.dataset.y = spot.y;
      if (spot.wins) b.dataset.wins = 'true'; else delete b.dataset.wins;
      b.setAttribute('aria-label', spotLabel(spot, s));
      b.style.order = i;
      const [x, y, w, h] = this.cellRect(spot.x, spot.y);
      Object.assign(b.style, { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
    });
    for (const [key, b] of have) if (!keep.has(key)) b.remove();
    // keep DOM order = reading order so Tab follows the table
    // (moving a focused button would blur it: only when the order really changed)
    const now = [...this.spotLayer.children];
    const sorted = [...now].sort((a, b) => Number(a.style.order) - Number(b.style.order));
    if (sorted.some((b, i) => b !== now[i])) {
      const had = document.activeElement;
      for (const b of sorted) this.spotLayer.append(b);
      if (had && had.isConnected && had !== document.activeElement) had.focus({ preventScroll: true });
    }
    if (this.hover && !keep.has(`${this.hover.x},${this.hover.y}`)) this.hover = null;
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
    const s = this.state;
    if (!s || !this.cw) return;
    const ctx = this.ctx;
    const { view } = s;
    const { width: W, height: H } = view.table;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    // around the table: the dark floor; the table: a blueprint-blue board with a faint grid
    ctx.fillStyle = '#082633';
    ctx.fillRect(0, 0, this.vw, this.vh);
    const [tx, ty] = this.cellRect(0, 0);
    const tw = W * this.cw; const th = H * this.ch;
    const g = ctx.createLinearGradient(0, ty, 0, ty + th);
    g.addColorStop(0, '#145169');
    g.addColorStop(1, '#0d3b4f');
    ctx.fillStyle = g;
    ctx.fillRect(tx, ty, tw, th);
    ctx.strokeStyle = 'rgba(255,255,255,.07)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 0; x <= W; x += 1) { const px = Math.round(tx + x * this.cw) + 0.5; ctx.moveTo(px, ty); ctx.lineTo(px, ty + th); }
    for (let y = 0; y <= H; y += 1) { const py = Math.round(ty + y * this.ch) + 0.5; ctx.moveTo(tx, py); ctx.lineTo(tx + tw, py); }
    ctx.stroke();
    ctx.strokeStyle = 'rgba(255,255,255,.35)';
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(tx - 0.5, ty - 0.5, tw + 1, th + 1);
    ctx.setLineDash([]);

    // open ends: dashed slots in the owner's colour with an arrow showing the way out
    for (const e of view.open_ends) {
      const [x, y, w, h] = this.cellRect(e.x, e.y);
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

    // lit spots
    const spots = s.spots || [];
    for (const sp of spots) {
      const [x, y, w, h] = this.cellRect(sp.x, sp.y);
      const col = sp.kind === 'leak' ? LEAK_RED : sp.kind === 'cover' ? '#3fbf7f' : '#f7d44c';
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

    // cards (covered cells drawn after so the "spot over a card" glow sits under the ghost)
    const winSet = new Set((s.win || []).map(([x, y]) => `${x},${y}`));
    const cards = [...view.cards].sort((a, b) => a.order - b.order);
    for (const c of cards) {
      const [x, y, w, h] = this.cellRect(c.x, c.y);
      const land = this.anims.find((q) => q.kind === 'drop' && q.x === c.x && q.y === c.y);
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

    // leaks, seen at a glance: a red halo, a drip and the word LEAK on the leaking cell
    for (const p of view.pipelines) {
      if (!p.leak) continue;
      const [x, y, w, h] = this.cellRect(p.leak[0], p.leak[1]);
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

    // effects in flight: a leak splashing down, a plumber landing
    for (const a of this.anims) {
      if (a.kind !== 'leak' && a.kind !== 'plumber') continue;
      const [x, y, w, h] = this.cellRect(a.x, a.y);
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

    // the winning line: water running inside its pipes, each of its cards framed in gold
    if (s.win && s.win.length) {
      ctx.save();
      ctx.strokeStyle = 'rgba(247,212,76,.9)';
      ctx.lineWidth = 2;
      ctx.shadowColor = '#f7d44c';
      ctx.shadowBlur = 10;
      for (const key of winSet) {
        const [x, y] = key.split(',').map(Number);
        const [rx, ry, w, h] = this.cellRect(x, y);
        ctx.strokeRect(rx + 0.5, ry + 0.5, w - 1, h - 1);
      }
      ctx.shadowBlur = 0;
      const t = Math.max(3, Math.min(this.cw, this.ch) * 0.26);
      let pts = s.win.map(([x, y]) => { const [rx, ry, w, h] = this.cellRect(x, y); return [rx + w / 2, ry + h / 2]; });
      // water runs along the line from valve to spout
      const run = this.anims.find((q) => q.kind === 'water');
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

    // the last card placed: a gold ring
    if (s.last) {
      const [x, y, w, h] = this.cellRect(s.last.x, s.last.y);
      ctx.save();
      ctx.strokeStyle = '#ffb400';
      ctx.lineWidth = 3;
      ctx.shadowColor = '#ffb400';
      ctx.shadowBlur = 8;
      ctx.strokeRect(x - 2, y - 2, w + 4, h + 4);
      ctx.restore();
    }

    // preview of the selected card on the hovered/focused spot
    const hv = this.hover;
    if (hv && s.card) {
      const [x, y, w, h] = this.cellRect(hv.x, hv.y);
      const preview = s.previewCard;
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
    if (!this.picture) this.canvas.setAttribute('aria-label', describeTable(s));
  }
}

function joinsFor(view, spot) {
  const end = view.open_ends.find((e) => e.x === spot.x && e.y === spot.y);
  if (end) return { N: 'S', S: 'N', E: 'W', W: 'E' }[end.dir];
  const c = view.cards.find((k) => k.x === spot.x && k.y === spot.y);
  return c ? c.joins : null;
}

function easeOut(t) { return 1 - (1 - t) ** 3; }

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

const COLS = (x) => `column ${x + 1}`;

function spotLabel(spot, s) {
  const where = `${COLS(spot.x)}, row ${spot.y + 1}`;
  const card = s.previewCard ? cardWords(s.previewCard) : 'card';
  if (spot.kind === 'leak') return `Lay the ${card} as a leak on ${s.names[spot.target]}'s line, ${where}`;
  if (spot.kind === 'cover') return `Cover your leak with the ${card}, ${where}`;
  return `Lay the ${card} on your line, ${where}${spot.wins ? ', then add your spout and win' : ''}`;
}

function describeTable(s) {
  const v = s.view;
  const parts = v.pipelines.map((p) => {
    const name = s.names[p.player];
    const leak = p.leak ? `, leaking at column ${p.leak[0] + 1} row ${p.leak[1] + 1}` : '';
    return `${name}: ${p.pipes_best} of ${v.target} pipes, ${p.open_ends} open end${p.open_ends === 1 ? '' : 's'}${leak}`;
  });
  return `The pipe table. ${parts.join('; ')}.`;
}

export { DIRS, WATER };
