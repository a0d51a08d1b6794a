// What the shell needs of Water Works, registered once in web/shell/games.js (docs/api.md,
// "Adding a game"): the menu's facts, drawn before the engine is ready; the modules loaded when
// first needed (the score card's picture, the end-of-game story); a finished
// game's score in words for the score card, the daily deal and the leaderboard.
import { count } from '../../shell/words.js';

export default {
  name: 'waterworks',
  // players and bots: a copy of the engine's own (hello), checked by e2e/test_shell.py
  about: {
    title: 'Water Works', players: [2, 3, 4, 5], defaultPlayers: 2, minutes: 20, bots: ['random', 'greedy', 'hard'],
    blurb: "Race to pipe water from your valve to your spout — and spring leaks in everyone else's line.",
  },
  scoreArt: () => import('./score-art.js'),
  story: () => import('./story.js'),

  /** The score card's score: {big, unit, line}; `of` is " · 2nd of 3" at a table of several. */
  scoreWords(claim, of) {
    return claim.won
      ? { big: String(claim.turns), unit: 'turns to win', line: `Water Works · won${of}` }
      : { big: String(claim.line), unit: 'pipes in line', line: `Water Works${of}` };
  },

  /** Short names of a hand's cards, for "reveal all hands" after a game (the screen's own). */
  handWords: (hand) => import('./card-art.js').then(({ cardWords }) => hand.map((c) => cardWords(c))),

  /** A daily deal's result, as the day's list and the share text say it. */
  resultText: (claim) => (claim.won ? `won in ${count(claim.turns, 'turn')}` : `a line of ${claim.line}`),

  /** The daily deal in a sentence (the engine's dailyDeal sets the same table). */
  dailyWhat: 'You against two normal bots: finish your line first.',

  /** A leaderboard entry's score, and what its details begin with. */
  boardScore: (e) => (e.claim.won ? `won in ${count(e.claim.turns, 'turn')}` : `line of ${e.claim.line}`),
  boardDetail: () => [],
};
