// The app shell: the start menu (plain HTML/JS, painted before Python is ready), the
// engine loading indicator, and handing a new game to its screen module.
import engine from './engine.js';
import { CONTROLLERS, SEAT_COLOURS, FALLBACK_BOT, cleanController, cleanName } from './shell/seats.js';
import * as saves from './shell/saves.js';
import * as share from './shell/share.js';
import { randomSeed } from './shell/seed.js';
// First paint only; replaced by the engine's own option lists once it is ready.
import { GAMES, playersText } from './shell/games.js';
import { tearDown } from './shell/teardown.js';
import { initPwa } from './pwa/register.js';
import { startTutorial } from './tutorial/runner.js';
import { wireTutorialMenu } from './tutorial/menu.js';

const STORAGE_KEY = 'pnd.menu.v1';

const $ = (sel, el = document) => el.querySelector(sel);
let storageNotes = 0; // stored settings or saves that could not be used (said once)
const menu = loadMenu();
let engineGames = null; // from hello: {name: {options, bots}}

function isObject(v) { return Boolean(v) && typeof v === 'object' && !Array.isArray(v); }

/** The menu's stored settings, checked field by field: what is unusable is dropped (and
 * counted in storageNotes); the rule values are checked against the engine's options once
 * it has said them (checkRules). */
function loadMenu() {
  const menu = { game: 'waterworks', players: {}, seats: [], rules: {} };
  let saved;
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (text === null) return menu;
    saved = JSON.parse(text);
  } catch {
    storageNotes += 1;
    return menu;
  }
  let dropped = !isObject(saved);
  if (!isObject(saved)) saved = {};
  if (GAMES[saved.game]) menu.game = saved.game;
  else if ('game' in saved) dropped = true;
  const players = isObject(saved.players) ? saved.players : {};
  if ('players' in saved && !isObject(saved.players)) dropped = true;
  for (const game of Object.keys(GAMES)) {
    if (game in players && !Number.isInteger(players[game])) dropped = true;
    else if (game in players) menu.players[game] = players[game];
  }
  if ('seats' in saved && !Array.isArray(saved.seats)) dropped = true;
  (Array.isArray(saved.seats) ? saved.seats.slice(0, SEAT_COLOURS.length) : []).forEach((s, i) => {
    if (!isObject(s)) { dropped = true; menu.seats[i] = {}; return; }
    const seatNow = { name: cleanName(s.name, i), controller: cleanController(s.controller, i) };
    if (seatNow.name !== s.name || seatNow.controller !== s.controller) dropped = true;
    menu.seats[i] = seatNow;
  });
  if ('rules' in saved && !isObject(saved.rules)) dropped = true;
  for (const [game, rules] of Object.entries(isObject(saved.rules) ? saved.rules : {})) {
    if (GAMES[game] && isObject(rules)) menu.rules[game] = rules;
    else dropped = true;
  }
  if (dropped) storageNotes += 1;
  return menu;
}

/** Drop stored house rules the engine does not offer (an option or a value it does not have). */
function checkRules() {
  let dropped = false;
  for (const [game, rules] of Object.entries(menu.rules)) {
    const options = engineGames[game] ? engineGames[game].options : {};
    for (const [name, value] of Object.entries(rules)) {
      const spec = options[name];
      if (name === 'players' || !spec || !spec.choices.some((c) => JSON.stringify(c) === JSON.stringify(value))) {
        delete rules[name];
        dropped = true;
      }
    }
  }
  if (dropped) { storageNotes += 1; saveMenu(); }
}

/** Say once that stored data could not be used (nothing about it stops the page). */
function reportStorage() {
  if (!storageNotes) return;
  storageNotes = 0;
  showToast('Some settings or saved games stored in this browser were damaged and could not be used; they have been reset.');
}

function saveMenu() {
  try { localStorage.setItem(STORAGE_KEY, JSON.stringify(menu)); } catch { /* private mode */ }
}

