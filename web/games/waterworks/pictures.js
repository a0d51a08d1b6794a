// The Rules dialog's pictures: each <figure data-picture="name"> in the rules text is drawn
// by the table's own renderer (TableCanvas, as a still) from the position the engine builds
// for that name (service method `illustration`, tutorials/pictures/waterworks.json), so the
// page never makes up a position. Caption and text alternative come with the position.
import { TableCanvas } from './table-canvas.js';
import { SEAT_COLOURS } from '../../shell/seats.js';
import { fillFigures } from '../../shell/figures.js';

export function drawPictures(body, engine, colours = SEAT_COLOURS) {
  return fillFigures(body, engine, 'waterworks', (art, pic, box) => {
    const table = new TableCanvas(art, { picture: true });
    const { x, y } = pic.frame;
    // the box takes the frame's shape, so the cells fill it
    box.classList.add('ww-pic');
    box.style.aspectRatio = `${x[1] - x[0] + 1.24} / ${((y[1] - y[0] + 1.24) * 1.16).toFixed(2)}`;
    const line = pic.result && pic.result.line && pic.result.line.length ? pic.result.line : null;
    table.set({ view: pic.view, names: [], colours, spots: [], last: null, win: line, viewer: pic.viewer, frame: pic.frame });
    return () => table.destroy();
  });
}
