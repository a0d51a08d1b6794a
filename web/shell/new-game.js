// Start game: a new game of the menu's settings, handed to its screen. A click while Python is
// still starting is answered at once: the game screen opens and says the engine is on its way
// (with a way back), then the game appears in it.
import engine from '../engine.js';
import { GAMES } from './games.js';
import { randomSeed } from './seed.js';
import { showToast } from './toast.js';
import { menu, playerCount, localSeats, gameOptions } from './menu-settings.js';
import { openGame, closeGame } from './game-screen.js';
import { screenModule } from '../games/screens.js';

const $ = (sel, el = document) => el.querySelector(sel);

let starting = null; // the Start game click the engine is still warming up for

export async function startGame() {
  const button = $('#start');
  if (button.disabled) return;
  button.disabled = true;
  const game = menu.game;
  const n = playerCount();
  const seats = localSeats(n);
  const options = gameOptions(game, n);
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
