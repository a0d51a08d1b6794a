// The end-of-game story: the take-backs, then the game's own charts and tables (its story
// module, drawn with web/shell/svg-charts.js) from the engine's `stats` (computed from the
// record, so the same in every view).
import { esc } from './frame.js';
import { count } from './words.js';
import { gameModule } from './games.js';

const storyModule = gameModule('story', 'end-of-game story');

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

/** Fill `box` with the story of the game `session.id` (after its end): the take-backs, then
 *  the game's own charts and tables (its story module: storyHtml, and storyAfter if any). */
export async function tellStory(box, engine, session) {
  const [res, story] = await Promise.all([engine.stats({ id: session.id }), storyModule(session.game)]);
  if (!res.ok) { box.textContent = res.error.message; return; }
  const stats = res.result;
  const seats = session.seats;
  const takeBacks = takeBackSentence(stats, seats);
  box.innerHTML = `<h3>How the game went</h3>${takeBacks ? `<p class="story-takebacks" data-testid="story-takebacks">${esc(takeBacks)}</p>` : ''}${story.storyHtml(stats, seats)}`;
  if (story.storyAfter) await story.storyAfter(box, stats, engine, session);
}
