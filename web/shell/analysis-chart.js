// The analysis's win-chance chart, as lichess draws its evaluation graph: one line per seat
// over the game (x: the position after each move, y: the chance to win, or for solo Aqueducks
// the expected final duckats), the fair share as a dashed line, and the chosen seat's turning
// points marked with their numbers: the engine's `turningPoints`, the largest falls of this same
// line, so the marks and the list always agree. SVG in the story charts' style (web/shell/svg-charts.js).
import { esc } from './frame.js';
import { DASHES, legend } from './svg-charts.js';

const PAD = { l: 44, r: 14, t: 14, b: 30 };

/**
 * @param result the engine's `analyse` answer ({chart, decisions, turningPoints, measure})
 * @param seats [{name, colour}] per seat; `seat` the seat analysed
 * @param width the width it is drawn at (CSS px): one unit of the drawing is one pixel, so its
 *              text stays legible on a phone instead of shrinking with the chart
 */
export function analysisChart(result, seats, seat, width = 560) {
  const W = Math.round(Math.max(300, Math.min(640, width)));
  const H = W < 480 ? 220 : 240;
  const { chart, turningPoints, measure } = result;
  const score = measure === 'score';
  const n = Math.max(1, chart.length - 1);
  const values = chart.flat();
  const lo = score ? Math.max(0, Math.floor(Math.min(...values) / 20) * 20) : 0;
  const hi = score ? Math.ceil(Math.max(...values, lo + 20) / 20) * 20 : 1;
  const x = (i) => PAD.l + (i / n) * (W - PAD.l - PAD.r);
  const y = (v) => H - PAD.b - ((v - lo) / (hi - lo)) * (H - PAD.t - PAD.b);
  const ticks = score ? Array.from({ length: 5 }, (_, k) => Math.round(lo + (k * (hi - lo)) / 4)) : [0, 0.25, 0.5, 0.75, 1];
  const label = (v) => (score ? String(v) : `${Math.round(v * 100)}%`);
  const grid = ticks.map((t) => `<line x1="${PAD.l}" x2="${W - PAD.r}" y1="${y(t)}" y2="${y(t)}" class="chart-grid"/>
    <text x="${PAD.l - 6}" y="${y(t) + 4}" text-anchor="end">${label(t)}</text>`).join('');
  const fair = score || seats.length < 2 ? '' : `<line x1="${PAD.l}" x2="${W - PAD.r}" y1="${y(1 / seats.length)}" y2="${y(1 / seats.length)}" class="analysis-fair"/>`;
  const xticks = Array.from(new Set([0, Math.round(n / 4), Math.round(n / 2), Math.round((3 * n) / 4), n]));
  const xs = xticks.map((i) => `<text x="${x(i)}" y="${H - PAD.b + 16}" text-anchor="${i === n ? 'end' : i === 0 ? 'start' : 'middle'}">${i === 0 ? 'Deal' : i}</text>`).join('');
  // the chosen seat's line last, so it is drawn over the others
  const order = seats.map((_, i) => i).filter((i) => i !== seat).concat([seat]);
  const lines = order.map((i) => {
    const pts = chart.map((row, j) => `${x(j).toFixed(1)},${y(row[i]).toFixed(1)}`).join(' ');
    return `<polyline points="${pts}" fill="none" stroke="${seats[i].colour}" stroke-width="${i === seat ? 3.5 : 2}"
      stroke-linejoin="round" stroke-dasharray="${DASHES[i % DASHES.length]}" opacity="${i === seat ? 1 : 0.75}"/>`;
  }).join('');
  const marks = turningPoints.map(({ move }, k) => {
    const cx = x(move);
    const cy = y(chart[move][seat]);
    return `<g class="analysis-mark" data-testid="analysis-mark-${k + 1}" data-move="${move}">
      <line x1="${cx}" x2="${cx}" y1="${PAD.t}" y2="${H - PAD.b}" class="analysis-mark-line"/>
      <circle cx="${cx}" cy="${cy}" r="10"/><text x="${cx}" y="${cy + 4}" text-anchor="middle">${k + 1}</text></g>`;
  }).join('');
  const title = score ? `${seats[seat].name}: expected final duckats, move by move` : 'Chance to win, move by move';
  return `<figure class="chart analysis-chart" data-testid="analysis-chart">
    <figcaption>${esc(title)}</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>
      ${grid}${fair}${xs}${lines}${marks}
      <text x="${W - PAD.r}" y="${H - 2}" text-anchor="end" class="chart-axis">move</text></svg>
    ${legend(seats.map((s) => ({ name: s.name, colour: s.colour })))}</figure>`;
}
