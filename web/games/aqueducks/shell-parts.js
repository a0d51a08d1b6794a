// What the shell needs of Aqueducks, registered once in web/shell/games.js (docs/api.md,
// "Adding a game"): the menu's facts, drawn before the engine is ready; the modules loaded when
// first needed (the score card's picture, the end-of-game story, the buildings'
// names); a finished game's score in words for the score card, the daily deal and the
// leaderboard, whose solo tables (solo/<faction>, py/aqueducks/plugin.py) are this game's.
import { count } from '../../shell/words.js';

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export default {
  name: 'aqueducks',
  // players and bots: a copy of the engine's own (hello), checked by e2e/test_shell.py
  about: {
    title: 'Aqueducks', players: [1, 2, 3, 4, 5, 6], defaultPlayers: 4, minutes: 45, bots: ['random', 'greedy', 'hard'],
    blurb: "Build a duck-Roman city over four eras, then win the Pondifex's Favour.",
  },
  scoreArt: () => import('./score-art.js'),
  story: () => import('./story.js'),
  /** `(key) => name` of the buildings a card's favourites are. */
  favouriteNames: () => import('./score-art.js').then((m) => m.buildingNames()),

  /** The score card's score: {big, unit, line}; `of` is " · 2nd of 3" at a table of several. */
  scoreWords(claim, of, players) {
    const faction = capital(claim.faction);
    return players === 1
      ? { big: String(claim.duckats), unit: 'duckats', line: `${faction} · solo` }
      : { big: String(claim.favour), unit: 'Favour', line: `${faction}${of}${claim.won ? ' · winner' : ''}` };
  },

  /** Short names of a hand's cards, for "reveal all hands" after a game: the buildings'. */
  async handWords(hand) {
    const cat = await import('./catalog.js').then((m) => m.loadCatalog());
    return hand.map((c) => (cat.byKey[c.key] ? cat.byKey[c.key].name : c.key));
  },

  /** A daily deal's result, as the day's list and the share text say it. */
  resultText: (claim) => count(claim.duckats, 'duckat'),

  /** The daily deal in a sentence, from the day's deal (null: the engine could not say it). */
  dailyWhat(deal) {
    const faction = deal && deal.options.factions ? capital(deal.options.factions) : 'the faction of the day';
    return `Solo, as ${faction}: score the most duckats.`;
  },

  /** A leaderboard entry's score, and what its details begin with. */
  boardScore: (e) => (e.players === 1 ? count(e.claim.duckats, 'duckat') : `${e.claim.favour} Favour · ${count(e.claim.duckats, 'duckat')}`),
  boardDetail: (e) => [capital(e.claim.faction)],
  /** A board table of this game's own: {title, testid}, or null for another's. */
  soloTable(name) {
    if (!name.startsWith('solo/')) return null;
    const faction = name.slice(5);
    return { title: `Aqueducks solo · ${capital(faction)}`, testid: `lb-solo-${faction}` };
  },
};
