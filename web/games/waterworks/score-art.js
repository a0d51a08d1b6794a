// A score card's picture: the final table with the winning line lit, drawn by the game
// screen's own table renderer as a still (as the Rules pictures are), framed on the cards.
import { TableCanvas } from './table-canvas.js';
import { loadStyle } from '../../shell/style.js';

export async function drawScoreArt(box, { engine, id, seat, colours }) {
  const [snap] = await Promise.all([engine.state({ id }), loadStyle(new URL('./style.css', import.meta.url))]);
  if (!snap.ok) return null;
  const { view, result } = snap.result;
  const xs = view.cards.map((c) => c.x);
  const ys = view.cards.map((c) => c.y);
  const frame = { x: [Math.min(...xs), Math.max(...xs)], y: [Math.min(...ys), Math.max(...ys)] };
  box.classList.add('ww-pic');
  const table = new TableCanvas(box, { picture: true });
  const line = result && result.line && result.line.length ? result.line : null;
  table.set({ view, names: [], colours, spots: [], last: null, win: line, viewer: seat, frame });
  return { canvas: table.canvas, destroy: () => table.destroy() };
}

export async function buildingNames() {
  return (key) => key;
}
