// The table on a canvas: every pipeline, open ends, leaks, plumbers, spouts, the lit legal
// spots (mirrored as focusable DOM buttons over the canvas), the last card placed and the
// winning line. High-DPI via devicePixelRatio; follows its box with a ResizeObserver.
import { drawCard, cardWords, LEAK_RED, WATER, DIRS } from './card-art.js';

const RATIO = 1.16;          // cell height / width: cards stand upright
const MIN_CELL = 27;         // smallest comfortable tap target (px, width)
const MAX_CELL = 70;

export class TableCanvas {
  constructor(parent, { onCell, onSpot, onSpotKey, zoomBox, reserveBelow }) {
    this.root = document.createElement('div');
    this.root.className = 'ww-table';
    this.reserveBelow = reserveBelow || (() => 200);
    zoomBox.innerHTML = `
      <div class="ww-zoom" role="group" aria-label="Zoom the table">
        <button type="button" class="btn btn-small btn-quiet" data-zoom="-1" aria-label="Zoom out">−</button>
        <button type="button" class="btn btn-small btn-quiet" data-zoom="0" aria-label="Fit the table">Fit</button>
        <button type="button" class="btn btn-small btn-quiet" data-zoom="1" aria-label="Zoom in">+</button>
      </div>`;
    this.root.innerHTML = `
      <div class="ww-scroll" data-testid="ww-table" tabindex="0" role="region" aria-label="The table (scroll to pan)">
        <div class="ww-inner">
          <canvas class="ww-canvas" role="img"></canvas>
          <div class="ww-spots" role="group" aria-label="Where the selected card can go"></div>
        </div>
      </div>`;
    parent.append(this.root);
    this.scroll = this.root.querySelector('.ww-scroll');
    this.inner = this.root.querySelector('.ww-inner');
    this.canvas = this.root.querySelector('canvas');
    this.spotLayer = this.root.querySelector('.ww-spots');
    this.ctx = this.canvas.getContext('2d');
    this.zoom = 1;
    this.fitAll = false;
    this.state = null;
    this.hover = null;
    this.anim = null;
    this.onCell = onCell;
    this.onSpot = onSpot;
    this.onSpotKey = onSpotKey;
    this.firstLayout = true;
    zoomBox.querySelector('.ww-zoom').addEventListener('click', (e) => {
      const b = e.target.closest('[data-zoom]');
      if (!b) return;
      const z = Number(b.dataset.zoom);
      if (z === 0) { this.fitAll = true; this.zoom = 1; this.layout(); return; }
      this.setZoom(this.zoom * (z > 0 ? 1.25 : 0.8));
    });
    this.canvas.addEventListener('click', (e) => {
      const r = this.canvas.getBoundingClientRect();
      const x = Math.floor((e.clientX - r.left - this.pad) / this.cw);
      const y = Math.floor((e.clientY - r.top - this.pad) / this.ch);
      if (this.state && x >= 0 && y >= 0 && x < this.state.view.table.width && y < this.state.view.table.height) this.onCell(x, y);
    });
    this.userPanned = false;
    for (const ev of ['pointerdown', 'wheel', 'touchstart', 'keydown']) {
      this.scroll.addEventListener(ev, () => { this.userPanned = true; }, { passive: true });
    }
    this.ro = new ResizeObserver(() => this.layout());
    this.ro.observe(this.scroll);
    this.onWinResize = () => this.layout();
    window.addEventListener('resize', this.onWinResize);
  }

  destroy() {
    this.ro.disconnect();
    window.removeEventListener('resize', this.onWinResize);
    cancelAnimationFrame(this.raf);
  }

  setZoom(z) {
    if (this.fitAll) { this.fitAll = false; z = z >= 1 ? 1 : z; }
    this.zoom = Math.max(0.5, Math.min(3, z));
    this.layout();
  }

  /** state: {view, names, colours, spots, card, turned, last:{x,y}|null, win:[[x,y]]|null, viewer} */
  set(state, { animate = false } = {}) {
    this.state = state;
    const calm = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (animate && state.last && !calm) this.anim = { x: state.last.x, y: state.last.y, t0: performance.now() };
    this.layout();
    if (this.anim) this.tick();
  }

  tick() {
    cancelAnimationFrame(this.raf);
    this.raf = requestAnimationFrame(() => {
      this.draw();
      if (this.anim && performance.now() - this.anim.t0 < 520) this.tick();
      else { this.anim = null; this.draw(); }
    });
  }

