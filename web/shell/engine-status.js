// The engine's loading indicator in the menu and on a waiting game screen (progress bars
// filled from pnd:progress), "Engine ready", and the boot error panel if Python fails to start.
import engine from '../engine.js';

const $ = (sel, el = document) => el.querySelector(sel);

/** ready(hello) runs once the engine has said which games, options and bots it has. */
export function wireEngineStatus({ ready }) {
  const text = $('#engine-status .engine-text');
  window.addEventListener('pnd:progress', (e) => {
    for (const bar of document.querySelectorAll('.engine-bar-fill')) bar.style.width = `${Math.round(e.detail * 100)}%`;
  });
  engine.ready.then((hello) => {
    text.textContent = 'Engine ready';
    ready(hello);
  }, (err) => {
    // A promise, not the pnd:error event: the failure may predate this module.
    text.textContent = 'Engine failed';
    const panel = $('#boot-error');
    $('.boot-error-message', panel).textContent = err.message;
    panel.hidden = false;
  });
  $('#boot-error-reload').addEventListener('click', () => location.reload());
}