function playerChoices(game) {
  const opts = engineGames && engineGames[game] && engineGames[game].options.players;
  return opts ? opts.choices : GAMES[game].players;
}

function playerCount() {
  const choices = playerChoices(menu.game);
  const n = menu.players[menu.game];
  return choices.includes(n) ? n : GAMES[menu.game].defaultPlayers;
}

/** The menu's first n seats as a game session takes them: name, controller, colour. */
function menuSeats(n) {
  return Array.from({ length: n }, (_, i) => ({ ...seat(i), colour: SEAT_COLOURS[i] }));
}

function seat(i) {
  const s = menu.seats[i] || {};
  const controller = cleanController(s.controller, i);
  return {
    name: cleanName(s.name, i),
    // a level this engine has no bot for plays as the normal bot, as its menu select shows
    controller: availableControllers().some((c) => c.id === controller) ? controller : cleanController(null, i || 1),
  };
}

function availableControllers() {
  const bots = engineGames && engineGames[menu.game] ? engineGames[menu.game].bots : ['random', 'greedy'];
  return CONTROLLERS.filter((c) => !c.bot || bots.includes(c.bot));
}

function renderGamePicks() {
  for (const btn of document.querySelectorAll('.game-pick')) {
    const meta = $('.game-pick-meta', btn);
    if (meta) meta.textContent = `${playersText(playerChoices(btn.dataset.game))} · ${GAMES[btn.dataset.game].minutes} min`;
    btn.setAttribute('aria-checked', String(btn.dataset.game === menu.game));
    btn.tabIndex = btn.dataset.game === menu.game ? 0 : -1;
  }
}

function renderPlayerCount() {
  const box = $('#player-count');
  const n = playerCount();
  box.replaceChildren(...playerChoices(menu.game).map((k) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.role = 'radio';
    b.textContent = k === 1 ? '1 · solo' : String(k);
    b.dataset.players = k;
    b.setAttribute('aria-checked', String(k === n));
    b.setAttribute('aria-label', k === 1 ? 'Solo' : `${k} players`);
    b.tabIndex = k === n ? 0 : -1;
    return b;
  }));
}

function renderSeats() {
  const n = playerCount();
  const list = $('#seats');
  const controllers = availableControllers();
  list.replaceChildren(...Array.from({ length: n }, (_, i) => {
    const s = seat(i);
    const li = document.createElement('li');
    li.className = 'seat';
    li.innerHTML = `
      <span class="seat-badge" style="background:${SEAT_COLOURS[i]}" aria-hidden="true">${i + 1}</span>
      <input type="text" maxlength="16" autocomplete="off" aria-label="Seat ${i + 1} name">
      <select aria-label="Seat ${i + 1} player"></select>`;
    const input = $('input', li);
    input.value = s.name;
    input.addEventListener('change', () => { setSeat(i, { name: cleanName(input.value, i) }); input.value = seat(i).name; });
    const select = $('select', li);
    for (const c of controllers) select.add(new Option(c.label, c.id, false, c.id === s.controller));
    if (!controllers.some((c) => c.id === s.controller)) select.value = 'bot:greedy';
    select.addEventListener('change', () => setSeat(i, { controller: select.value }));
    return li;
  }));
}

function setSeat(i, patch) {
  menu.seats[i] = { ...seat(i), ...patch };
  saveMenu();
}

