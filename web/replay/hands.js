// Words for the cards in a hand, for "reveal all hands" after a game: each game's own card
// words (the same the game screens use, its shell parts' handWords), never a second
// description of the cards.
import { PARTS } from '../shell/games.js';

/** Resolves with a list of short names for `view.hand` of the game `game`. */
export async function handWords(game, view) {
  return PARTS[game].handWords((view && view.hand) || []);
}
