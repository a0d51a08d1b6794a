// Every city but the one on screen as a live miniature beside it (issue 16): drawn by the same
// CityCanvas, kept inert (nothing inside it takes focus), with one button over it that
// enlarges that city. Under each, what that seat built last, so a simultaneous reveal is seen
// on the table and not only read in the log. On a phone the strip would push the person's own
// city down to a row or two, so there each miniature is folded into its seat's tab (`slot`):
// a thumbnail inside the tab, the tab itself is what enlarges it (no button of its own: a
// button inside a button is no control at all).
import { CityCanvas } from './city-canvas.js';

const DRAWN = 480; // CSS px the miniature is drawn at (style.css .aq-mini-city)

export class Minis {
  constructor(host, { cardOf, onPick }) {
    this.host = host;
    this.cardOf = cardOf;
    this.items = new Map(); // player -> {el, city, button, caption, box, k}
    this.byBox = new WeakMap(); // an item's box -> the item (what the ResizeObserver reports)
    // each miniature's scale follows its box's width, measured when the box is laid out
    // anyway: reading it on every draw forced a layout of the whole screen each time
    this.sizes = new ResizeObserver((entries) => {
      for (const { target } of entries) {
        const item = this.byBox.get(target);
        if (item) { item.k = (target.clientWidth || 150) / DRAWN; fit(item); }
      }
    });
    host.addEventListener('click', (e) => {
      const b = e.target.closest('[data-mini]');
      if (b) onPick(Number(b.dataset.mini));
    });
  }

  /** Draw every city except `shown`; `built[p]` is the caption of p's last build; `slot(p)`,
   *  when given, is the element p's miniature folds into instead of the strip; `toppled(p)` the
   *  districts the Gauls just toppled there (or null). */
  set({ view, seats, shown, built, slot = null, toppled = () => null }) {
    const want = view.cities.map((_c, p) => p).filter((p) => p !== shown);
    for (const [p, item] of this.items) {
      if (!want.includes(p)) { this.sizes.unobserve(item.box); this.byBox.delete(item.box); item.city.destroy(); item.el.remove(); this.items.delete(p); }
    }
    for (const p of want) {
      let item = this.items.get(p);
      if (!item) {
        const el = document.createElement('div');
        el.className = 'aq-mini';
        el.dataset.testid = `mini-${p}`;
        // drawn at a desk-sized width and scaled down, so the miniature looks like the city
        el.innerHTML = `<div class="aq-mini-box"><div class="aq-mini-city" inert></div></div><p class="aq-mini-cap"></p>
          <button type="button" class="aq-mini-btn" data-mini="${p}"></button>`;
        const city = new CityCanvas(el.querySelector('.aq-mini-city'), { cardOf: this.cardOf, interactive: false });
        item = { el, city, button: el.querySelector('button'), caption: el.querySelector('.aq-mini-cap'), box: el.querySelector('.aq-mini-box'), k: 150 / DRAWN };
        this.items.set(p, item);
        this.byBox.set(item.box, item);
        this.sizes.observe(item.box);
      }
      const into = slot && slot(p);
      if (into) {
        if (item.el.parentElement !== into) into.append(item.el);
        item.button.remove();
      } else {
        if (!item.button.isConnected) item.el.append(item.button);
        this.host.append(item.el); // keep seat order
      }
      const seat = seats[p];
      item.el.style.setProperty('--seat', seat.colour);
      item.button.setAttribute('aria-label', `Enlarge ${seat.name === 'You' ? 'your' : `${seat.name}'s`} city`);
      item.caption.textContent = `${seat.name}${built[p] ? `: ${built[p]}` : ''}`;
      // drawn again only when its city changed (CityCanvas.set): every snapshot (a reveal
      // brings several) used to redraw every miniature, the longest frames of a reveal
      item.city.set({ city: view.cities[p], board: view.board, mode: 'overview', place: null, protect: null, toppled: toppled(p) });
      fit(item);
    }
    this.host.hidden = want.length === 0 || !!slot;
  }

  el(p) { const item = this.items.get(p); return item ? item.el : null; }

  /** The CityCanvas of p's miniature (motion.js draws the Gauls' topple on it). */
  canvas(p) { const item = this.items.get(p); return item ? item.city : null; }

  destroy() { this.sizes.disconnect(); for (const item of this.items.values()) item.city.destroy(); this.items.clear(); }
}

/** Scale the miniature to its box's width and give the box the scaled city's height. */
function fit({ box, city, k }) {
  box.style.setProperty('--k', String(k));
  box.style.height = `${Math.round((city.layout ? city.layout.h : 300) * k)}px`;
}
