// Aqueducks' part of the end-of-game story (web/shell/charts.js tells the rest): Favour by era,
// duckats by source, the Publican's visits, and the final cities, from the engine's `stats`.
import { lineChart, stackedBars, storyTable } from '../../shell/svg-charts.js';

const SOURCES = [['builds', 'Builds'], ['end_of_era', 'End of Era'], ['faction', 'Faction'], ['refunds', 'Refunds'], ['start', 'Start']];
const SOURCE_COLOURS = ['#2f7fc1', '#2e8b57', '#8e5cc4', '#e07b1f', '#9aa5b1'];

/** The story's charts and tables as HTML. */
export function storyHtml(stats, seats) {
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
    html += storyTable('Donations per Publican visit (Favour gained, duckats paid)', ['Visit', ...stats.players.map((p) => name(p.player))],
      stats.visits.map((v) => [`Era ${v.era}, visit ${v.visit}`, ...stats.players.map((p) => {
        const d = v.donations.find((x) => x.player === p.player);
        if (d) return d.pushed_off ? `pushed off (${d.cost})` : `+${d.favour + d.luxury} (${d.cost})`;
        return v.passed.includes(p.player) ? 'passed' : '–';
      })]), 'story-visits');
  }
  return html;
}

/** After the charts: the final cities, drawn read-only by the screen's city renderer. */
export async function storyAfter(box, stats, engine, session) {
  if (!stats.cities) return;
  const [{ finalCities }, snap] = await Promise.all([import('./final-cities.js'), engine.state({ id: session.id })]);
  const slot = document.createElement('div');
  slot.className = 'story-cities';
  slot.dataset.testid = 'story-cities';
  slot.innerHTML = '<h4>The final cities</h4>';
  box.append(slot);
  await finalCities(slot, stats.cities, snap.ok ? snap.result.view.board : null, session.seats);
}