/** House rules: every engine option except the player count, as labelled selects. */
function renderAdvanced() {
  const body = $('#advanced-body');
  const info = engineGames && engineGames[menu.game];
  if (!info) return;
  const rules = menu.rules[menu.game] || {};
  const entries = Object.entries(info.options).filter(([name]) => name !== 'players');
  if (!entries.length) {
    body.innerHTML = '<p class="muted">This game has no house rules.</p>';
    return;
  }
  body.replaceChildren(...entries.map(([name, spec]) => {
    const label = document.createElement('label');
    const title = document.createElement('span');
    title.textContent = spec.label || name.replace(/_/g, ' ');
    const select = document.createElement('select');
    select.name = name;
    spec.choices.forEach((choice, k) => {
      const text = spec.choice_labels ? spec.choice_labels[k] : String(choice);
      select.add(new Option(text, JSON.stringify(choice), false,
        JSON.stringify(rules[name] ?? spec.default) === JSON.stringify(choice)));
    });
    select.addEventListener('change', () => {
      menu.rules[menu.game] = { ...(menu.rules[menu.game] || {}), [name]: JSON.parse(select.value) };
      saveMenu();
    });
    const doc = document.createElement('span');
    doc.className = 'option-doc';
    doc.textContent = spec.doc || '';
    label.append(title, select, doc);
    return label;
  }));
}

function renderMenu() {
  renderGamePicks();
  renderPlayerCount();
  renderSeats();
  renderAdvanced();
}

function wireMenu() {
  const picks = $('.game-picks');
  picks.addEventListener('click', (e) => {
    const btn = e.target.closest('.game-pick');
    if (!btn) return;
    menu.game = btn.dataset.game;
    saveMenu();
    renderMenu();
  });
  picks.addEventListener('keydown', (e) => radioKeys(e, '.game-pick', (btn) => btn.click()));
  const count = $('#player-count');
  count.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-players]');
    if (!b) return;
    menu.players[menu.game] = Number(b.dataset.players);
    saveMenu();
    renderPlayerCount();
    renderSeats();
    $('#player-count [aria-checked="true"]').focus();
  });
  count.addEventListener('keydown', (e) => radioKeys(e, 'button', (b) => b.click()));
  $('#setup').addEventListener('submit', (e) => { e.preventDefault(); startGame(); });
}

/** Arrow keys move between radio buttons in a group (WAI-ARIA radio pattern). */
function radioKeys(e, selector, activate) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (!step) return;
  const items = [...e.currentTarget.querySelectorAll(selector)];
  const i = items.indexOf(document.activeElement);
  if (i < 0) return;
  e.preventDefault();
  const next = items[(i + step + items.length) % items.length];
  activate(next);
  const checked = e.currentTarget.querySelector('[aria-checked="true"]');
  (checked || next).focus();
}

const screenModule = (game) => import(`./games/${game}/index.js`);
let starting = null; // the Start game click the engine is still warming up for

/** Start the menu's game. A click while Python is still starting is answered at once: the
 * game screen opens and says the engine is on its way, then the game appears in it. */
async function startGame() {
  const button = $('#start');
  if (button.disabled) return;
  button.disabled = true;
  const game = menu.game;
  const n = playerCount();
  const seats = menuSeats(n);
  const options = { ...(menu.rules[game] || {}), players: n };
  const module = screenModule(game);
  module.catch(() => {}); // reported by openGame
  const start = {};
  starting = start;
  if (engine.status !== 'ready') showWaiting(game);
  try {
    await engine.ready;
  } catch {
    button.disabled = false;
    closeGame(); // the boot error panel says what went wrong
    return;
  }
  if (starting !== start) return; // the person went back to the menu meanwhile
  const created = await engine.newGame({ game, options, seed: randomSeed() });
  starting = null;
  button.disabled = false;
  if (!created.ok) {
    closeGame();
    showToast(created.error.message);
    return;
  }
  await openGame({ ...created.result, seats }, { module });
}

