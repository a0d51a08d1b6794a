// Each game's picture for its score card, loaded when a card is first drawn. Apart from the
// screens (web/games/screens.js): a score card, which a game's end screen opens, never needs
// to load a game's screen. The games and their modules are registered once, in
// web/shell/games.js.
import { gameModule } from '../shell/games.js';

export const scoreArtModule = gameModule('scoreArt', 'score card picture');