  layout() {
    if (!this.state) return;
    const { width: W, height: H } = this.state.view.table;
    const availW = Math.max(200, this.scroll.clientWidth - 2);
    const top = this.scroll.getBoundingClientRect().top + window.scrollY;
    const availH = Math.max(240, window.innerHeight - top - this.reserveBelow() - 16);
    this.pad = 6;
    let cw = Math.min((availW - this.pad * 2) / W, (availH - this.pad * 2) / (H * RATIO));
    // "Fit" shows the whole table however small; otherwise cells stay big enough to tap
    cw = this.fitAll ? Math.min(MAX_CELL, cw) : Math.max(MIN_CELL, Math.min(MAX_CELL, cw)) * this.zoom;
    cw = Math.max(14, Math.floor(cw));
    this.cw = cw;
    this.ch = Math.round(cw * RATIO);
    const cssW = W * this.cw + this.pad * 2;
    const cssH = H * this.ch + this.pad * 2;
    const dpr = window.devicePixelRatio || 1;
    const sizeChanged = this.canvas.width !== Math.round(cssW * dpr) || this.canvas.height !== Math.round(cssH * dpr);
    if (sizeChanged) {
      this.canvas.width = Math.round(cssW * dpr);
      this.canvas.height = Math.round(cssH * dpr);
      this.canvas.style.width = `${cssW}px`;
      this.canvas.style.height = `${cssH}px`;
      this.inner.style.width = `${cssW}px`;
      this.inner.style.height = `${cssH}px`;
    }
    this.dpr = dpr;
    // valves sit on the right edge: keep the view there until the person pans themselves
    if (!this.userPanned && cssW > availW) this.scroll.scrollLeft = this.scroll.scrollWidth;
    this.placeSpots();
    this.draw();
  }

  cellRect(x, y) {
    return [this.pad + x * this.cw, this.pad + y * this.ch, this.cw, this.ch];
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
    const sorted = [...this.spotLayer.children].sort((a, b) => Number(a.style.order) - Number(b.style.order));
    for (const b of sorted) this.spotLayer.append(b);
    if (this.hover && !keep.has(`${this.hover.x},${this.hover.y}`)) this.hover = null;
  }

  spotButtons() { return [...this.spotLayer.querySelectorAll('.ww-spot')]; }

  focusSpot(spot) {
    const b = this.spotLayer.querySelector(`[data-key="${spot.x},${spot.y}"]`);
    if (b) { b.focus(); b.scrollIntoView({ block: 'nearest', inline: 'nearest' }); }
  }

  draw() {
    const s = this.state;
    if (!s || !this.cw) return;
    const ctx = this.ctx;
    const { view } = s;
    const { width: W, height: H } = view.table;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    const cssW = W * this.cw + this.pad * 2;
    const cssH = H * this.ch + this.pad * 2;
    // the table: a blueprint-blue board with a faint grid
    const g = ctx.createLinearGradient(0, 0, 0, cssH);
    g.addColorStop(0, '#145169');
    g.addColorStop(1, '#0d3b4f');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, cssW, cssH);
    ctx.strokeStyle = 'rgba(255,255,255,.07)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 0; x <= W; x += 1) { ctx.moveTo(this.pad + x * this.cw + 0.5, this.pad); ctx.lineTo(this.pad + x * this.cw + 0.5, this.pad + H * this.ch); }
    for (let y = 0; y <= H; y += 1) { ctx.moveTo(this.pad, this.pad + y * this.ch + 0.5); ctx.lineTo(this.pad + W * this.cw, this.pad + y * this.ch + 0.5); }
    ctx.stroke();
    ctx.strokeStyle = 'rgba(255,255,255,.35)';
    ctx.setLineDash([6, 4]);
    ctx.strokeRect(this.pad - 0.5, this.pad - 0.5, W * this.cw + 1, H * this.ch + 1);
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
      const a = this.anim && this.anim.x === c.x && this.anim.y === c.y ? Math.min(1, (performance.now() - this.anim.t0) / 420) : 1;
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
      const pts = s.win.map(([x, y]) => { const [rx, ry, w, h] = this.cellRect(x, y); return [rx + w / 2, ry + h / 2]; });
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
    this.canvas.setAttribute('aria-label', describeTable(s));
  }
}

function joinsFor(view, spot) {
  const end = view.open_ends.find((e) => e.x === spot.x && e.y === spot.y);
  if (end) return { N: 'S', S: 'N', E: 'W', W: 'E' }[end.dir];
  const c = view.cards.find((k) => k.x === spot.x && k.y === spot.y);
  return c ? c.joins : null;
}

function easeOut(t) { return 1 - (1 - t) ** 3; }

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
