// Embed mode (embed.html): one game in compact chrome for a blog column, and postMessage
// events for the host page. Query: ?game=waterworks|aqueducks&players=N
//   &seats=human,normal,...   (human | easy | normal | hard, or bot = normal)
//   &names=Ann,Bo  &speed=fast|normal|slow  &seed=INT  &autostart=1  &sound=on
// An embedded game starts muted (a blog's readers did not ask for noise) unless sound=on.
// Until the reader presses Play (or the embed asks for autostart=1) the frame shows a light
// preview drawn without Python and downloads nothing more: no engine, no service worker.
// Events (window.parent.postMessage, documented in docs/embedding.md), each
//   {source: "pipes-and-ducks", version: 1, type, ...}:
//   ready {games} (the preview is shown; Play starts the engine), started {game, options, seed, players, seats}, move {game, player, moveCount},
//   over {game, result, moveCount, seats}, error {message}, resize {height}
import engine from './engine.js';
import { SEAT_COLOURS, cleanName } from './shell/seats.js';
import { initPwa } from './pwa/register.js';
import { randomSeed } from './shell/seed.js';
import { tearDown, clearScreen } from './shell/teardown.js';
// No engine runs in the preview: the shared table's player counts (the engines' own).
import { GAMES, firstGame, isGame } from './shell/games.js';
import { sound } from './shell/sound.js';
import { screenModule } from './games/screens.js';

const EMBED_DEFAULT_PLAYERS = 2; // docs/embedding.md: a frame is small, two seats fit it best
const SEAT_WORDS = { human: 'human', easy: 'bot:random', random: 'bot:random', normal: 'bot:greedy', bot: 'bot:greedy', greedy: 'bot:greedy', hard: 'bot:hard' };
const LABELS = { human: 'Human', 'bot:random': 'Bot · easy', 'bot:greedy': 'Bot · normal', 'bot:hard': 'Bot · hard' };

const $ = (sel) => document.querySelector(sel);
const root = document.documentElement;
const params = new URLSearchParams(location.search);

export function parseConfig(search = params) {
  const game = isGame(search.get('game')) ? search.get('game') : firstGame();
  const info = GAMES[game];
  const asked = Number.parseInt(search.get('players'), 10);
  const players = info.players.includes(asked) ? asked : EMBED_DEFAULT_PLAYERS;
  const words = (search.get('seats') || '').split(',').map((w) => w.trim().toLowerCase());
  const names = (search.get('names') || '').split(',');
  const seats = Array.from({ length: players }, (_, i) => ({
    name: cleanName(names[i], i),
    controller: Object.hasOwn(SEAT_WORDS, words[i]) ? SEAT_WORDS[words[i]] : (i === 0 ? 'human' : 'bot:greedy'),
    colour: SEAT_COLOURS[i],
  }));
  const speed = ['instant', 'fast', 'normal', 'slow'].includes(search.get('speed')) ? search.get('speed') : 'normal';
  const seedText = search.get('seed');
  const seed = seedText && /^\d{1,15}$/.test(seedText) ? Number(seedText) : null;
  return { game, players, seats, speed, seed, autostart: search.get('autostart') === '1', sound: search.get('sound') === 'on' };
}

const config = parseConfig();
sound.embed(config.sound);

/** Tell the host page; '*' because the host is any blog, and nothing here is secret. */
function post(type, data = {}) {
  if (window.parent === window) return;
  try {
    window.parent.postMessage({ source: 'pipes-and-ducks', version: 1, type, ...data }, '*');
  } catch (err) { console.warn(err); }
}

function message(text) {
  const box = $('#embed-message');
  box.textContent = text;
  box.hidden = !text;
}

function renderStart() {
  const info = GAMES[config.game];
  document.title = `${info.title} — Pipes & Ducks`;
  $('#embed-game-title').textContent = info.title;
  $('#embed-blurb').textContent = info.blurb;
  $('.embed-art').classList.add(`art-${config.game}`);
  $('#embed-seats').replaceChildren(...config.seats.map((s) => {
    const li = document.createElement('li');
    const dot = document.createElement('span');
    dot.className = 'embed-dot';
    dot.style.background = s.colour;
    dot.setAttribute('aria-hidden', 'true');
    li.append(dot, `${s.name} — ${LABELS[s.controller]}`);
    return li;
  }));
  $('.embed-play .btn-label').textContent = `Play ${info.title}`;
}

