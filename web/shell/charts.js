// The end-of-game story: charts and tables from the engine's `stats` (computed from the
// record, so the same in every view). Charts are the page's own small SVG code rather than a
// charting library: two kinds (lines over time, stacked bars), a few dozen lines, crisp at
// any size and zoom, readable by screen readers (each chart has a title and a table of its
// numbers beside it), nothing to download or keep up to date, and no motion at all.
import { esc } from './frame.js';
import { count } from './words.js';

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

function table(caption, head, rows, testid) {
  return `<table class="story-table" data-testid="${testid}"><caption>${esc(caption)}</caption>
    <thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
    <tbody>${rows.map((r) => `<tr>${r.map((c, i) => (i ? `<td>${esc(c)}</td>` : `<th scope="row">${esc(c)}</th>`)).join('')}</tr>`).join('')}</tbody></table>`;
}

function waterworks(stats, seats) {
  const series = stats.players.map((p) => ({ name: seats[p.player].name, colour: seats[p.player].colour, values: p.line }));
  return lineChart({ title: 'Line length over the game (pipe cards from the valve)', series, xTitle: 'moves', testid: 'chart-lines' })
    // soft hyphens (\u00ad): seven columns fit a phone's dialog with the long words broken
    + table('Leaks and repairs', ['Player', 'Leaks dealt', 'Leaks re\u00adceived', 'Re\u00adpairs', 'Plumb\u00aders', 'Dis\u00adcards', 'Take-backs'],
      stats.players.map((p) => [seats[p.player].name, p.leaks_dealt, p.leaks_received, p.repairs, p.plumbers, p.discards, p.takebacks]), 'story-leaks');
}

const SOURCES = [['builds', 'Builds'], ['end_of_era', 'End of Era'], ['faction', 'Faction'], ['refunds', 'Refunds'], ['start', 'Start']];
const SOURCE_COLOURS = ['#2f7fc1', '#2e8b57', '#8e5cc4', '#e07b1f', '#9aa5b1'];

function aqueducks(stats, seats) {
  const name = (p) => seats[p].name;
  const series = stats.players.map((p) => ({ name: name(p.player), colour: seats[p.player].colour, values: [0, ...p.favour_by_era] }));
  let html = stats.players.length > 1
    ? lineChart({ title: 'Favour at the end of each era', series, xLabel: (i) => (i ? `Era ${i}` : 'Start'), testid: 'chart-favour' })
    : '';
  html += stackedBars({
    title: 'Duckats earned, by source',
    rows: stats.players.map((p) => ({ name: name(p.player), parts: SOURCES.map(([k]) => p.duckats_by_source[k] || 0) })),
    keys: SOURCES.map(([, l]) => l), colours: SOURCE_COLOURS, testid: 'chart-duckats',
  });
  if (stats.visits.length) {
    html += table('Donations per Publican visit (Favour gained, duckats paid)', ['Visit', ...stats.players.map((p) => name(p.player))],
      stats.visits.map((v) => [`Era ${v.era}, visit ${v.visit}`, ...stats.players.map((p) => {
        const d = v.donations.find((x) => x.player === p.player);
        if (d) return d.pushed_off ? `pushed off (${d.cost})` : `+${d.favour + d.luxury} (${d.cost})`;
        return v.passed.includes(p.player) ? 'passed' : '–';
      })]), 'story-visits');
  }
  return html;
}

/** The take-backs of the people at the table, from the record (docs/rulings/take-backs.md T6),
 *  as the score card says them: "No take-backs.", or how many, and that one made after seeing
 *  a new card keeps the score off the leaderboard; with several people, each by name. */
export function takeBackSentence(stats, seats) {
  const people = stats.players.filter((p) => ['human', 'remote'].includes(seats[p.player].controller));
  const said = people.map((p) => {
    const n = p.takebacks || 0;
    const seen = p.takebacks_revealed || 0;
    const what = n === 0 ? 'no take-backs' : count(n, 'take-back');
    const which = seen === n ? (n === 1 ? '' : 'all ') : `${seen} of them `;
    const why = seen ? `, ${which}after seeing a new card, so the score is not ranked` : '';
    return people.length === 1 ? `${what}${why}` : `${seats[p.player].name}: ${what}${why}`;
  });
  if (!said.length) return '';
  const text = said.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Fill `box` with the story of the game `session.id` (after its end). */
export async function tellStory(box, engine, session) {
  const res = await engine.stats({ id: session.id });
  if (!res.ok) { box.textContent = res.error.message; return; }
  const stats = res.result;
  const seats = session.seats;
  const takeBacks = takeBackSentence(stats, seats);
  box.innerHTML = `<h3>How the game went</h3>${takeBacks ? `<p class="story-takebacks" data-testid="story-takebacks">${esc(takeBacks)}</p>` : ''}${stats.game === 'waterworks' ? waterworks(stats, seats) : aqueducks(stats, seats)}`;
  if (stats.game === 'aqueducks' && stats.cities) {
    const [{ finalCities }, snap] = await Promise.all([import('../replay/cities.js'), engine.state({ id: session.id })]);
    const slot = document.createElement('div');
    slot.className = 'story-cities';
    slot.dataset.testid = 'story-cities';
    slot.innerHTML = '<h4>The final cities</h4>';
    box.append(slot);
    await finalCities(slot, stats.cities, snap.ok ? snap.result.view.board : null, seats);
  }
}
