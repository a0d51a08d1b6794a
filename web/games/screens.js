// Each game's screen, loaded when first opened (and then kept by the browser).
import { byGame } from './lazy.js';

export const screenModule = byGame({
  waterworks: () => import('./waterworks/index.js'),
  aqueducks: () => import('./aqueducks/index.js'),
}, 'screen');
