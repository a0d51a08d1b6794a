// The app shell (index.html): wires the start menu, saved games, online tables, the embed
// snippet and the tutorials to the game screens. Each job is a module in web/shell/; this file
// only decides the order they start in. The menu is plain HTML/JS, painted before Python is
// ready, and drawn again with the engine's own option lists once it is.
import engine from './engine.js';
import * as saves from './shell/saves.js';
import { initPwa } from './pwa/register.js';
import { showToast } from './shell/toast.js';
import { useEngineGames, noteDamagedStorage, reportStorage } from './shell/menu-settings.js';
import { renderMenu, wireMenu } from './shell/start-menu.js';
import { startGame } from './shell/new-game.js';
import { currentSession, onMenuShown, prefetchScreens } from './shell/game-screen.js';
import { renderSaves, resumeGame, wireSaves } from './shell/saves-list.js';
import { wireEmbed } from './shell/embed-dialog.js';
import { wireOnline } from './shell/online-tables.js';
import { wireTutorials } from './shell/tutorial-entry.js';
import { wireEngineStatus } from './shell/engine-status.js';
import { wireReplayLinks } from './shell/replay-link.js';
import { wireScoreLinks } from './shell/score-link-open.js';
import { wireDaily } from './shell/daily.js';
import { wireLeaderboard } from './shell/leaderboard-screen.js';
import { reopenAfterReload, reopenAfterUpdate } from './shell/reopen.js';

document.documentElement.dataset.screen = 'menu';
onMenuShown(renderSaves);
wireMenu({ start: startGame });
renderMenu();
wireEngineStatus({
  ready(hello) {
    useEngineGames(hello.games);
    reportStorage(showToast);
    renderMenu();
    prefetchScreens();
  },
});
wireSaves();
if (saves.dropDamaged()) noteDamagedStorage();
renderSaves();
wireEmbed();
wireOnline();
wireTutorials({ firstVisit: saves.listSaves().length === 0 });
reportStorage(showToast);

// Offline support and updates. An update applied on request during a game reloads the
// page; the game was autosaved after its last move and is reopened right away.
initPwa({
  after: engine.ready,
  beforeReload() {
    const current = currentSession();
    const id = current && (current.latestSaveId || current.saveId);
    if (id) reopenAfterUpdate(id);
  },
});
wireReplayLinks();
wireScoreLinks();
wireDaily();
wireLeaderboard();
// A reload (or an update) during a game reopens that game.
reopenAfterReload(resumeGame);
