// Take-backs in the page: an Undo button (and Ctrl+Z / Cmd+Z) offered only while the engine's
// `undoable` says a take-back is possible for the person whose eyes the screen is for. The
// engine decides what may be taken back (docs/rulings); this only asks and shows.

/**
 * @param match the running Match
 * @param slot  the element the button goes into (the frame's history slot)
 * @param say(text, colour) how to tell what happened (the take-back, or why it was refused)
 */
export function attachUndo(match, slot, { say = () => {} } = {}) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-small';
  button.dataset.act = 'undo';
  button.textContent = '↶ Undo';
  button.hidden = true;
  button.setAttribute('aria-keyshortcuts', 'Control+Z Meta+Z');
  slot.append(button);
  let offer = null; // {player, moves} while a take-back is offered
  let asked = 0; // answers to an older question are dropped
  let busy = false;

  function show() {
    button.hidden = !offer;
    button.disabled = busy;
    if (offer) {
      const n = offer.moves;
      button.title = `Take back your last move${n > 1 ? ` and the ${n - 1} bot move${n > 2 ? 's' : ''} after it` : ''} (Ctrl+Z)`;
      button.setAttribute('aria-label', button.title);
    }
  }

  async function refresh() {
    const ask = ++asked;
    const player = match.viewer;
    if (match.stopped || player === null || player === undefined || !match.seats.humans.includes(player)) {
      offer = null; show(); return;
    }
    const res = await match.engine.undoable({ id: match.session.id, player, bots: match.seats.bots });
    if (ask !== asked) return; // a newer question answers for this one
    offer = res.ok && res.result.moves > 0 && !match.stopped ? { player, moves: res.result.moves } : null;
    show();
  }

  /** Take back what is offered; resolves the match's answer ({ok, events} or {ok: false, error}). */
  async function undo() {
    if (!offer || busy) return { ok: false, error: { code: 'busy', message: 'Nothing to take back now.' } };
    const { player, moves } = offer;
    busy = true;
    offer = null;
    show();
    const res = await match.takeBack(player, moves);
    busy = false;
    if (!res.ok) say(res.error.message, null);
    else for (const ev of res.events) say(ev.text, match.session.seats[ev.player].colour);
    refresh();
    return res;
  }

  function onKey(e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'z') return;
    if (!slot.isConnected) { detach(); return; }
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return; // their own undo
    if (document.querySelector('dialog[open]')) return;
    e.preventDefault();
    undo();
  }

  button.addEventListener('click', undo);
  document.addEventListener('keydown', onKey);
  match.onMove(() => refresh());
  match.onTurn(() => refresh());
  function detach() { document.removeEventListener('keydown', onKey); button.remove(); }
  return { refresh, undo, detach, get offer() { return offer; } };
}
