// The start menu's settings (game, player count, seats, house rules), kept in localStorage
// and checked field by field when read back: whatever is unusable is dropped and counted, and
// the person is told once (reportStorage). Until the engine says which options and bots it has
// (useEngineGames), the first paint uses the site's own list (shell/games.js).
import { CONTROLLERS, SEAT_COLOURS, cleanController, cleanName, hotSeatNames } from './seats.js';
import { GAMES, firstGame, isGame } from './games.js';
import { storageBlocked, sayBlocked } from './saves.js';

const STORAGE_KEY = 'pnd.menu.v1';

let storageNotes = 0; // stored settings or saves that could not be used (said once)
let engineGames = null; // from hello: {name: {options, bots}}

function isObject(v) { return Boolean(v) && typeof v === 'object' && !Array.isArray(v); }

/** The menu's stored settings, checked field by field: what is unusable is dropped (and
 * counted in storageNotes); the rule values are checked against the engine's options once
 * it has said them (checkRules). */
function loadMenu() {
  const menu = { game: firstGame(), players: {}, seats: [], rules: {} };
  let text;
  try { text = localStorage.getItem(STORAGE_KEY); } catch { return menu; } // refused: nothing damaged (reportStorage)
  if (text === null) return menu;
  let saved;
  try {
    saved = JSON.parse(text);
  } catch {
    storageNotes += 1;
    return menu;
  }
  let dropped = !isObject(saved);
  if (!isObject(saved)) saved = {};
  if (isGame(saved.game)) menu.game = saved.game;
  else if ('game' in saved) dropped = true;
  const players = isObject(saved.players) ? saved.players : {};
  if ('players' in saved && !isObject(saved.players)) dropped = true;
  for (const game of Object.keys(GAMES)) {
    if (Object.hasOwn(players, game) && !Number.isInteger(players[game])) dropped = true;
    else if (Object.hasOwn(players, game)) menu.players[game] = players[game];
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
    if (isGame(game) && isObject(rules)) menu.rules[game] = rules;
    else dropped = true;
  }
  if (dropped) storageNotes += 1;
  return menu;
}

/** The settings as the menu shows them: {game, players: {game: n}, seats, rules: {game: {}}}. */
export const menu = loadMenu();

export function saveMenu() {
  try { localStorage.setItem(STORAGE_KEY, JSON.stringify(menu)); } catch { /* private mode */ }
}

/** The engine's games ({name, options, bots} from hello): the menu's lists from now on, and
 * stored house rules it does not offer (an option or a value it does not have) dropped. */
export function useEngineGames(games) {
  engineGames = Object.fromEntries(games.map((g) => [g.name, g]));
  let dropped = false;
  for (const [game, rules] of Object.entries(menu.rules)) {
    const options = engineGame(game) ? engineGame(game).options : {};
    for (const [name, value] of Object.entries(rules)) {
      const spec = Object.hasOwn(options, name) ? options[name] : null; // a stored name: 'constructor' is no option
      if (name === 'players' || !spec || !spec.choices.some((c) => JSON.stringify(c) === JSON.stringify(value))) {
        delete rules[name];
        dropped = true;
      }
    }
  }
  if (dropped) { storageNotes += 1; saveMenu(); }
}

/** What the engine said about a game ({options, bots}), or null before it is ready. */
export function engineGame(game) {
  return engineGames && Object.hasOwn(engineGames, game) ? engineGames[game] : null;
}

/** Stored data (these settings or saved games) that could not be used. */
export function noteDamagedStorage() { storageNotes += 1; }

/** Say once that stored data could not be used (nothing about it stops the page), or, when
 *  the browser refuses the site its storage, that games are played but not kept: then nothing
 *  was read, so nothing was damaged. */
export function reportStorage(toast) {
  if (storageBlocked()) { sayBlocked(toast); return; }
  if (!storageNotes) return;
  storageNotes = 0;
  toast('Some settings or saved games stored in this browser were damaged and could not be used; they have been reset.');
}

export function playerChoices(game) {
  const info = engineGame(game);
  return info && info.options.players ? info.options.players.choices : GAMES[game].players;
}

export function playerCount() {
  const choices = playerChoices(menu.game);
  const n = menu.players[menu.game];
  return choices.includes(n) ? n : GAMES[menu.game].defaultPlayers;
}

/** The options a new game starts with: the menu's house rules for it and n players. */
export function gameOptions(game, n) {
  return { ...(menu.rules[game] || {}), players: n };
}

/** The menu's first n seats as a game session takes them: name, controller, colour. */
export function menuSeats(n) {
  return Array.from({ length: n }, (_, i) => ({ ...seat(i), colour: SEAT_COLOURS[i] }));
}

/** The seats of a game played on this device: several people at it call no seat "You". */
export function localSeats(n) {
  return hotSeatNames(menuSeats(n));
}

export function seat(i) {
  const s = menu.seats[i] || {};
  const controller = cleanController(s.controller, i);
  return {
    name: cleanName(s.name, i),
    // a level this engine has no bot for plays as the normal bot, as its menu select shows
    controller: availableControllers().some((c) => c.id === controller) ? controller : cleanController(null, i || 1),
  };
}

export function setSeat(i, patch) {
  menu.seats[i] = { ...seat(i), ...patch };
  saveMenu();
}

export function availableControllers() {
  const info = engineGame(menu.game);
  const bots = info ? info.bots : GAMES[menu.game].bots;
  return CONTROLLERS.filter((c) => !c.bot || bots.includes(c.bot));
}