let openId = null; // the engine game on screen: let go when the reader leaves it
let shown = null; // its screen: let go here (the one place) before the next is shown

function closeOpen() {
  tearDown(shown);
  shown = null;
  if (openId) engine.close({ id: openId });
  openId = null;
}

function showStart(again) {
  closeOpen();
  $('#game').hidden = true;
  clearScreen($('#game'));
  $('#embed-start').hidden = false;
  root.dataset.screen = 'menu';
  if (again) $('.embed-play .btn-label').textContent = 'Play again';
  $('#embed-play').focus();
}

/** Start a game: the embedder's seed for the first, a fresh one for a rematch. */
async function start(seed = config.seed ?? randomSeed()) {
  const button = $('#embed-play');
  button.disabled = true;
  message('');
  if (engine.status !== 'ready') $('#engine-status .engine-text').textContent = 'Warming up…';
  try {
    await engine.start();
  } catch {
    button.disabled = false;
    return;
  }
  let module;
  try {
    module = await screenModule(config.game);
  } catch (err) {
    console.error(err);
    button.disabled = false;
    message('This game screen could not be loaded.');
    post('error', { message: 'This game screen could not be loaded.' });
    return;
  }
  const options = { players: config.players };
  const created = await engine.newGame({ game: config.game, options, seed });
  button.disabled = false;
  if (!created.ok) {
    message(created.error.message);
    post('error', { message: created.error.message });
    return;
  }
  const seats = config.seats.map((s) => ({ ...s }));
  const publicSeats = seats.map(({ name, controller }) => ({ name, controller }));
  const session = {
    ...created.result,
    seats,
    engine,
    botSpeed: config.speed,
    exit: () => showStart(true),
    rematch: () => start(randomSeed()),
    onMove({ player, result }) {
      post('move', { game: config.game, player, moveCount: result.moveCount });
    },
    onOver(snap) {
      post('over', { game: config.game, result: snap.result, moveCount: snap.moveCount, seats: publicSeats });
    },
  };
  closeOpen(); // a rematch replaces the game before it
  openId = session.id;
  $('#embed-start').hidden = true;
  const screen = $('#game');
  screen.hidden = false;
  clearScreen(screen);
  root.dataset.screen = config.game;
  root.dataset.gameId = session.id;
  // The seed (with the options) reproduces every hidden card: the host hears it only when it
  // chose it itself (seed= in the address), and never for a game the reader reshuffled.
  const started = { game: config.game, options: created.result.options, players: created.result.players, seats: publicSeats };
  if (config.seed !== null && seed === config.seed) started.seed = created.result.seed;
  post('started', started);
  try {
    const mounted = await module.mount(screen, session);
    if (openId === session.id) shown = mounted;
    else tearDown(mounted); // left while it was being drawn
  } catch (err) {
    console.error(err);
    message('This game could not be shown. Reload to try again.');
  }
}

function wire() {
  const text = $('#engine-status .engine-text');
  // 'ready': the preview is up and Play answers. The engine starts only on Play.
  post('ready', { games: Object.keys(GAMES) });
  engine.ready.then(() => { text.textContent = 'Ready'; }, () => {});
  if (config.autostart) start();
  window.addEventListener('pnd:error', (e) => {
    text.textContent = 'Engine failed';
    message(`${e.detail.message} Reload to try again.`);
    post('error', { message: e.detail.message });
  });
  $('#embed-play').addEventListener('click', () => start());
  // Let the host size the frame to the content.
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height !== last) { last = height; post('resize', { height }); }
  }).observe(document.body);
}

root.dataset.screen = 'menu';
renderStart();
// A frame without an origin of its own cannot play: web/embed-sandbox.js has said why.
if (root.dataset.sandboxed !== 'true') {
  wire();
  // Offline support only once the reader has started the engine: the precache is 14 MB.
  initPwa({ banner: false, after: engine.ready });
}