/** The game screen while the engine starts: what is coming, and a way back. */
function showWaiting(game) {
  const screen = $('#game');
  $('#menu').hidden = true;
  screen.hidden = false;
  const box = document.createElement('div');
  box.className = 'game-waiting';
  box.dataset.testid = 'engine-coming';
  box.setAttribute('role', 'status');
  box.innerHTML = `<span class="game-art" aria-hidden="true"></span>
    <p class="game-waiting-text"></p>
    <span class="engine-bar" aria-hidden="true"><span class="engine-bar-fill"></span></span>
    <button type="button" class="btn btn-small">Back to the menu</button>`;
  $('.game-art', box).classList.add(`art-${game}`);
  $('.game-waiting-text', box).textContent = `Setting up ${GAMES[game].title}: the game engine is warming up, your table opens in a moment.`;
  $('button', box).addEventListener('click', () => { starting = null; $('#start').disabled = false; closeGame(); });
  screen.replaceChildren(box);
  document.documentElement.dataset.screen = game;
}

let current = null; // the session on screen, if any

/**
 * Show a game screen for an open engine game ({id, game, options, seed, players, seats,
 * engine?}); resolves with the screen (its cleanup(), locate(target), ...) or null. A
 * tutorial passes its own engine, exit and rematch, and is not autosaved.
 */
export async function openGame(session, {
  module = screenModule(session.game), autosave = true, exit, rematch: again,
} = {}) {
  const screen = $('#game');
  try {
    module = await module;
  } catch (err) {
    console.error(err);
    closeGame();
    showToast('This game screen could not be loaded.');
    return null;
  }
  // Autosave after every move (and at the end) through Match's app-level hooks.
  // An online guest's session brings its own engine (the host's) and keeps nothing here;
  // a replay (a shared link, a saved game watched again) is only watched, not saved again;
  // a tutorial brings its tutorial engine and is not kept either.
  let told = false; // a failing save is said once per screen, not after every move
  const full = {
    engine, exit: exit || closeGame, rematch: again || (() => rematch(session)), playDeal: () => playDeal(session), ...session,
    onSaveFailed(why, text) { if (!told) { told = true; showToast(text, 12_000); } },
    onSaved(save) { if (current === full) rememberOpen(save.id); }, // a reload reopens it
  };
  leaveScreen(session); // a rematch replaces a game: the engine lets the old one go
  current = full;
  if (autosave && !session.replay) {
    const hooks = saves.autosaveHooks(full);
    full.onMove = hooks.onMove;
    full.onOver = hooks.onOver;
    hooks.onMove.call(full); // a game is kept from its first moment, not only after a move
  }
  $('#menu').hidden = true;
  screen.hidden = false;
  screen.replaceChildren();
  document.documentElement.dataset.screen = session.game;
  document.documentElement.dataset.gameId = session.id;
  try {
    const mounted = await module.mount(screen, full);
    if (current === full) full.screen = mounted;
    else tearDown(mounted); // left while it was being drawn
    return mounted;
  } catch (err) {
    console.error(err);
    showToast('This game screen could not be shown.');
    return null;
  }
}

/** Same game, options and seats, a new shuffle; saved as a game of its own. An online
 * host's rematch keeps the table: the same room, seats and guests, whose screens follow. */
async function rematch(session) {
  const created = await engine.newGame({ game: session.game, options: session.options, seed: randomSeed() });
  if (!created.ok) { showToast(created.error.message); closeGame(); return; }
  const { online } = session;
  if (online && typeof online.restart === 'function') {
    const next = { ...created.result, seats: session.seats.map((s) => ({ ...s })) };
    await openGame({ ...next, online });
    online.restart(next);
    return;
  }
  await openGame({ ...created.result, seats: session.seats });
}

/** "Play this deal": the same options and seed (the same shuffle), the same seats, from the start. */
async function playDeal(session) {
  const created = await engine.newGame({ game: session.game, options: session.options, seed: session.seed });
  if (!created.ok) { showToast(created.error.message); closeGame(); return; }
  await openGame({ ...created.result, seats: session.seats });
}

