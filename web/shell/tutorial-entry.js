// The ways into a tutorial: "Learn to play" in the menu (and its one-time offer to a first
// visitor, web/tutorial/menu.js) and the Rules dialog of a game screen (web/shell/frame.js asks
// with a pnd:learn event). A tutorial's "play a full game" starts one from the menu.
import engine from '../engine.js';
import { startTutorial } from '../tutorial/runner.js';
import { wireTutorialMenu } from '../tutorial/menu.js';
import { showToast } from './toast.js';
import { chooseGame } from './start-menu.js';
import { startGame } from './new-game.js';
import { openGame, closeGame, currentSession } from './game-screen.js';

async function learn(name) {
  try { await engine.ready; } catch { return; }
  await startTutorial(name, {
    engine, openGame, closeGame, toast: showToast,
    fullGame: (game) => { closeGame(); chooseGame(game); startGame(); },
  });
}

export function wireTutorials({ firstVisit }) {
  document.documentElement.dataset.tutorials = 'on';
  document.querySelector('#game').addEventListener('pnd:learn', () => {
    const current = currentSession();
    if (current && !current.tutorial) learn(current.game);
  });
  wireTutorialMenu({ start: learn, firstVisit });
}
