// The final cities side by side, for the end-of-game story: each drawn by the game screen's
// own city renderer (city-canvas.js), read-only, in the overview; loaded by story.js when the
// story has cities to show.
import { CityCanvas } from './city-canvas.js';
import { loadCatalog } from './catalog.js';
import { esc } from '../../shell/frame.js';

export async function finalCities(slot, cities, board, seats) {
  const cat = await loadCatalog();
  cities.forEach((city, p) => {
    const fig = document.createElement('figure');
    fig.className = 'story-city';
    fig.innerHTML = `<figcaption><span class="story-dot" style="background:${seats[p].colour}"></span>${esc(seats[p].name)}</figcaption>`;
    slot.append(fig);
    const canvas = new CityCanvas(fig, { cardOf: (key) => cat.byKey[key] });
    canvas.set({ city, board, mode: 'overview' });
  });
}
