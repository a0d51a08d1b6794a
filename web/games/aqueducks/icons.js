// Small SVG icons for resources, currencies and card symbols, shared by the DOM (inline
// SVG) and the canvas (the same SVG as an Image). Every icon also has a word for text.

const S = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`;

export const ICON_SVG = {
  tree: S('<rect x="10.5" y="14" width="3" height="8" rx="1" fill="#7a4b25"/><circle cx="12" cy="9" r="7" fill="#3f9a4a"/><circle cx="9" cy="7" r="2.4" fill="#62bb63"/>'),
  brick: S('<rect x="2" y="4" width="20" height="16" rx="2" fill="#b5522e"/><path d="M2 9.3h20M2 14.7h20M8 4v5.3M16 4v5.3M12 9.3v5.4M6 14.7V20M18 14.7V20" stroke="#f3d6bf" stroke-width="1.4"/>'),
  column: S('<rect x="4" y="2.5" width="16" height="3" rx="1" fill="#8f97a0"/><rect x="4" y="18.5" width="16" height="3" rx="1" fill="#8f97a0"/><rect x="6.5" y="5.5" width="11" height="13" fill="#d4d9de"/><path d="M9 6v12M12 6v12M15 6v12" stroke="#8f97a0" stroke-width="1.2"/>'),
  water: S('<path d="M12 2.5C9 7.5 5.5 11 5.5 15a6.5 6.5 0 0 0 13 0c0-4-3.5-7.5-6.5-12.5z" fill="#2f9fc7"/><path d="M9 15.5a3 3 0 0 0 3 3" stroke="#cbeaf4" stroke-width="1.6" fill="none" stroke-linecap="round"/>'),
  faith: S('<circle cx="12" cy="12" r="10" fill="#f1e3a6"/><path d="M12 4.5v15M7 9.5h10" stroke="#7b4fa8" stroke-width="3.2" stroke-linecap="round"/>'),
  military: S('<path d="M12 2.5l8 3v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10v-6z" fill="#5d6b78"/><path d="M12 6v12M8 10h8" stroke="#e6e9ec" stroke-width="2" stroke-linecap="round"/>'),
  luxury: S('<path d="M6 3h12l4 6-10 12L2 9z" fill="#d45b9a"/><path d="M2 9h20M9 3l3 18 3-18" stroke="#f7c6df" stroke-width="1.1" fill="none"/>'),
  duckat: S('<circle cx="12" cy="12" r="10" fill="#e8b923" stroke="#a9810e" stroke-width="1.6"/><text x="12" y="16.5" font-size="12" text-anchor="middle" font-family="Georgia,serif" font-weight="700" fill="#7a5a06">D</text>'),
  favour: S('<path d="M12 21s-8.5-5.3-8.5-11.2A4.8 4.8 0 0 1 12 6.9a4.8 4.8 0 0 1 8.5 2.9C20.5 15.7 12 21 12 21z" fill="#d1495b"/>'),
  douse: S('<rect x="1.5" y="1.5" width="21" height="21" rx="5" fill="#cbeaf4" stroke="#2f9fc7" stroke-width="1.5"/><path d="M12 5C10 8.5 7.8 10.8 7.8 13.4a4.2 4.2 0 0 0 8.4 0C16.2 10.8 14 8.5 12 5z" fill="none" stroke="#1f7ea3" stroke-width="2"/><path d="M6 19.5h12" stroke="#1f7ea3" stroke-width="1.6" stroke-dasharray="2 2"/>'),
  played: S('<circle cx="12" cy="12" r="10" fill="#c8743a"/><path d="M13.5 3.5L7 13h4.5l-1 7.5L17 11h-4.5z" fill="#fff6e0"/>'),
  era_end: S('<circle cx="12" cy="12" r="10" fill="#0d3b4f"/><path d="M8 5h8M8 19h8M9 5c0 4 6 4 6 7s-6 3-6 7M15 5c0 4-6 4-6 7s6 3 6 7" stroke="#f7d44c" stroke-width="1.6" fill="none"/>'),
  ongoing: S('<circle cx="12" cy="12" r="10" fill="#2e8b57"/><path d="M7.5 12c0-2 1.2-3 2.5-3 2.5 0 3.5 6 6 6 1.3 0 2.5-1 2.5-3s-1.2-3-2.5-3c-2.5 0-3.5 6-6 6-1.3 0-2.5-1-2.5-3z" stroke="#fff" stroke-width="1.8" fill="none"/>'),
  adjacent: S('<rect x="2" y="7" width="9" height="10" rx="1.5" fill="#8fb7c7"/><rect x="13" y="7" width="9" height="10" rx="1.5" fill="#0d3b4f"/><path d="M9 12h6" stroke="#f7d44c" stroke-width="2"/>'),
  duck: S('<ellipse cx="10.5" cy="15" rx="8" ry="5.5" fill="#f2c230"/><circle cx="16" cy="8" r="4.2" fill="#f2c230"/><path d="M19.5 8.3l4 1-4 1.4z" fill="#e07b1f"/><circle cx="17" cy="7.2" r="0.9" fill="#222"/>'),
  protect: S('<path d="M12 2l8 3v6.5c0 5-3.4 8.6-8 10.5-4.6-1.9-8-5.5-8-10.5V5z" fill="#2e8b57"/><path d="M8 12l3 3 5-6" stroke="#fff" stroke-width="2.2" fill="none" stroke-linecap="round"/>'),
  hidden: S('<path d="M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z" fill="none" stroke="#6d7780" stroke-width="1.8"/><circle cx="12" cy="12" r="3" fill="#6d7780"/><path d="M4 20L20 4" stroke="#d1495b" stroke-width="2.2"/>'),
  eye: S('<path d="M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z" fill="#fff" stroke="#0d3b4f" stroke-width="1.8"/><circle cx="12" cy="12" r="3.2" fill="#0d3b4f"/>'),
  building: S('<path d="M3 10l9-6 9 6v10H3z" fill="#c8743a"/><rect x="9" y="13" width="6" height="7" fill="#fbf6ea"/>'),
};

export const WORD = {
  tree: 'tree', brick: 'brick', column: 'column', water: 'water', faith: 'Faith',
  military: 'Military', luxury: 'Luxury', duckat: 'duckat', favour: 'Favour',
};

/** Inline icon for HTML: decorative, the text next to it carries the meaning. */
export function icon(name, cls = '') {
  return `<span class="aq-ico ${cls}" aria-hidden="true">${ICON_SVG[name] || ''}</span>`;
}

const images = {};
const NOTHING = () => {};
let onLoad = NOTHING;
/** Canvas side: an Image per icon (ready after it loads; callback redraws). */
function iconImage(name) {
  if (!images[name]) {
    const img = new Image();
    img.onload = () => onLoad();
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(ICON_SVG[name] || S(''));
    images[name] = img;
  }
  return images[name].complete && images[name].naturalWidth ? images[name] : null;
}
const rasters = new Map(); // "name@px" -> a canvas holding that icon drawn once at px device pixels

/** Draw icon `name` on a canvas at (x, y), `size` CSS px square (nothing until it has loaded).
 *  Each icon is rasterised once per size: an SVG image drawn on a canvas paints its whole
 *  document again every time, about fifty times per city drawn. */
export function drawIcon(ctx, name, x, y, size) {
  const img = iconImage(name);
  if (!img) return;
  const px = Math.max(1, Math.ceil(size * Math.abs(ctx.getTransform().a)));
  const key = `${name}@${px}`;
  let raster = rasters.get(key);
  if (!raster) {
    raster = document.createElement('canvas');
    raster.width = px; raster.height = px;
    raster.getContext('2d').drawImage(img, 0, 0, px, px);
    rasters.set(key, raster);
  }
  ctx.drawImage(raster, x, y, size, size);
}

/** Redraw with `fn` once an icon has loaded; returns how to stop (a left screen's canvas must
 *  not stay reachable from this module). */
export function onIconsLoaded(fn) {
  onLoad = fn;
  return () => { if (onLoad === fn) onLoad = NOTHING; };
}
