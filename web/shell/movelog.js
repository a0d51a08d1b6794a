// A resumed or viewed game's log: the moves made before its screen opened, rebuilt by the
// engine (`moveLog`: the public events of every move as it was made, with the take-backs
// where they were made, as the log showed them live: docs/rulings/take-backs.md T5), drawn as
// past (the screens neither announce nor animate them). Not the timeline
// (web/shell/history.js), which shows the table at a move through `viewAt`.
import { takeBackText } from './seats.js';

const nextTask = () => new Promise((r) => setTimeout(r, 0));

/**
 * Draw the opening snapshot of `match` with the log filled in. The last move is drawn in a
 * task of its own, so the frame marks it as the latest (frame.log: one task's lines are one
 * move's). A new game, an engine without moveLog, or a session with `pastMoves: false` (an
 * online guest: the host answers only state and play) start with an empty log.
 */
export async function showMoveLog(match) {
  const { engine, session } = match;
  const asked = session.pastMoves !== false && typeof engine.moveLog === 'function'
    ? engine.moveLog({ id: session.id }) : null;
  const [snap, res] = await Promise.all([match.snapshot(), asked]);
  if (match.stopped) return;
  // a take-back says the seat's name, as it did live (Match.tookBack)
  const past = (res && res.ok ? res.result.moves : []).map((m) => (m.undo
    ? { ...m, events: m.events.map((ev) => ({ ...ev, text: takeBackText(ev, session.seats) })) } : m));
  const earlier = past.slice(0, -1).flatMap((m) => m.events);
  if (earlier.length) {
    match.ui.render(snap, earlier, match.viewer, { past: true });
    await nextTask();
    if (match.stopped) return;
  }
  match.ui.render(snap, past.length ? past[past.length - 1].events : [], match.viewer, { past: true });
}
