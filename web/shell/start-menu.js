// The start menu's form: the game cards, the player count, the seats (name and who plays) and
// the house rules, drawn from the stored settings (menu-settings.js) and saving every change.
// Plain HTML, painted before Python is ready; drawn again with the engine's lists once it is.
import { SEAT_COLOURS, cleanName } from './seats.js';
import { GAMES, playersText } from './games.js';
import {
  menu, saveMenu, engineGame, playerChoices, playerCount, seat, setSeat, availableControllers, localSeats,
} from './menu-settings.js';

const $ = (sel, el = document) => el.querySelector(sel);

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

/** The seats' names as the game will call them (several people at this device: no "You"). */
function showNames() {
  const names = localSeats(playerCount()).map((s) => s.name);
  document.querySelectorAll('#seats .seat input').forEach((input, i) => { input.value = names[i]; input.dataset.shown = names[i]; });
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
    input.addEventListener('change', () => {
      // a name the menu put there ("Ann" for a hot-seat "You") is not one the person typed
      if (input.value !== input.dataset.shown) setSeat(i, { name: cleanName(input.value, i) });
      showNames();
    });
    const select = $('select', li);
    for (const c of controllers) select.add(new Option(c.label, c.id, false, c.id === s.controller));
    if (!controllers.some((c) => c.id === s.controller)) select.value = 'bot:greedy';
    select.addEventListener('change', () => { setSeat(i, { controller: select.value }); showNames(); });
    return li;
  }));
  showNames();
}

/** House rules: every engine option except the player count, as labelled selects. The
 *  words are the engine's (each option's label, choice labels and help): the menu shows
 *  no option name or stored value, and invents none. */
function renderAdvanced() {
  const body = $('#advanced-body');
  const info = engineGame(menu.game);
  if (!info) return;
  const rules = menu.rules[menu.game] || {};
  const entries = Object.entries(info.options).filter(([name]) => name !== 'players');
  if (!entries.length) {
    body.innerHTML = '<p class="muted">This game has no house rules.</p>';
    return;
  }
  body.replaceChildren(...entries.map(([name, spec]) => {
    const label = document.createElement('label');
    label.className = 'house-rule';
    const title = document.createElement('span');
    title.className = 'option-title';
    title.textContent = spec.label;
    const select = document.createElement('select');
    select.name = name;
    spec.choices.forEach((choice, k) => {
      select.add(new Option(spec.choice_labels ? spec.choice_labels[k] : String(choice), JSON.stringify(choice), false,
        JSON.stringify(rules[name] ?? spec.default) === JSON.stringify(choice)));
    });
    select.addEventListener('change', () => {
      menu.rules[menu.game] = { ...(menu.rules[menu.game] || {}), [name]: JSON.parse(select.value) };
      saveMenu();
    });
    const doc = document.createElement('span');
    doc.className = 'option-doc';
    doc.textContent = spec.help || '';
    label.append(title, select, doc);
    return label;
  }));
}

export function renderMenu() {
  renderGamePicks();
  renderPlayerCount();
  renderSeats();
  renderAdvanced();
}

/** Pick the menu's game (a tutorial's "play a full game" does it too) and draw the menu for it. */
export function chooseGame(game) {
  menu.game = game;
  saveMenu();
  renderMenu();
}

/** The menu's controls; Start game (the form's submit) calls start(). */
export function wireMenu({ start }) {
  const picks = $('.game-picks');
  picks.addEventListener('click', (e) => {
    const btn = e.target.closest('.game-pick');
    if (!btn) return;
    chooseGame(btn.dataset.game);
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
  $('#setup').addEventListener('submit', (e) => { e.preventDefault(); start(); });
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
