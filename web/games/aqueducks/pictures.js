// The Rules dialog's pictures: each <figure data-picture="name"> in the rules text is drawn
// by the game's own renderers (CityCanvas as a still, or the Pondifex board) from the position
// the engine builds for that name (service method `illustration`,
// tutorials/pictures/aqueducks.json), so the page never makes up a position.
import { CityCanvas } from './city-canvas.js';
import { pondifexBoard } from './boards.js';
import { loadCatalog } from './catalog.js';
import { SEAT_COLOURS, DEFAULT_NAMES } from '../../shell/seats.js';
import { fillFigures } from '../../shell/figures.js';

const SEATS = DEFAULT_NAMES.map((name, i) => ({ name, colour: SEAT_COLOURS[i] }));

export async function drawPictures(body, engine) {
  const cat = await loadCatalog();
  return fillFigures(body, engine, 'aqueducks', (art, pic) => {
    if (pic.frame.board === 'pondifex') {
      art.classList.add('aq-pic-board');
      art.innerHTML = pondifexBoard(pic.view, SEATS, pic.view.legal_moves || []);
      return null;
    }
    const city = new CityCanvas(art, { cardOf: (key) => cat.byKey[key], interactive: false });
    city.set({ city: pic.view.cities[pic.viewer], board: pic.view.board, mode: 'overview', frame: pic.frame,
      place: null, protect: null, toppled: null });
    return () => city.destroy();
  });
}