/** A replay link opened (#replay=...): checked, loaded by the engine, shown from the deal. */
async function openReplayLink(hash) {
  const link = await share.readReplay(hash);
  history.replaceState(null, '', location.pathname + location.search); // once is enough
  if (!link.ok) { showToast(link.message); return; }
  try { await engine.ready; } catch { return; }
  const loaded = await engine.load({ data: link.record });
  if (!loaded.ok) { showToast(`This replay link can't be opened: ${loaded.error.message}`); return; }
  const snap = await engine.state({ id: loaded.result.id });
  if (!snap.ok || !snap.result.over) {
    engine.close({ id: loaded.result.id });
    showToast('This replay link holds a game that is not finished, so it is not shown.');
    return;
  }
  await openGame({ ...loaded.result, seats: saves.cleanSeats(link.seats, loaded.result.players), replay: true });
}

/** Let the game on screen go: its screen's listeners, canvases and timers (the screens'
 * cleanup), the engine's game (the save keeps it: a long evening in one tab) and an online
 * table. */
function leaveScreen(next = null) {
  if (!current) return;
  const { screen, id, online } = current;
  const kept = Boolean(next && online && next.online === online); // a rematch or a guest re-seated
  const local = current.engine === engine;
  current = null;
  tearDown(screen);
  if (local) engine.close({ id });
  if (online && !kept) {
    online.close();
    import('./online/lobby.js').then((m) => m.hideBar());
    history.replaceState(null, '', location.pathname + location.search);
  }
}

export function closeGame() {
  leaveScreen();
  forgetOpen();
  delete document.documentElement.dataset.gameId;
  renderSaves();
  const screen = $('#game');
  screen.hidden = true;
  screen.replaceChildren();
  $('#menu').hidden = false;
  document.documentElement.dataset.screen = 'menu';
  $('#start').focus();
}

export function showToast(message, ms = 5000) {
  let toast = $('#toast');
  if (!toast) {
    toast = document.createElement('div');
    toast.id = 'toast';
    toast.className = 'toast';
    toast.setAttribute('role', 'alert');
    document.body.append(toast);
  }
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(showToast.timer);
  showToast.timer = setTimeout(() => { toast.hidden = true; }, ms);
}

function wireEngineStatus() {
  const text = $('#engine-status .engine-text');
  window.addEventListener('pnd:progress', (e) => {
    for (const bar of document.querySelectorAll('.engine-bar-fill')) bar.style.width = `${Math.round(e.detail * 100)}%`;
  });
  engine.ready.then((hello) => {
    text.textContent = 'Engine ready';
    engineGames = Object.fromEntries(hello.games.map((g) => [g.name, g]));
    checkRules();
    reportStorage();
    renderMenu();
    // Fetch both game screens ahead, so a click on Start game opens one at once.
    const idle = globalThis.requestIdleCallback || ((fn) => setTimeout(fn, 200));
    idle(() => { for (const game of Object.keys(GAMES)) screenModule(game).catch(() => {}); });
  }, (err) => {
    // A promise, not the pnd:error event: the failure may predate this module.
    text.textContent = 'Engine failed';
    const panel = $('#boot-error');
    $('.boot-error-message', panel).textContent = err.message;
    panel.hidden = false;
  });
}

// ---- saved games --------------------------------------------------------------------
const RESUME_KEY = 'pnd.resumeAfterUpdate';
// The saved game on screen in this tab: a reload reopens it (sessionStorage: this tab only).
const OPEN_KEY = 'pnd.openGame';

function rememberOpen(id) {
  try { sessionStorage.setItem(OPEN_KEY, id); } catch { /* storage blocked */ }
}

function forgetOpen() {
  try { sessionStorage.removeItem(OPEN_KEY); } catch { /* storage blocked */ }
}

function describe(save) {
  const when = new Date(save.updatedAt);
  const time = Number.isNaN(when.getTime()) ? '' : when.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
  const who = save.seats.map((s) => s.name).join(', ');
  const state = save.over ? 'finished' : `move ${save.moveCount}`;
  return { time, who, state };
}

