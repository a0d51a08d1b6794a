// Each game's screen, loaded when first opened (and then kept by the browser): a line per game,
// apart from the registry of the rest (web/shell/games.js) because a screen imports shell
// modules that read that registry, which would make an import circle of the two.
import { byGame } from './lazy.js';

export const screenModule = byGame({
  waterworks: () => import('./waterworks/index.js'),
  aqueducks: () => import('./aqueducks/index.js'),
}, 'screen');
