// The games this site has: each registers here once, with its shell parts
// (web/games/<game>/shell-parts.js; docs/api.md, "Adding a game"), and no other shell module
// names a game (its screen, which imports the shell, is loaded by web/games/screens.js). `GAMES` is what is drawn before (or without) the engine: the menu's first paint
// and the embed's preview. The player counts and the bot levels are a copy of the engines' own
// `players` options and `bots` (hello), so the first paint offers every level;
// e2e/test_robustness.py and e2e/test_shell.py check them against the running engine, and the
// menu uses the engine's lists once it is ready.
import { byGame } from '../games/lazy.js';
import waterworks from '../games/waterworks/shell-parts.js';
import aqueducks from '../games/aqueducks/shell-parts.js';

/** In the menu's order. */
const REGISTERED = [waterworks, aqueducks];

/** {name: {title, players, defaultPlayers, minutes, bots, blurb}}. */
export const GAMES = Object.fromEntries(REGISTERED.map((g) => [g.name, g.about]));

/** {name: shell parts}: the score in words, the daily deal's sentence, the leaderboard's
 *  columns and tables (each game's shell-parts.js says what each is). */
export const PARTS = Object.fromEntries(REGISTERED.map((g) => [g.name, g]));

/** `(game) => Promise<module>`: a game's module `part` ('scoreArt', 'story'),
 *  loaded when first asked (and then kept by the browser); `what` names it in the refusal of
 *  a game that has none. */
export function gameModule(part, what) {
  return byGame(Object.fromEntries(REGISTERED.filter((g) => g[part]).map((g) => [g.name, g[part]])), what);
}

/** Is `name` one of these games? A name from outside (storage, a file, a link, a peer) is
 *  looked up as the table's own key only: `GAMES.constructor` or `GAMES.__proto__` is
 *  something, but no game. */
export const isGame = (name) => typeof name === 'string' && Object.hasOwn(GAMES, name);

/** The first game of the menu: the one chosen before the person chooses. */
export const firstGame = () => REGISTERED[0].name;

/** "2–5 players" for a list of counts. */
export function playersText(counts) {
  const lo = Math.min(...counts);
  const hi = Math.max(...counts);
  return lo === hi ? `${lo} player${lo === 1 ? '' : 's'}` : `${lo}–${hi} players`;
}
