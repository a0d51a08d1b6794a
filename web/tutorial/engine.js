// The engine a game screen sees during a tutorial: the real engine, except that the person's
// moves go to the tutorial runner in Python (tutorialPlay), which applies the ones that
// advance the step (with the other seats' scripted replies) and answers every other move
// with a hint, changing nothing. The other seats never move on their own: snapshots name
// only the person's seat as awaited, so the screen's match loop never starts a bot; and
// nothing is taken back (the step would no longer match the game).
import { engineApi, refusal } from '../engine/api.js';

const NO_UNDO = 'In the tutorial moves are not taken back: press Skip step to move on.';

export function tutorialEngine(engine, { id, seat, onAnswer }) {
  const mine = (snap) => ({ ...snap, toAct: snap.toAct.filter((p) => p === seat) });

  async function play(params) {
    if (params.id !== id || params.player !== seat) {
      return refusal('illegal_move', 'In the tutorial the other seats play their scripted moves.');
    }
    const res = await engine.call('tutorialPlay', { id, move: params.move });
    if (!res.ok) return res;
    onAnswer(res.result);
    if (!res.result.advanced) {
      const { reason, hint } = res.result;
      return refusal('illegal_move', [reason, hint].filter(Boolean).join(' '));
    }
    return { ok: true, result: mine(res.result) };
  }

  async function call(method, params = {}) {
    if (method === 'play') return play(params);
    if (method === 'undoable') return { ok: true, result: { moves: 0, reason: NO_UNDO } };
    if (method === 'undo') return refusal('illegal_move', NO_UNDO);
    const res = await engine.call(method, params);
    if (method === 'state' && res.ok) return { ok: true, result: mine(res.result) };
    return res;
  }

  return engineApi(call, { ready: engine.ready });
}
