// The engine a game screen sees during a tutorial: the real engine, except that the person's
// moves go to the tutorial runner in Python (tutorialPlay), which applies the ones that
// advance the step (with the other seats' scripted replies) and answers every other move
// with a hint, changing nothing. The other seats never move on their own: snapshots name
// only the person's seat as awaited, so the screen's match loop never starts a bot.
// Works over a synchronous engine and over one that answers with promises alike.

/** `f(value)`, or a promise of it when `value` is a promise. */
export const when = (value, f) => (value && typeof value.then === 'function' ? value.then(f) : f(value));

export function tutorialEngine(engine, { id, seat, onAnswer }) {
  const mine = (snap) => ({ ...snap, toAct: snap.toAct.filter((p) => p === seat) });
  const own = (res) => (res.ok && res.result && Array.isArray(res.result.toAct) ? { ok: true, result: mine(res.result) } : res);
  return Object.freeze({
    ...Object.fromEntries(['hello', 'newGame', 'save', 'record', 'load', 'close', 'botMove']
      .map((m) => [m, (params) => engine[m](params)])),
    version: engine.version,
    ready: engine.ready,
    call: (method, params) => engine.call(method, params),
    state: (params) => when(engine.state(params), own),
    play(params) {
      if (params.id !== id || params.player !== seat) {
        return { ok: false, error: { code: 'illegal_move', message: 'In the tutorial the other seats play their scripted moves.' } };
      }
      return when(engine.call('tutorialPlay', { id, move: params.move }), (res) => {
        if (!res.ok) return res;
        onAnswer(res.result);
        if (!res.result.advanced) {
          const { reason, hint } = res.result;
          return { ok: false, error: { code: 'illegal_move', message: [reason, hint].filter(Boolean).join(' ') } };
        }
        return { ok: true, result: mine(res.result) };
      });
    },
  });
}
