// The one interface the game screens, the shell and embedding pages talk to: "an engine".
// Every transport (the local engine worker, web/engine.js; a remote host in online play)
// supplies one function, call(method, params) -> Promise of the envelope
// {ok: true, result} | {ok: false, error: {code, message}}, and gets the same object back.
// Nothing here knows where the engine runs, so the screens have a single code path.

/** The methods every engine answers (docs/api.md). */
export const METHODS = ['hello', 'newGame', 'state', 'play', 'botMove', 'save', 'record', 'load', 'readFile',
  'close', 'undoable', 'undo', 'stats', 'viewAt', 'moveLog', 'openGames', 'tutorials', 'tutorialStart', 'tutorial', 'tutorialPlay',
  'tutorialSkip', 'illustration', 'hint', 'analyse'];

/**
 * @param call (method, params) => Promise<envelope>; must never reject
 * @param extra more properties (e.g. `ready`, `state`)
 */
export function engineApi(call, extra = {}) {
  const api = { version: 1, call };
  for (const method of METHODS) api[method] = (params = {}) => call(method, params);
  return Object.freeze(Object.assign(api, extra));
}

/** An envelope for a refusal made on this side of the transport. */
export const refusal = (code, message) => ({ ok: false, error: { code, message } });
