// The games this site has, for what is drawn before (or without) the engine: the menu's first
// paint and the embed's preview. The player counts and the bot levels are a copy of the
// engines' own `players` options and `bots` (hello), so the first paint offers every level;
// e2e/test_robustness.py and e2e/test_shell.py check them against the running engine, and the
// menu uses the engine's lists once it is ready.
export const GAMES = {
  waterworks: {
    title: 'Water Works', players: [2, 3, 4, 5], defaultPlayers: 2, minutes: 20, bots: ['random', 'greedy', 'hard'],
    blurb: "Race to pipe water from your valve to your spout — and spring leaks in everyone else's line.",
  },
  aqueducks: {
    title: 'Aqueducks', players: [1, 2, 3, 4, 5, 6], defaultPlayers: 4, minutes: 45, bots: ['random', 'greedy', 'hard'],
    blurb: "Build a duck-Roman city over four eras, then win the Pondifex's Favour.",
  },
};

/** Is `name` one of these games? A name from outside (storage, a file, a link, a peer) is
 *  looked up as the table's own key only: `GAMES.constructor` or `GAMES.__proto__` is
 *  something, but no game. */
export const isGame = (name) => typeof name === 'string' && Object.hasOwn(GAMES, name);

/** "2–5 players" for a list of counts. */
export function playersText(counts) {
  const lo = Math.min(...counts);
  const hi = Math.max(...counts);
  return lo === hi ? `${lo} player${lo === 1 ? '' : 's'}` : `${lo}–${hi} players`;
}
