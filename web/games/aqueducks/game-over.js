// The end of a game of Aqueducks: the final table in the action panel and the Game over dialog
// (rematch, back to the menu, or stay and look at the cities).
import { esc } from '../../shell/frame.js';
import { winnersText } from './log-text.js';
import { icon } from './icons.js';
import { bestHtml } from './scores.js';

function scoreRows(ui) {
  const v = ui.snap.view;
  const r = ui.snap.result || v.result;
  const rows = [...v.cities].map((c, p) => ({ p, c })).sort((a, b) => (v.solo ? 0 : (b.c.favour - a.c.favour) || (b.c.duckats - a.c.duckats)));
  return { r, rows };
}

/** The final table in the action panel: winners (or the solo score), each city's favour and
 * duckats. */
export function overPanel(ui) {
  const v = ui.snap.view;
  const { r, rows } = scoreRows(ui);
  const winners = r ? r.winners : [];
  const head = v.solo ? `<h3>Solo score: ${icon('duckat')}${r ? r.score : v.cities[0].duckats} duckats</h3>`
    : `<h3>${esc(winnersText(winners, ui.seats))}!</h3>`;
  return `<div data-testid="game-over">${head}
    <table class="aq-scores"><thead><tr><th>Player</th><th>Faction</th>${v.solo ? '' : '<th>Favour</th>'}<th>Duckats</th></tr></thead><tbody>
    ${rows.map(({ p, c }) => `<tr class="${winners.includes(p) ? 'win' : ''}"><td><span class="aq-dot" style="--seat:${ui.seats[p].colour}"></span>${esc(ui.seats[p].name)}${winners.includes(p) && !v.solo ? ' <span class="aq-winner">winner</span>' : ''}</td><td>${esc(c.faction_name)}</td>${v.solo ? '' : `<td>${c.favour}</td>`}<td>${c.duckats}</td></tr>`).join('')}
    </tbody></table>
    <div class="aq-buttons"><button type="button" class="btn" data-act="again">Show final scores</button></div></div>`;
}

/** The Game over dialog: the final table, a solo player's best scores, and what next. */
export async function showOver(ui) {
  const v = ui.snap.view;
  let extra = '';
  if (v.solo && ui.best) {
    extra = bestHtml(ui.best.list, v.cities[0].faction_name, ui.best.rank);
    ui.bestRank = ui.best.rank;
  }
  const html = overPanel(ui).replace('<button type="button" class="btn" data-act="again">Show final scores</button>', '') + extra;
  ui.frame.announce(v.solo ? `Game over. You scored ${ui.snap.result.score} duckats.` : `Game over. ${ui.snap.result.winners.map((p) => ui.seats[p].name).join(' and ')} won.`);
  const buttons = [['Look at the cities', 'close'], ['Back to the menu', 'menu', !ui.session.rematch]];
  if (ui.session.rematch) buttons.push(['Rematch', 'rematch', true]);
  const res = await ui.frame.dialog({ title: 'Game over', html, buttons, wide: true, testid: 'game-over-dialog' });
  if (res === 'menu') ui.exit();
  else if (res === 'rematch') ui.session.rematch();
}
