// Water Works' part of the end-of-game story (web/shell/charts.js tells the rest): each line's
// length over the game, and the leaks and repairs, from the engine's `stats`.
import { lineChart, storyTable } from '../../shell/svg-charts.js';

/** The story's charts and tables as HTML. */
export function storyHtml(stats, seats) {
  const series = stats.players.map((p) => ({ name: seats[p.player].name, colour: seats[p.player].colour, values: p.line }));
  return lineChart({ title: 'Line length over the game (pipe cards from the valve)', series, xTitle: 'moves', testid: 'chart-lines' })
    // soft hyphens (\u00ad): seven columns fit a phone's dialog with the long words broken
    + storyTable('Leaks and repairs', ['Player', 'Leaks dealt', 'Leaks re\u00adceived', 'Re\u00adpairs', 'Plumb\u00aders', 'Dis\u00adcards', 'Take-backs'],
      stats.players.map((p) => [seats[p.player].name, p.leaks_dealt, p.leaks_received, p.repairs, p.plumbers, p.discards, p.takebacks]), 'story-leaks');
}
