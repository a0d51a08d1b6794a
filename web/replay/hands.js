// Words for the cards in a hand, for "reveal all hands" after a game: each game's own card
// words (the same the game screens use), never a second description of the cards.
import { cardWords } from '../games/waterworks/card-art.js';
import { loadCatalog } from '../games/aqueducks/catalog.js';

/** Resolves with a list of short names for `view.hand` of the game `game`. */
export async function handWords(game, view) {
  const hand = (view && view.hand) || [];
  if (game === 'aqueducks') {
    const cat = await loadCatalog();
    return hand.map((c) => (cat.byKey[c.key] ? cat.byKey[c.key].name : c.key));
  }
  return hand.map((c) => cardWords(c));
}
