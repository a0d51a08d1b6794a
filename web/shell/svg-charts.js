// The end-of-game story's charts and tables, which each game's story module draws its numbers
// with (web/games/<game>/story.js; web/shell/charts.js tells the story). Charts are the page's
// own small SVG code rather than a charting library: two kinds (lines over time, stacked bars), a few dozen lines, crisp at
// any size and zoom, readable by screen readers (each chart has a title and a table of its
// numbers beside it), nothing to download or keep up to date, and no motion at all.
import { esc } from './frame.js';

const W = 560;
const H = 220;
const PAD = { l: 36, r: 12, t: 14, b: 28 };
export const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'];

/** An SVG line chart: series [{name, colour, values}], the x axis labelled by xLabel(i). */
export function lineChart({ title, series, xLabel = (i) => String(i), xTitle = '', testid }) {
  const n = Math.max(1, ...series.map((s) => s.values.length)) - 1;
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (i) => PAD.l + (n ? (i / n) * (W - PAD.l - PAD.r) : 0);
  const y = (v) => H - PAD.b - (v / top) * (H - PAD.t - PAD.b);
  const ticks = niceTicks(top);
  const xticks = Array.from(new Set([0, Math.round(n / 4), Math.round(n / 2), Math.round((3 * n) / 4), n]));
  const grid = ticks.map((t) => `<line x1="${PAD.l}" x2="${W - PAD.r}" y1="${y(t)}" y2="${y(t)}" class="chart-grid"/>
    <text x="${PAD.l - 6}" y="${y(t) + 4}" text-anchor="end">${t}</text>`).join('');
  // The end labels hang inward so the last one ("Era 4") is not cut by the chart's edge.
  const anchor = (i) => (n && i === n ? 'end' : i === 0 ? 'start' : 'middle');
  const xs = xticks.map((i) => `<text x="${x(i)}" y="${H - PAD.b + 16}" text-anchor="${anchor(i)}">${esc(xLabel(i))}</text>`).join('');
  const lines = series.map((s, k) => {
    const pts = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const last = s.values.length - 1;
    return `<polyline points="${pts}" fill="none" stroke="${s.colour}" stroke-width="2.5" stroke-dasharray="${DASHES[k % DASHES.length]}"/>
      <circle cx="${x(last)}" cy="${y(s.values[last])}" r="4" fill="${s.colour}"/>`;
  }).join('');
  return `<figure class="chart" data-testid="${testid}">
    <figcaption>${esc(title)}</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}">
      <title>${esc(title)}</title>${grid}${xs}${lines}
      ${xTitle ? `<text x="${W - PAD.r}" y="${H - 2}" text-anchor="end" class="chart-axis">${esc(xTitle)}</text>` : ''}
    </svg>${legend(series)}</figure>`;
}

/** Horizontal stacked bars: rows [{name, colour, parts: [number...]}], parts named by keys. */
export function stackedBars({ title, rows, keys, colours, testid }) {
  const top = Math.max(1, ...rows.map((r) => r.parts.reduce((a, b) => a + b, 0)));
  const rowH = 26;
  const h = rows.length * rowH + 10;
  const left = 90;
  const bars = rows.map((r, i) => {
    let at = left;
    const segs = r.parts.map((v, k) => {
      const w = (v / top) * (W - left - 50);
      const seg = `<rect x="${at}" y="${i * rowH + 4}" width="${w}" height="${rowH - 8}" fill="${colours[k]}"><title>${esc(`${r.name}: ${keys[k]} ${v}`)}</title></rect>`;
      at += w;
      return seg;
    }).join('');
    return `<text x="${left - 6}" y="${i * rowH + rowH / 2 + 4}" text-anchor="end">${esc(r.name)}</text>${segs}
      <text x="${at + 4}" y="${i * rowH + rowH / 2 + 4}">${r.parts.reduce((a, b) => a + b, 0)}</text>`;
  }).join('');
  return `<figure class="chart" data-testid="${testid}">
    <figcaption>${esc(title)}</figcaption>
    <svg viewBox="0 0 ${W} ${h}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${bars}</svg>
    ${legend(keys.map((name, k) => ({ name, colour: colours[k] })), true)}</figure>`;
}

export function legend(items, boxes = false) {
  return `<ul class="chart-legend">${items.map((s, k) => `<li><svg width="22" height="10" aria-hidden="true">${boxes
    ? `<rect width="22" height="10" fill="${s.colour}"/>`
    : `<line x1="0" x2="22" y1="5" y2="5" stroke="${s.colour}" stroke-width="3" stroke-dasharray="${DASHES[k % DASHES.length]}"/>`}</svg>${esc(s.name)}</li>`).join('')}</ul>`;
}

function niceTicks(top) {
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => top / s <= 5) || Math.ceil(top / 5);
  const out = [];
  for (let t = 0; t <= top; t += step) out.push(t);
  return out;
}

/** A table of the story's numbers, the first column each row's heading. */
export function storyTable(caption, head, rows, testid) {
  return `<table class="story-table" data-testid="${testid}"><caption>${esc(caption)}</caption>
    <thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
    <tbody>${rows.map((r) => `<tr>${r.map((c, i) => (i ? `<td>${esc(c)}</td>` : `<th scope="row">${esc(c)}</th>`)).join('')}</tr>`).join('')}</tbody></table>`;
}
