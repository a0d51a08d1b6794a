// The <script type="py" worker name=…> elements PyScript starts an engine from, and how
// requests reach it, shared by the engine (web/engine.js) and its search helper
// (web/engine/helper.js): both run py/bridge.py with pyscript.toml, so a helper is the same
// engine, wheel and start-up snapshot again, called the same way.
import { refusal } from './api.js';

const SITE = new URL('../../', import.meta.url);

/** The named worker's script element: the page's own, or one made like it and added. */
export function workerScript(name) {
  let script = document.querySelector(`script[type="py"][worker][name="${name}"]`);
  if (!script) {
    script = document.createElement('script');
    script.type = 'py';
    script.setAttribute('worker', '');
    script.setAttribute('name', name);
    script.setAttribute('config', new URL('pyscript.toml', SITE).href);
    script.setAttribute('src', new URL('py/bridge.py', SITE).href);
    document.body.append(script);
  }
  return script;
}

/** PyScript defines `xworker` on the script element once it has started the worker. */
export function workerOf(script) {
  return new Promise((resolve) => {
    const look = () => (script.xworker ? resolve(script.xworker) : setTimeout(look, 10));
    look();
  });
}

/**
 * Requests to an engine worker one at a time, in the order they came (its Python answers one
 * call at a time anyway; queued here, a later call never overtakes an earlier one): returns
 * `(method, params) => Promise<envelope>`, which never rejects. Each request waits for
 * `whenUp()`, which resolves with the worker's `xworker.sync.dispatch` (a rejection is answered
 * with `down()`'s sentence); requests and answers cross as JSON text, and a dispatch that
 * throws is answered with `broken`.
 */
export function inTurn(whenUp, down, broken) {
  let queue = Promise.resolve();
  return (method, params = {}) => {
    let request;
    try {
      request = JSON.stringify({ method, params });
    } catch {
      return Promise.resolve(refusal('bad_request', 'The request could not be encoded.'));
    }
    const answer = queue.then(whenUp).then(async (dispatch) => {
      try {
        return JSON.parse(await dispatch(request));
      } catch (err) {
        console.error(err);
        return refusal('internal', broken);
      }
    }, () => refusal('not_ready', down()));
    queue = answer;
    return answer;
  };
}