/** "Continue your game" at the top of the menu: the latest unfinished saved game. */
function renderContinue(all) {
  const box = $('#continue');
  const latest = all.find((s) => !s.over);
  box.hidden = !latest;
  if (!latest) return;
  const { time, state } = describe(latest);
  const button = $('#continue-button');
  button.dataset.saveId = latest.id;
  $('.continue-what', box).textContent = `${latest.title} · ${latest.players === 1 ? 'solo' : `${latest.players} players`} · ${state}${time ? ` · ${time}` : ''}`;
}

function renderSaves() {
  const list = $('#saves-list');
  if (!list) return;
  const all = saves.listSaves();
  renderContinue(all);
  $('#saves-empty').hidden = all.length > 0;
  list.replaceChildren(...all.map((save) => {
    const { time, who, state } = describe(save);
    const li = document.createElement('li');
    li.className = 'save';
    li.dataset.saveId = save.id;
    li.dataset.testid = 'save';
    li.innerHTML = `
      <div class="save-text">
        <span class="save-title"></span>
        <span class="save-meta"></span>
      </div>
      <div class="save-actions">
        <button type="button" class="btn btn-small btn-primary" data-act="resume"></button>
        <button type="button" class="btn btn-small" data-act="replay" hidden>Replay</button>
        <button type="button" class="btn btn-small" data-act="share" hidden>Share link</button>
        <button type="button" class="btn btn-small" data-act="export"></button>
        <button type="button" class="btn btn-small btn-quiet" data-act="delete"></button>
      </div>`;
    $('.save-title', li).textContent = `${save.title} · ${save.players === 1 ? 'solo' : `${save.players} players`} · ${state}`;
    $('.save-meta', li).textContent = [who, time].filter(Boolean).join(' — ');
    const label = `${save.title}, ${state}, ${time}`;
    const resume = $('[data-act=resume]', li);
    resume.textContent = save.over ? 'View' : 'Resume';
    resume.setAttribute('aria-label', `${resume.textContent} ${label}`);
    // A finished game can be watched again and shared (a game in progress never: its
    // record would show every hand).
    for (const act of ['replay', 'share']) {
      const b = $(`[data-act=${act}]`, li);
      b.hidden = !save.over;
      b.setAttribute('aria-label', `${b.textContent} ${label}`);
    }
    $('[data-act=export]', li).textContent = 'Export';
    $('[data-act=export]', li).setAttribute('aria-label', `Export ${label} as a file`);
    $('[data-act=delete]', li).textContent = 'Delete';
    $('[data-act=delete]', li).setAttribute('aria-label', `Delete ${label}`);
    return li;
  }));
}

function savesMessage(text, kind = 'info') {
  const box = $('#saves-message');
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = !text;
}

async function resumeGame(id, extra = {}) {
  try { await engine.ready; } catch { return; }
  const res = await saves.resumeSave(engine, id);
  if (!res.ok) { savesMessage(res.message, 'error'); return; }
  savesMessage('');
  const { table, ...session } = res.session;
  if (table && !extra.replay) { await resumeOnline(session, table); return; }
  await openGame({ ...session, ...extra });
}

/** A finished saved game's replay link, shown under the list to copy. */
async function shareSave(id) {
  const save = saves.getSave(id);
  if (!save || !save.over) { savesMessage('Only a finished game can be shared.', 'error'); return; }
  const link = await share.replayLink(save.record, save.seats);
  savesMessage(`A link to the replay of this ${save.title} game (${link.length.toLocaleString('en')} characters); anyone who opens it watches the game:`);
  const field = document.createElement('input');
  field.type = 'text';
  field.readOnly = true;
  field.className = 'share-link';
  field.dataset.testid = 'share-link';
  field.setAttribute('aria-label', 'Replay link');
  field.value = link;
  $('#saves-message').append(' ', field);
  field.focus();
  field.select();
  try { await navigator.clipboard.writeText(link); } catch { /* selected: Ctrl+C copies it */ }
}

