// The <script type="py" worker name=…> elements PyScript starts an engine from, shared by the
// engine (web/engine.js) and its search helper (web/engine/helper.js): both run py/bridge.py
// with pyscript.toml, so a helper is the same engine, wheel and start-up snapshot again.
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
