// Each game's picture for its score card, loaded when a card is first drawn. Apart from the
// screens (web/games/screens.js): a score card, which a game's end screen opens, never needs
// to load a game's screen.
import { byGame } from './lazy.js';

export const scoreArtModule = byGame({
  waterworks: () => import('./waterworks/score-art.js'),
  aqueducks: () => import('./aqueducks/score-art.js'),
}, 'score card picture');
