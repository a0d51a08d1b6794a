// One game in progress: asks the engine whose decision is awaited, lets bot seats move,
// waits for human seats, and hides hands between people sharing a device (hot-seat).
// It never decides legality: every move goes to the engine, which accepts or explains.
import { botLevel } from './seats.js';

const BOT_DELAY_MS = { instant: 0, fast: 250, normal: 700, slow: 1400 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// 'hard' bots search for this long per decision unless the session sets botThinkMs.
const BOT_THINK_MS = 300;
const THINK_SLICE_MS = 40;
/** The page-wide setting: ?think=<ms> in the address, else localStorage 'pnd.botThinkMs'. */
function thinkSetting() {
  try {
    const raw = new URLSearchParams(location.search).get('think') ?? localStorage.getItem('pnd.botThinkMs');
    const ms = Number(raw);
    return raw !== null && Number.isFinite(ms) && ms >= 50 && ms <= 10000 ? ms : null;
  } catch { return null; }
}

export class Match {
  /**
   * @param session {engine, id, game, seats:[{name, controller, colour}], botSpeed?,
   *                 onMove?({player, result}), onOver?(snapshot)} — the hooks let the app
   *                 autosave and tell an embedding page, without the games knowing.
   * @param ui {render(snap, events, viewer), yourTurn(player, snap), handoff(player) -> Promise,
   *            over(snap), error(message)}
   */
  constructor(session, ui) {
    this.session = session;
    this.engine = session.engine;
    this.ui = ui;
    this.humans = session.seats.flatMap((s, i) => (s.controller === 'human' ? [i] : []));
    // The seat whose eyes the screen is for: the only human, or the one who last had a turn.
    this.viewer = this.humans.length ? this.humans[0] : null;
    this.shownTo = this.humans.length === 1 ? this.viewer : null;
    this.botSpeed = session.botSpeed || 'normal';
    this.waiting = null; // {player, resolve} while a human decides
    this.stopped = false;
    this.listeners = new Set();
  }

  /** Called after every accepted move, e.g. to autosave. */
  onMove(fn) { this.listeners.add(fn); }

  snapshot(viewer = this.viewer) {
    // A spectator's view (viewer null) omits `player`: the engine rejects player: null.
    const res = this.engine.state(viewer === null || viewer === undefined
      ? { id: this.session.id } : { id: this.session.id, player: viewer });
    if (!res.ok) throw new Error(res.error.message);
    return res.result;
  }

  stop() {
    this.stopped = true;
    if (this.waiting) this.waiting.resolve(null);
  }

  /** The human whose turn it is submits a move; returns null or the engine's error. */
  submit(move) {
    if (!this.waiting) return { code: 'not_your_turn', message: 'Wait for your turn.' };
    const { player } = this.waiting;
    const res = this.engine.play({ id: this.session.id, player, move, viewer: player });
    if (!res.ok) return res.error;
    const resolve = this.waiting.resolve;
    this.waiting = null;
    this.afterMove(player, res.result, player);
    resolve(res.result);
    return null;
  }

  afterMove(player, result, viewer) {
    for (const fn of this.listeners) fn({ player, result });
    if (this.session.onMove) this.session.onMove({ player, result });
    this.ui.render(result, result.events, viewer);
  }

  async run() {
    this.ui.render(this.snapshot(), [], this.viewer);
    while (!this.stopped) {
      const snap = this.snapshot(null);
      if (snap.over) {
        if (this.session.onOver) this.session.onOver(snap);
        this.ui.over(this.snapshot());
        return;
      }
      // Bots first: in simultaneous actions their hidden choices go in before any human
      // looks, and a human never waits on a bot that could already have moved.
      const bot = snap.toAct.find((p) => !this.humans.includes(p));
      if (bot !== undefined) {
        await this.botTurn(bot);
        continue;
      }
      const human = snap.toAct[0];
      if (human === undefined) throw new Error('The engine awaits nobody, yet the game is not over.');
      await this.humanTurn(human);
    }
  }

  async botTurn(player) {
    await sleep(BOT_DELAY_MS[this.botSpeed] ?? BOT_DELAY_MS.normal);
    if (this.stopped) return;
    const level = botLevel(this.session.seats[player].controller);
    const chosen = level === 'hard'
      ? await this.botThink(player, level)
      : this.engine.botMove({ id: this.session.id, player, level });
    if (this.stopped) return;
    if (!chosen.ok) throw new Error(chosen.error.message);
    const params = { id: this.session.id, player, move: chosen.result.move };
    if (this.viewer !== null && this.viewer !== undefined) params.viewer = this.viewer;
    const res = this.engine.play(params);
    if (!res.ok) throw new Error(res.error.message);
    this.afterMove(player, res.result, this.viewer);
  }

  /**
   * A search bot thinks for session.botThinkMs (default BOT_THINK_MS) of page time, in slices
   * of THINK_SLICE_MS, yielding to the browser between slices so input and painting go on.
   * Resolves like botMove: {ok, result: {move, iterations, actions}} or {ok: false, error}.
   */
  async botThink(player, level) {
    const budget = this.session.botThinkMs ?? thinkSetting() ?? BOT_THINK_MS;
    const started = this.engine.call('botStart', { id: this.session.id, player, level });
    if (!started.ok) return started;
    const { token } = started.result;
    const t0 = performance.now();
    let done = started.result.done;
    while (!done && !this.stopped) {
      const left = budget - (performance.now() - t0);
      if (left <= 0) break;
      const slice = this.engine.call('botThink', { token, ms: Math.min(THINK_SLICE_MS, left) });
      if (!slice.ok) return slice;
      done = slice.result.done;
      await new Promise((r) => setTimeout(r, 0));
    }
    return this.engine.call('botFinish', { token });
  }

  async humanTurn(player) {
    if (this.humans.length > 1 && this.shownTo !== player) {
      this.ui.hide();
      await this.ui.handoff(player);
      if (this.stopped) return;
      this.shownTo = player;
    }
    this.viewer = player;
    const snap = this.snapshot(player);
    const decided = new Promise((resolve) => { this.waiting = { player, resolve }; });
    this.ui.render(snap, [], player);
    this.ui.yourTurn(player, snap);
    await decided;
  }
}
