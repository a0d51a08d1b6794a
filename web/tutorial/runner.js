// Runs one tutorial: starts it in the engine (resuming at the step this device left it at),
// shows the game on its own screen with a tutorial engine in front of the real one, and
// keeps the coach in step with the engine's answers. The page decides nothing: what
// advances, the hints and the other seats' moves all come from the scenario in Python.
import { createCoach } from './coach.js';
import { tutorialEngine } from './engine.js';
import * as progress from './progress.js';
import { loadStyle } from '../shell/style.js';
import { DEFAULT_NAMES, SEAT_COLOURS } from '../shell/seats.js';

/**
 * @param name the tutorial (its scenario file's id, e.g. "waterworks")
 * @param app {engine, openGame(session, {autosave, exit, rematch}) -> screen, closeGame(),
 *             fullGame(game), toast(message)}
 */
export async function startTutorial(name, app) {
  const { engine } = app;
  await loadStyle(new URL('./coach.css', import.meta.url));
  let res = await engine.call('tutorialStart', { tutorial: name, step: progress.savedStep(name) });
  if (!res.ok && progress.savedStep(name)) {
    // the scenario changed since this device saved its step: start it again
    progress.clearStep(name);
    res = await engine.call('tutorialStart', { tutorial: name });
  }
  if (!res.ok) { app.toast(res.error.message); return null; }
  const start = res.result;
  const { id } = start;
  const seats = Array.from({ length: start.players }, (_, i) => ({
    name: DEFAULT_NAMES[i], colour: SEAT_COLOURS[i], controller: i === start.seat ? 'human' : 'bot:greedy',
  }));
  let screen = null;
  let latest = start;
  const coach = createCoach({
    onNext: () => step('tutorialSkip', false),
    onSkip: () => step('tutorialSkip', true),
    onLeave: () => leave(),
    onFinish: (mode) => finish(mode),
  });
  const proxy = tutorialEngine(engine, { id, seat: start.seat, onAnswer: (r) => answer(r) });
  const session = {
    id, game: start.game, options: start.options, seed: start.seed, players: start.players, seats,
    botSpeed: 'fast', tutorial: name,
  };
  document.documentElement.dataset.tutorial = name;

  function show(t) {
    coach.show(t);
    if (t.done) {
      progress.clearStep(name);
      coach.finish({ over: latest.over, title: t.title });
    } else progress.saveStep(name, t.index);
  }

  function answer(r) {
    latest = r;
    if (r.advanced) show(r.tutorial);
    else coach.hint([r.reason, r.hint].filter(Boolean).join(' '));
    // the game just ended: the coach's last step is its end, so the keys go there
    if (r.advanced && r.over) coach.focus();
  }

  // the app lets the tutorial's screen go (openGame and closeGame tear the one on screen down)
  async function mount() {
    screen = await app.openGame({ ...session, engine: proxy }, { autosave: false, exit: leave, rematch: () => finish('full') });
    coach.attach(screen, document.querySelector('#game'));
  }

  /** Next on a reading step; Skip on a move step (the engine makes the move: redraw). */
  async function step(method, redraw) {
    const r = await engine.call(method, { id });
    if (!r.ok) { coach.hint(r.error.message); return; }
    latest = r.result;
    if (redraw) await mount();
    show(r.result.tutorial);
  }

  function stop() {
    coach.destroy();
    screen = null;
    delete document.documentElement.dataset.tutorial;
  }

  function leave() {
    stop();
    app.closeGame();
  }

  async function finish(mode) {
    stop();
    if (mode === 'keep') await app.openGame({ ...session, tutorial: undefined }, { autosave: true });
    else app.fullGame(session.game);
  }

  await mount();
  show(start.tutorial);
  coach.focus();
  return { leave };
}