function wireSaves() {
  const list = $('#saves-list');
  list.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-act]');
    if (!button) return;
    const id = button.closest('.save').dataset.saveId;
    if (button.dataset.act === 'resume') resumeGame(id);
    else if (button.dataset.act === 'replay') resumeGame(id, { replay: true });
    else if (button.dataset.act === 'share') shareSave(id);
    else if (button.dataset.act === 'export') saves.downloadSave(id);
    else if (button.dataset.act === 'delete') {
      const save = saves.getSave(id);
      saves.deleteSave(id);
      renderSaves();
      savesMessage(save ? `Deleted the saved ${save.title} game.` : '');
      ($('#saves-list button') || $('#import-button')).focus();
    }
  });
  const input = $('#import-file');
  $('#import-button').addEventListener('click', () => input.click());
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    input.value = '';
    if (!file) return;
    let text;
    try { text = await file.text(); } catch { savesMessage('That file could not be read.', 'error'); return; }
    try { await engine.ready; } catch { savesMessage('The game engine is not running, so the file cannot be checked.', 'error'); return; }
    const res = await saves.importText(engine, text);
    if (!res.ok) { savesMessage(res.message, 'error'); return; }
    renderSaves();
    savesMessage(`Imported a ${res.save.title} game (${res.save.over ? 'finished' : `move ${res.save.moveCount}`}).`);
  });
  // Another tab saved or deleted a game.
  window.addEventListener('storage', (e) => { if (!e.key || e.key.startsWith('pnd.save.')) renderSaves(); });
}

// ---- embed dialog -----------------------------------------------------------------
export function embedSnippet(game = menu.game, players = playerCount()) {
  const url = new URL('embed.html', document.baseURI);
  url.search = new URLSearchParams({ game, players: String(players) }).toString();
  const title = `${GAMES[game].title} — Pipes & Ducks`;
  return `<iframe src="${url.href.replace(/&/g, '&amp;')}" title="${title.replace(/&/g, '&amp;')}" `
    + 'width="100%" height="680" style="max-width:760px;border:0" loading="lazy"></iframe>';
}

// ---- online play (web/online/, docs/online.md): loaded only when chosen ---------------
const onlineModule = () => import('./online/lobby.js');

async function startOnline() {
  const button = $('#online-host');
  if (button.disabled) return;
  const game = menu.game;
  const n = playerCount();
  // Every seat but the host's that the menu gives to a person is a friend's, on their device.
  const seats = menuSeats(n).map((s, i) => (i > 0 && s.controller === 'human' ? { ...s, controller: 'remote' } : s));
  if (seats[0].controller !== 'human') seats[0] = { ...seats[0], controller: 'human' };
  if (!seats.some((s) => s.controller === 'remote')) {
    showToast('Set a seat other than the first to Human: that seat is for a friend.');
    return;
  }
  button.disabled = true;
  try {
    const online = await onlineModule();
    const opened = await online.openHostPeer(showToast);
    if (!opened) return;
    try { await engine.ready; } catch { opened.peer.destroy(); return; }
    const options = { ...(menu.rules[game] || {}), players: n };
    const created = await engine.newGame({ game, options, seed: randomSeed() });
    if (!created.ok) { opened.peer.destroy(); showToast(created.error.message); return; }
    const session = { ...created.result, seats };
    const table = online.hostTable(opened, session, engine);
    await openGame({ ...session, online: table, startGate: table.ready });
    history.replaceState(null, '', `#host=${opened.room}`);
    table.invite();
  } catch (err) {
    console.error(err);
    showToast('Online play could not start.');
  } finally {
    button.disabled = false;
  }
}

/** A host's online game resumed (a reload, or Saved games): the same room opens again and
 * the friends' devices rejoin their seats; if it cannot, bots play the friends' seats here. */
