// A score card's picture: the seat's final city, drawn by the game screen's own city renderer
// (read-only overview), from the engine's view of the finished game.
import { CityCanvas } from './city-canvas.js';
import { loadCatalog } from './catalog.js';
import { loadStyle } from '../../shell/style.js';

export async function drawScoreArt(box, { engine, id, seat }) {
  const [cat, snap] = await Promise.all([loadCatalog(), engine.state({ id, player: seat }),
    loadStyle(new URL('./style.css', import.meta.url))]);
  if (!snap.ok) return null;
  const { view } = snap.result;
  // The renderer draws a city as tall as its width asks: the card's box takes that height,
  // so the whole city is on the card (the saved image scales it to fit).
  const fit = document.createElement('div');
  fit.className = 'score-art-fit';
  box.append(fit);
  const city = new CityCanvas(fit, { cardOf: (key) => cat.byKey[key], interactive: false });
  city.set({ city: view.cities[seat], board: view.board, mode: 'overview' });
  return { canvas: city.canvas, destroy: () => city.destroy() };
}

/** Building names for the card's favourites. */
export async function buildingNames() {
  const cat = await loadCatalog();
  return (key) => (cat.byKey[key] ? cat.byKey[key].name : key);
}
