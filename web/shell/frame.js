// The frame around either game's table, laid out to the viewport (the page never scrolls):
// a bar (menu, title, whose turn and what to do, the last move in words, bot speed, sound,
// a slot for the history controls, rules, log), the board area the game draws into, the
// move log as a drawer over the board, a screen-reader announcer, and modal dialogs.
import { sound } from './sound.js';
import { motion, SPEEDS } from './motion.js';
import { setHtml } from './dom-write.js';
import { Announcer } from './blind/announcer.js';

const SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const SPEAKER_ON = `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">${SPEAKER}<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;
const SPEAKER_OFF = `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">${SPEAKER}<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

/** illustrate(body): draws the pictures of the Rules dialog's body (the game's pictures.js);
 *  resolves with how to let them go when the dialog closes. */
export function createFrame(root, { title, game, rulesHtml, illustrate, speed = 'normal', onExit, onSpeed }) {
  root.innerHTML = `
    <div class="frame">
      <div class="frame-bar">
        <button type="button" class="btn btn-small btn-quiet frame-menu" data-act="menu" aria-label="Back to the menu">‹ <span class="frame-menu-word">Menu</span></button>
        <h1 class="frame-title"></h1>
        <div class="frame-turn" data-testid="turn-status"><p class="frame-status" data-testid="status"></p></div>
        <div class="frame-tools">
          <div class="frame-history" data-slot="history"></div>
          <label class="visually-hidden" for="frame-speed">Bot speed and motion</label>
          <select id="frame-speed" class="frame-speed"></select>
          <button type="button" class="btn btn-small frame-sound" data-act="sound" data-testid="sound-toggle" aria-pressed="false"></button>
          <label class="visually-hidden" for="frame-volume">Volume</label>
          <input type="range" id="frame-volume" class="frame-volume" min="0" max="100" step="5">
          <button type="button" class="btn btn-small" data-act="rules" aria-haspopup="dialog">Rules</button>
        </div>
        <button type="button" class="frame-last" data-act="log" data-testid="last-move" aria-expanded="false" aria-controls="frame-log">
          <span class="frame-last-label">Log</span><span class="frame-last-text">No moves yet</span></button>
      </div>
      <div class="frame-body">
        <div class="frame-board"></div>
        <aside class="frame-log" id="frame-log" aria-label="Move log" tabindex="0">
          <div class="frame-log-head"><h2>Moves</h2><button type="button" class="btn btn-small btn-quiet" data-act="log-close" aria-label="Close the log">✕</button></div>
          <ol class="frame-log-list"></ol>
        </aside>
      </div>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer"></div>
      <dialog class="frame-dialog" aria-labelledby="frame-dialog-title"></dialog>
    </div>`;
  const $ = (s) => root.querySelector(s);
  const frameEl = $('.frame');
  if (game) frameEl.dataset.game = game;
  frameEl.classList.add('log-closed');
  $('.frame-title').textContent = title;
  const speedSelect = $('.frame-speed');
  for (const [value, label] of SPEEDS) speedSelect.add(new Option(label, value, false, value === speed));
  if (!SPEEDS.some(([v]) => v === speed)) speedSelect.value = 'normal';
  motion.setSpeed(speedSelect.value);
  speedSelect.addEventListener('change', () => {
    motion.setSpeed(speedSelect.value);
    if (onSpeed) onSpeed(speedSelect.value);
  });
  const logBox = $('.frame-log');
  const logList = $('.frame-log-list');
  const lastText = $('.frame-last-text');
  const announcer = root.querySelector('[data-testid=announcer]');
  const speaker = new Announcer(announcer); // paced: one line after another, none replaced
  const dialog = $('.frame-dialog');
  let latestOpen = false; // lines are being logged for the latest move
  let dialogsShown = 0; // which showDialog the dialog element holds now

  // sound: the header's mute button and volume, both remembered by sound.js
  const soundBtn = $('[data-act=sound]');
  const volume = $('.frame-volume');
  const showSound = () => {
    soundBtn.setAttribute('aria-pressed', String(!sound.muted));
    soundBtn.innerHTML = sound.muted ? SPEAKER_OFF : SPEAKER_ON;
    soundBtn.setAttribute('aria-label', sound.muted ? 'Sound is off: turn it on' : 'Sound is on: mute');
    soundBtn.title = sound.muted ? 'Sound off' : 'Sound on';
    volume.value = String(Math.round(sound.volume * 100));
  };
  soundBtn.addEventListener('click', () => { sound.setMuted(!sound.muted); showSound(); sound.play('tick'); });
  volume.addEventListener('input', () => { sound.setVolume(Number(volume.value) / 100); if (sound.muted) sound.setMuted(false); showSound(); });
  volume.addEventListener('change', () => sound.play('tick'));
  showSound();

  root.querySelector('[data-act=menu]').addEventListener('click', () => onExit());
  root.querySelector('[data-act=rules]').addEventListener('click', async () => {
    // The app (not the embed page) has tutorials: the Rules dialog offers this game's.
    const learn = document.documentElement.dataset.tutorials === 'on' && !document.documentElement.dataset.tutorial;
    const buttons = learn ? [['Learn to play', 'learn'], ['Close', 'close', true]] : [['Close', 'close']];
    const shown = showDialog({ title: `How to play ${title}`, html: rulesHtml, buttons, wide: true, testid: 'rules' });
    const drawn = illustrate ? illustrate(dialog.querySelector('.frame-dialog-body')) : null;
    const choice = await shown;
    if (drawn) drawn.then((release) => release());
    if (choice === 'learn') root.dispatchEvent(new CustomEvent('pnd:learn', { bubbles: true }));
  });
  const logButton = root.querySelector('[data-act=log]');
  let live = { text: lastText.textContent, colour: null }; // the live game's latest move
  function showLast({ text, colour }) {
    lastText.textContent = text;
    if (colour) logButton.style.setProperty('--who', colour); else logButton.style.removeProperty('--who');
  }
  const setLog = (open) => {
    frameEl.classList.toggle('log-closed', !open);
    logButton.setAttribute('aria-expanded', String(open));
    if (open) logBox.scrollTop = logBox.scrollHeight;
  };
  logButton.addEventListener('click', () => setLog(frameEl.classList.contains('log-closed')));
  $('[data-act=log-close]').addEventListener('click', () => { setLog(false); logButton.focus(); });
  logBox.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.stopPropagation(); setLog(false); logButton.focus(); } });

  // The screen is as tall as the window below whatever sits above it (the site header).
  const fit = () => {
    if (!frameEl.isConnected) { window.removeEventListener('resize', fit); return; }
    const top = Math.max(0, frameEl.getBoundingClientRect().top + window.scrollY);
    frameEl.style.height = `${Math.max(280, window.innerHeight - top - 4)}px`;
  };
  window.addEventListener('resize', fit);
  requestAnimationFrame(fit);
  fit();

  /** A modal dialog; resolves with the value of the button pressed (Escape: 'close'). A
   *  `required` dialog is answered only by its buttons: Escape leaves it open, and if the
   *  browser closes it anyway (Chrome lets a second Escape through) it opens again. */
  function showDialog({ title: heading, html = '', buttons = [['OK', 'ok']], wide = false, testid = 'dialog', required = false }) {
    const mine = ++dialogsShown;
    dialog.className = `frame-dialog${wide ? ' wide' : ''}`;
    dialog.dataset.testid = testid;
    dialog.innerHTML = `<h2 id="frame-dialog-title"></h2><div class="frame-dialog-body"></div><div class="frame-dialog-actions"></div>`;
    dialog.querySelector('h2').textContent = heading;
    const body = dialog.querySelector('.frame-dialog-body');
    body.innerHTML = html;
    // a long (wide) dialog scrolls: its body takes focus so the keys can scroll it
    if (wide) body.tabIndex = 0;
    const actions = dialog.querySelector('.frame-dialog-actions');
    return new Promise((resolve) => {
      let answered = false;
      for (const [label, value, primary] of buttons) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = `btn${primary ? ' btn-primary' : ''}`;
        b.textContent = label;
        b.addEventListener('click', () => { answered = true; dialog.close(); resolve(value); });
        actions.append(b);
      }
      if (required) {
        // let go once answered by its own button, or once the element shows another dialog
        const held = () => !answered && dialogsShown === mine && dialog.isConnected;
        const hold = (e) => { if (held()) e.preventDefault(); else letGo(); };
        const reopen = () => { if (held()) dialog.showModal(); else letGo(); };
        const letGo = () => {
          dialog.removeEventListener('cancel', hold);
          dialog.removeEventListener('close', reopen);
        };
        dialog.addEventListener('cancel', hold);
        dialog.addEventListener('close', reopen);
      } else {
        dialog.addEventListener('cancel', () => resolve('close'), { once: true });
      }
      dialog.showModal();
      (actions.querySelector('.btn-primary') || actions.querySelector('button')).focus();
    });
  }

  return {
    root: frameEl,
    /** Let the screen go: the window's listener would keep the whole screen alive. */
    destroy() { window.removeEventListener('resize', fit); speaker.stop(); },
    board: $('.frame-board'),
    /** Where take-back and timeline controls go (web/shell/history.js). */
    history: $('.frame-history'),
    historySlot: $('.frame-history'),
    setStatus(html) { setHtml($('.frame-status'), html); },
    /** One line of the log. The lines logged in one task are one move's: they are marked as
     * the latest (class "latest", and "Latest move" for screen readers on the first). */
    log(text, colour) {
      if (!latestOpen) {
        latestOpen = true;
        for (const old of logList.querySelectorAll('li.latest')) { old.classList.remove('latest'); old.removeAttribute('aria-label'); }
        setTimeout(() => { latestOpen = false; }, 0);
      }
      const li = document.createElement('li');
      if (colour) li.style.setProperty('--who', colour);
      li.textContent = text;
      if (!logList.querySelector('li.latest')) li.setAttribute('aria-label', `Latest move: ${text}`);
      li.classList.add('latest');
      logList.append(li);
      logBox.scrollTop = logBox.scrollHeight;
      live = { text, colour };
      showLast(live);
    },
    /** While the timeline looks back, the bar's last move is the move looked at ({text,
     *  colour}); null shows the live game's latest again. */
    lookingAt(move) { showLast(move || live); },
    /** Say `text` through the live region: after the lines waiting, or with `{now: true}`
     *  at once (an answer to what the person just did). web/shell/blind/announcer.js */
    announce(text, opts) { speaker.say(text, opts); },
    dialog: showDialog,
    showDialog,
    refit: fit,
    /** The "pass the device" screen between people sharing one device; `more` adds
     *  buttons before the main one (e.g. a take-back), resolving with their values. Only its
     *  owner's "show my cards" (or a button of `more`) ends it: no key, no click elsewhere
     *  shows the next hand (issue 55); "Back to the menu" leaves the game with no hand shown
     *  (the promise then never resolves: the screen is let go). */
    handoff(name, colour, more = []) {
      return showDialog({
        title: `Pass to ${name}`,
        html: `<p class="handoff"><span class="handoff-dot" style="background:${colour}"></span>
               <span>Hand the device to <strong>${esc(name)}</strong>. Everyone else, look away!</span></p>`,
        buttons: [['Back to the menu', 'menu'], ...more, [`I am ${name} — show my cards`, 'ok', true]],
        testid: 'handoff',
        required: true,
      }).then((choice) => {
        if (choice !== 'menu') return choice;
        onExit();
        return new Promise(() => {});
      });
    },
  };
}

/** Minimal HTML escaping for names typed by people. */
export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}