async function resumeOnline(session, kept) {
  const online = await onlineModule();
  const opened = await online.reopenHostPeer(kept, showToast);
  if (!opened) {
    showToast('The online table could not be reopened: bots play the friends\' seats on this device.', 8000);
    await openGame({ ...session, seats: session.seats.map((s) => (s.controller === 'remote' ? { ...s, controller: FALLBACK_BOT } : s)) });
    return;
  }
  const table = online.hostTable(opened, session, engine, kept.friends);
  await openGame({ ...session, online: table, startGate: table.ready });
  history.replaceState(null, '', `#host=${opened.room}`);
}

async function joinFromLink() {
  const online = await onlineModule();
  const invitation = online.linkInvitation();
  if (!invitation) return;
  await online.joinTable(invitation, {
    // an online guest's log starts when it joins (the host answers only state and play)
    openScreen: (session) => openGame({ ...session, pastMoves: false }, { autosave: false }),
    exit: closeGame,
    toast: showToast,
  });
}

function wireOnline() {
  $('#online-host').addEventListener('click', startOnline);
  $('#online-settings-open').addEventListener('click', async () => (await onlineModule()).openSettings());
  if (/^#join=/.test(location.hash)) joinFromLink();
}

function wireEmbed() {
  const dialog = $('#embed-dialog');
  const text = $('#embed-snippet');
  $('#embed-open').addEventListener('click', () => {
    text.value = embedSnippet();
    $('#embed-game-name').textContent = GAMES[menu.game].title;
    $('#embed-copied').textContent = '';
    dialog.showModal();
    text.focus();
    text.select();
  });
  $('#embed-copy').addEventListener('click', async () => {
    text.select();
    try {
      await navigator.clipboard.writeText(text.value);
      $('#embed-copied').textContent = 'Copied.';
    } catch {
      $('#embed-copied').textContent = 'Select the text and copy it (Ctrl+C / ⌘C).';
    }
  });
  $('#embed-close').addEventListener('click', () => dialog.close());
}

// ---- tutorials ------------------------------------------------------------------------
async function learn(name) {
  try { await engine.ready; } catch { return; }
  await startTutorial(name, {
    engine, openGame, closeGame, toast: showToast,
    fullGame: (game) => { closeGame(); menu.game = game; saveMenu(); renderMenu(); startGame(); },
  });
}

// The Rules dialog of a game screen offers its tutorial (web/shell/frame.js asks for it).
document.documentElement.dataset.tutorials = 'on';
$('#game').addEventListener('pnd:learn', () => {
  if (current && !current.tutorial) learn(current.game);
});

document.documentElement.dataset.screen = 'menu';
wireMenu();
renderMenu();
wireEngineStatus();
wireSaves();
if (saves.dropDamaged()) storageNotes += 1;
renderSaves();
wireEmbed();
wireOnline();
wireTutorialMenu({ start: learn, firstVisit: saves.listSaves().length === 0 });
$('#boot-error-reload').addEventListener('click', () => location.reload());
reportStorage();

// Offline support and updates. An update applied on request during a game reloads the
// page; the game was autosaved after its last move and is reopened right away.
initPwa({
  after: engine.ready,
  beforeReload() {
    const id = current && (current.latestSaveId || current.saveId);
    if (id) {
      try { sessionStorage.setItem(RESUME_KEY, id); } catch { /* private mode */ }
    }
  },
});
if (share.isReplayHash(location.hash)) openReplayLink(location.hash);
window.addEventListener('hashchange', () => { if (share.isReplayHash(location.hash)) openReplayLink(location.hash); });
// A reload (or an update) during a game reopens that game.
let reopen = null;
try {
  reopen = sessionStorage.getItem(RESUME_KEY) || sessionStorage.getItem(OPEN_KEY);
  sessionStorage.removeItem(RESUME_KEY);
} catch { /* private mode */ }
if (reopen && saves.getSave(reopen)) resumeGame(reopen);
else forgetOpen();
$('#continue-button').addEventListener('click', (e) => resumeGame(e.currentTarget.dataset.saveId));
