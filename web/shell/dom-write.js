// Writes to the page that cost nothing when nothing changed. A game screen draws everything it
// shows again on every snapshot and every click (about ten times a move); markup set again to
// the same string is still parsed and replaces its elements (losing focus and hover), and the
// next measurement then lays the whole page out again: most of a move's main-thread time.

const written = new WeakMap(); // element -> {html, first}: what setHtml last put there

/** Set `el`'s markup to `html` unless it already holds exactly that; whether it changed. An
 *  element whose children were replaced since by anything else is written again. */
export function setHtml(el, html) {
  const last = written.get(el);
  if (last && last.html === html && last.first === el.firstChild) return false;
  el.innerHTML = html;
  written.set(el, { html, first: el.firstChild });
  return true;
}

const drawnBy = new WeakMap(); // a canvas or a part of a screen -> the signature it last drew

/** Whether `what` is what `holder` last drew; if not, it is remembered as drawn now. The game
 *  screens draw again on every snapshot and click, and most of those show a part unchanged:
 *  such a part is not laid out, cleared and painted again (Sets compare as their members). */
export function sameAsDrawn(holder, what) {
  const signature = JSON.stringify(what, (_k, v) => (v instanceof Set ? [...v] : v));
  if (drawnBy.get(holder) === signature) return true;
  drawnBy.set(holder, signature);
  return false;
}
