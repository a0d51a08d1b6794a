// Take-backs in the page: an Undo button (and Ctrl+Z / Cmd+Z) offered only while the engine's
// `undoable` says a take-back is possible for the person whose eyes the screen is for. The
// engine decides what may be taken back (docs/rulings/take-backs.md): against bots only, the
// person's last move with the bots' replies, at any point of their next turn and again and
// again; with another person at the table, only until a hidden card reaches a person. This
// only asks and shows. A take-back that cannot be made says the engine's reason on screen.
import { showToast } from './toast.js';

/** The person at this device a take-back would be for, or null (a spectator, a bots' game). */
function person(match) {
  const p = match.viewer;
  return p === null || p === undefined || !match.seats.humans.includes(p) ? null : p;
}

/** Is every seat but `player`'s played by a bot here (a solo game too)? (docs/rulings/take-backs.md T1) */
function botsOnly(match, player) {
  return match.session.seats.every((_, i) => i === player || match.seats.bots.includes(i));
}

/**
 * @param match the running Match
 * @param slot  the element the button goes into (the frame's history slot)
 * @param say(text, colour) how to tell a take-back that was made (the log)
 * @param refuse(text) how to tell why none was made (default: the page's toast)
 */
export function attachUndo(match, slot, { say = () => {}, refuse = showToast } = {}) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-small undo-button';
  button.dataset.act = 'undo';
  // On a phone the word goes and the arrow stays, so the bar keeps one row when Undo comes.
  button.innerHTML = '<span aria-hidden="true">↶</span><span class="btn-word"> Undo</span>';
  button.setAttribute('aria-label', 'Undo');
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
      // a take-back of cards the person has been shown keeps the score off the boards (T6)
      const seen = offer.revealed ? '; you have seen a new card since, so the score will not be ranked' : '';
      button.title = `Take back your last move${n > 1 ? ` and the ${n - 1} bot move${n > 2 ? 's' : ''} after it` : ''}${seen} (Ctrl+Z)`;
      button.setAttribute('aria-label', button.title);
    }
  }

  async function refresh() {
    const ask = ++asked;
    const player = person(match);
    if (match.stopped || player === null) { offer = null; show(); return; }
    const res = await match.engine.undoable({ id: match.session.id, player, bots: match.seats.bots });
    if (ask !== asked) return; // a newer question answers for this one
    offer = res.ok && res.result.moves > 0 && !match.stopped
      ? { player, moves: res.result.moves, revealed: Boolean(res.result.revealed) } : null;
    show();
  }

  /** What may be taken back now: the offer on screen (taken at once, so a bot still deciding
   *  drops its decision: T3), else the engine is asked (Ctrl+Z with no button shown, or again
   *  after a bot's reply landed first), so a refusal carries its reason. */
  async function wanted(fresh = false) {
    if (offer && !fresh) return { ok: true, want: offer };
    const player = person(match);
    if (match.stopped || player === null) {
      return { ok: false, error: { code: 'illegal_move', message: 'Nobody playing on this device has a move to take back.' } };
    }
    const res = await match.engine.undoable({ id: match.session.id, player, bots: match.seats.bots });
    if (!res.ok) return res;
    if (!res.result.moves) return { ok: false, error: { code: 'illegal_move', message: res.result.reason } };
    return { ok: true, want: { player, moves: res.result.moves } };
  }

  /** Take back what is offered; resolves the match's answer ({ok, events} or {ok: false, error}). */
  async function undo() {
    if (busy) return { ok: false, error: { code: 'busy', message: 'A take-back is on its way.' } };
    busy = true;
    show();
    let got = await wanted();
    offer = null;
    show();
    let res = got;
    // Nothing holds a bot's reply back, so one may land between the offer and the take-back:
    // the engine then refuses the count offered ("the game has moved on"). Against bots only
    // the person still means their last move, so the engine is asked again and that is taken.
    for (let tries = 0; got.ok && tries < 2; tries += 1) {
      res = await match.takeBack(got.want.player, got.want.moves);
      if (res.ok || match.stopped || !botsOnly(match, got.want.player)) break;
      const again = await wanted(true);
      if (!again.ok || again.want.moves === got.want.moves) break;
      got = again;
    }
    busy = false;
    if (!res.ok) refuse(res.error.message);
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
