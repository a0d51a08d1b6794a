// The frame around either game's table: a bar (menu, title, whose turn, rules, log, bot
// speed), the board area the game draws into, the move log, a screen-reader announcer,
// and modal dialogs (rules, "pass the device", game over).

const SPEEDS = [['fast', 'Fast bots'], ['normal', 'Normal bots'], ['slow', 'Slow bots']];

export function createFrame(root, { title, rulesHtml, speed = 'normal', onExit, onSpeed }) {
  root.innerHTML = `
    <div class="frame">
      <div class="frame-bar">
        <button type="button" class="btn btn-small btn-quiet frame-menu" data-act="menu" aria-label="Back to the menu">‹ Menu</button>
        <h1 class="frame-title"></h1>
        <p class="frame-status" data-testid="status"></p>
        <div class="frame-history" data-slot="history"></div>
        <div class="frame-tools">
          <label class="visually-hidden" for="frame-speed">Bot speed</label>
          <select id="frame-speed" class="frame-speed"></select>
          <button type="button" class="btn btn-small" data-act="rules" aria-haspopup="dialog">Rules</button>
          <button type="button" class="btn btn-small" data-act="log" aria-expanded="false" aria-controls="frame-log">Log</button>
        </div>
      </div>
      <div class="frame-body">
        <div class="frame-board"></div>
        <aside class="frame-log" id="frame-log" aria-label="Move log" tabindex="0">
          <h2>Moves</h2>
          <ol class="frame-log-list"></ol>
        </aside>
      </div>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer"></div>
      <dialog class="frame-dialog" aria-labelledby="frame-dialog-title"></dialog>
    </div>`;
  const $ = (s) => root.querySelector(s);
  $('.frame-title').textContent = title;
  const speedSelect = $('.frame-speed');
  for (const [value, label] of SPEEDS) speedSelect.add(new Option(label, value, false, value === speed));
  speedSelect.addEventListener('change', () => onSpeed && onSpeed(speedSelect.value));
  const logBox = $('.frame-log');
  const logList = $('.frame-log-list');
  const announcer = root.querySelector('[data-testid=announcer]');
  const dialog = $('.frame-dialog');

  root.querySelector('[data-act=menu]').addEventListener('click', () => onExit());
  root.querySelector('[data-act=rules]').addEventListener('click', async () => {
    // The app (not the embed page) has tutorials: the Rules dialog offers this game's.
    const learn = document.documentElement.dataset.tutorials === 'on' && !document.documentElement.dataset.tutorial;
    const buttons = learn ? [['Learn to play', 'learn'], ['Close', 'close', true]] : [['Close', 'close']];
    const choice = await showDialog({ title: `How to play ${title}`, html: rulesHtml, buttons, wide: true, testid: 'rules' });
    if (choice === 'learn') root.dispatchEvent(new CustomEvent('pnd:learn', { bubbles: true }));
  });
  const logButton = root.querySelector('[data-act=log]');
  logButton.addEventListener('click', () => {
    const open = !root.querySelector('.frame').classList.toggle('log-closed');
    logButton.setAttribute('aria-expanded', String(open));
  });
  if (window.matchMedia('(max-width: 900px)').matches) root.querySelector('.frame').classList.add('log-closed');

  /** A modal dialog; resolves with the value of the button pressed (Escape: 'close'). */
  function showDialog({ title: heading, html = '', buttons = [['OK', 'ok']], wide = false, testid = 'dialog' }) {
    dialog.className = `frame-dialog${wide ? ' wide' : ''}`;
    dialog.dataset.testid = testid;
    dialog.innerHTML = `<h2 id="frame-dialog-title"></h2><div class="frame-dialog-body"></div><div class="frame-dialog-actions"></div>`;
    dialog.querySelector('h2').textContent = heading;
    dialog.querySelector('.frame-dialog-body').innerHTML = html;
    const actions = dialog.querySelector('.frame-dialog-actions');
    return new Promise((resolve) => {
      for (const [label, value, primary] of buttons) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = `btn${primary ? ' btn-primary' : ''}`;
        b.textContent = label;
        b.addEventListener('click', () => { dialog.close(); resolve(value); });
        actions.append(b);
      }
      dialog.addEventListener('cancel', () => resolve('close'), { once: true });
      dialog.showModal();
      (actions.querySelector('.btn-primary') || actions.querySelector('button')).focus();
    });
  }

  return {
    board: $('.frame-board'),
    /** Where take-back and timeline controls go (web/shell/history.js). */
    history: $('.frame-history'),
    setStatus(html) { $('.frame-status').innerHTML = html; },
    log(text, colour) {
      const li = document.createElement('li');
      if (colour) li.style.setProperty('--who', colour);
      li.textContent = text;
      logList.append(li);
      logBox.scrollTop = logBox.scrollHeight;
    },
    announce(text) { announcer.textContent = text; },
    dialog: showDialog,
    /** The "pass the device" screen between people sharing one device; `more` adds
     *  buttons before the main one (e.g. a take-back), resolving with their values. */
    handoff(name, colour, more = []) {
      return showDialog({
        title: `Pass to ${name}`,
        html: `<p class="handoff"><span class="handoff-dot" style="background:${colour}"></span>
               <span>Hand the device to <strong>${esc(name)}</strong>. Everyone else, look away!</span></p>`,
        buttons: [...more, [`I am ${name} — show my cards`, 'ok', true]],
        testid: 'handoff',
      }).then((v) => v);
    },
  };
}

/** Minimal HTML escaping for names typed by people. */
export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}
