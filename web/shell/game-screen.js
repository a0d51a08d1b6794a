// Handing a game to its screen and taking it back: the game screens (web/games/<game>/index.js)
// are mounted into #game with a session (the engine, seats, autosave hooks, exit, rematch),
// and the one on screen is let go (its screen, its engine game, an online table) before the
// next is shown or the menu comes back.
import engine from '../engine.js';
import { GAMES } from './games.js';
import * as saves from './saves.js';
import { randomSeed } from './seed.js';
import { tearDown, clearScreen } from './teardown.js';
import { showToast } from './toast.js';
import { rememberOpen, forgetOpen } from './reopen.js';
import { attachHint } from './hint.js';
import { screenModule } from '../games/screens.js';

const $ = (sel) => document.querySelector(sel);

/** Fetch every game screen ahead, once the page is idle, so Start game opens one at once. */
export function prefetchScreens() {
  const idle = globalThis.requestIdleCallback || ((fn) => setTimeout(fn, 200));
  idle(() => { for (const game of Object.keys(GAMES)) screenModule(game).catch(() => {}); });
}

let current = null; // the session on screen, if any
let menuShown = () => {}; // the menu's lists drawn again when it comes back

/** The session on screen (its game, screen, save ids, tutorial, online table), or null. */
export function currentSession() { return current; }

/** Called each time the menu comes back (closeGame), to bring what it lists up to date. */
export function onMenuShown(fn) { menuShown = fn; }

/**
 * Show a game screen for an open engine game ({id, game, options, seed, players, seats,
 * engine?}); resolves with the screen (its cleanup(), locate(target), moveTargets(move), ...) or null. A
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
    onSaveFailed(why, text) {
      if (why === 'unavailable') saves.sayBlocked(showToast);
      else if (!told) { told = true; showToast(text, 12_000); }
    },
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
  clearScreen(screen);
  document.documentElement.dataset.screen = session.game;
  document.documentElement.dataset.gameId = session.id;
  try {
    const mounted = await module.mount(screen, full);
    if (mounted) withHint(mounted, full, screen);
    if (current === full) full.screen = mounted;
    else tearDown(mounted); // left while it was being drawn
    return mounted;
  } catch (err) {
    console.error(err);
    showToast('This game screen could not be shown.');
    return null;
  }
}

/** The Hint button on a mounted screen (web/shell/hint.js), let go with the screen. */
function withHint(mounted, session, box) {
  const hint = attachHint(mounted, session, box);
  if (!hint) return;
  const cleanup = mounted.cleanup.bind(mounted);
  mounted.cleanup = () => { hint.detach(); cleanup(); };
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
    import('../online/lobby.js').then((m) => m.hideBar());
    history.replaceState(null, '', location.pathname + location.search);
  }
}

/** Back to the start menu: the game on screen let go (its save keeps it). */
export function closeGame() {
  leaveScreen();
  forgetOpen();
  delete document.documentElement.dataset.gameId;
  menuShown();
  const screen = $('#game');
  screen.hidden = true;
  clearScreen(screen);
  $('#menu').hidden = false;
  document.documentElement.dataset.screen = 'menu';
  $('#start').focus();
}
