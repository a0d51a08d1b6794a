// One game in progress: asks the engine whose decision is awaited, lets bot seats move,
// waits for human seats, and hides hands between people sharing a device (hot-seat).
// It never decides legality: every move goes to the engine, which accepts or explains.
// The engine is asynchronous (a worker, or a remote host): every answer is checked against
// `epoch` when it arrives, so an answer to a question the game has moved past (the screen
// was left, a move was taken back) is never applied.
import { botLevel, takeBackText } from './seats.js';
import { showMoveLog } from './movelog.js';
import { SeatControl } from './seat-control.js';
import { pageSetting } from './page-setting.js';

// The bots' pace. Nothing else holds a bot's reply back: against bots only a move can be taken
// back at any point of the next turn, the replies with it (docs/rulings/take-backs.md T1).
const BOT_DELAY_MS = { instant: 0, fast: 250, normal: 700, slow: 1400 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// 'hard' bots search for this long per decision unless the session sets botThinkMs
// (measured in docs/bots.md: the engine thinks in its worker, so the page stays smooth).
const BOT_THINK_MS = 600;
/** The page-wide setting: ?think=<ms> in the address, else localStorage 'pnd.botThinkMs'. */
const thinkSetting = () => pageSetting('think', 'pnd.botThinkMs', (ms) => ms >= 50 && ms <= 10000);

export class Match {
  /**
   * @param session {engine, id, game, seats:[{name, controller, colour}], botSpeed?, botThinkMs?,
   *                 onMove?({player, result}), onOver?(snapshot), startGate?} — the hooks let
   *                 the app autosave and tell an embedding page, without the games knowing;
   *                 `startGate`, a promise, holds the first turn back until it resolves (a
   *                 table waiting for its players). Who plays each seat: SeatControl.
   * @param ui {render(snap, events, viewer), yourTurn(player, snap), hide(), handoff(player) -> Promise,
   *            over(snap)}
   */
  constructor(session, ui) {
    this.session = session;
    this.engine = session.engine;
    this.ui = ui;
    this.listeners = new Set();
    this.turnListeners = new Set();
    this.botSpeed = session.botSpeed || 'normal';
    this.waiting = null; // {player, resolve} while a human decides
    this.undoing = false; // while a take-back is on its way to the engine
    this.sending = false; // a human's move is on its way to the engine
    this.held = []; // events of hidden moves made while a human decides, shown with theirs
    this.stopped = false;
    this.epoch = 0; // bumped whenever earlier questions to the engine become moot
    this.seats = new SeatControl(this); // who plays each seat, and the seats on other devices
    const { humans } = this.seats;
    // The seat whose eyes the screen is for: the only human, or the one who last had a turn.
    this.viewer = humans.length ? humans[0] : null;
    this.shownTo = humans.length === 1 ? this.viewer : null;
  }

  /** Called after every accepted move (and take-back: `{undo: true}`), e.g. to autosave. */
  onMove(fn) { this.listeners.add(fn); }

  /** Called when a person's turn is shown to them, e.g. to offer a take-back. */
  onTurn(fn) { this.turnListeners.add(fn); }

  /**
   * `player` takes back `moves` moves (the count `undoable` offered); resolves {ok: true,
   * events} (the engine's, with seat names; the caller tells them: the games' logs know
   * only moves) or {ok: false, error}. The epoch is bumped before asking, so a bot answer computed for the old
   * position is dropped, and again with the answer, so a question the loop sent meanwhile is
   * dropped too; the loop then carries on from the engine's new position.
   */
  async takeBack(player, moves, { remote = false } = {}) {
    if (this.stopped) return { ok: false, error: { code: 'stopped', message: 'The game is closed.' } };
    if (this.sending) return { ok: false, error: { code: 'busy', message: 'Your last move is still on its way.' } };
    if (this.undoing) return { ok: false, error: { code: 'busy', message: 'A take-back is already on its way.' } };
    this.epoch += 1;
    const ask = { id: this.session.id, player, bots: this.seats.bots };
    if (moves !== undefined) ask.moves = moves;
    // No move is sent while the take-back is on its way: it would be played on the position
    // the take-back is leaving, and the turn it answers would be gone when it came back.
    this.undoing = true;
    let res;
    try { res = await this.engine.undo(ask); } finally { this.undoing = false; }
    if (this.stopped) return { ok: false, error: { code: 'stopped', message: 'The game is closed.' } };
    if (!res.ok) { this.epoch += 1; return res; }
    const events = await this.tookBack(player, res.result, async (named) => {
      if (remote) {
        // Asked by a guest for its seat (SeatControl.undoFor): this screen stays its own
        // seat's, redrawn from its own view, with the take-back in its log.
        this.ui.render(await this.snapshot(), named, this.viewer);
      } else {
        this.viewer = player;
        this.ui.render(res.result, [], player);
      }
    });
    return remote ? res : { ok: true, events };
  }

  /**
   * After a take-back (made here, or pushed by the host: SeatControl.remoteUndone): every
   * earlier question is moot, moves held for a person are dropped, the listeners (and, if
   * `save`, the app's onMove) hear of it, `draw(events)` redraws with the events named for
   * the seats, and a turn that waited is asked again. Resolves the named events.
   */
  async tookBack(player, result, draw, { save = true } = {}) {
    this.epoch += 1;
    this.held = [];
    const waiting = this.waiting;
    this.waiting = null;
    for (const fn of this.listeners) fn({ player, result, undo: true });
    if (save && this.session.onMove) this.session.onMove({ player, result, undo: true });
    const events = (result.events || []).map((ev) => ({ ...ev, text: takeBackText(ev, this.session.seats) }));
    try { await draw(events); } finally {
      if (waiting) waiting.resolve(null);
      this.seats.rouse();
    }
    return events;
  }

  async snapshot(viewer = this.viewer) {
    // A spectator's view (viewer null) omits `player`: the engine rejects player: null.
    const res = await this.engine.state(viewer === null || viewer === undefined
      ? { id: this.session.id } : { id: this.session.id, player: viewer });
    if (!res.ok) throw new Error(res.error.message);
    return res.result;
  }

  stop() {
    this.stopped = true;
    this.epoch += 1;
    if (this.waiting) this.waiting.resolve(null);
    this.seats.rouse();
  }

  /** The human whose turn it is submits a move; resolves null or the engine's error. */
  async submit(move) {
    if (!this.waiting) return { code: 'not_your_turn', message: 'Wait for your turn.' };
    if (this.sending) return { code: 'busy', message: 'Your last move is still on its way.' };
    if (this.undoing) return { code: 'busy', message: 'Your take-back is still on its way.' };
    const waiting = this.waiting;
    const { player } = waiting;
    this.sending = true;
    let res;
    try {
      res = await this.engine.play({ id: this.session.id, player, move, viewer: player });
    } finally {
      this.sending = false;
    }
    if (this.stopped) return null;
    if (!res.ok) return res.error;
    const { resolve } = waiting;
    if (this.waiting === waiting) this.waiting = null;
    const held = this.held.splice(0);
    this.afterMove(player, { ...res.result, events: [...held, ...res.result.events] }, player);
    resolve(res.result);
    return null;
  }

  afterMove(player, result, viewer) {
    for (const fn of this.listeners) fn({ player, result });
    if (this.session.onMove) this.session.onMove({ player, result });
    // A bot's hidden choice made while a person decides is shown with that person's move:
    // re-drawing under their hand would undo what they were in the middle of choosing.
    if (this.waiting && player !== this.waiting.player) this.held.push(...result.events);
    else this.ui.render(result, result.events, viewer);
  }

  /** Plays the game to its end; a stopped match ends quietly, whatever its last call met
   *  (an online guest's line dropping refuses the call it waited on). */
  async run() {
    try { await this.play(); } catch (err) { if (!this.stopped) throw err; }
  }

  async play() {
    await showMoveLog(this); // the opening snapshot, a resumed game's log filled in
    if (this.session.startGate) await this.session.startGate;
    while (!this.stopped) {
      this.seats.asking();
      const snap = await this.snapshot(null);
      if (this.stopped) return;
      if (snap.over) {
        if (this.session.onOver) this.session.onOver(snap);
        this.ui.over(await this.snapshot());
        return;
      }
      const { humans, remotes } = this.seats;
      const others = snap.toAct.filter((p) => !humans.includes(p));
      const bots = others.filter((p) => !remotes.includes(p));
      const human = snap.toAct.find((p) => humans.includes(p));
      if (!snap.toAct.length) throw new Error('The engine awaits nobody, yet the game is not over.');
      if (human === undefined && !bots.length) {
        await this.seats.waitForRemote(); // a remote seat decides
      } else if (human === undefined) {
        await this.botTurn(bots[0]);
      } else if (bots.length) {
        // A simultaneous choice: the person may act at once while the bots choose in the
        // background, without the show delay, since nobody sees their choices until all are in.
        // The bots hand theirs in after the person's, so the moves stand in the order the person
        // saw them made (docs/rulings/take-backs.md T2).
        const epoch = this.epoch;
        const person = this.humanTurn(human);
        const background = this.botsChoose(bots, person);
        await person;
        // After a take-back the bots' choices in flight are moot (they drop them by the
        // epoch): the person is asked again at once, not after a hard bot's thinking ends.
        if (epoch === this.epoch) await background;
      } else {
        await this.humanTurn(human);
      }
    }
  }

  async botsChoose(bots, person) {
    const epoch = this.epoch;
    for (const bot of bots) {
      if (this.stopped || epoch !== this.epoch) return;
      await this.botTurn(bot, 0, person);
    }
  }

  /** A bot's move: after `delay` it decides, and after `after` (a person's simultaneous choice)
   *  it is played, unless a take-back or leaving the game came first. */
  async botTurn(player, delay = BOT_DELAY_MS[this.botSpeed] ?? BOT_DELAY_MS.normal, after = null) {
    const epoch = this.epoch;
    if (delay) await sleep(delay);
    if (this.stopped || epoch !== this.epoch) return;
    const level = botLevel(this.session.seats[player].controller);
    const params = { id: this.session.id, player, level };
    if (level === 'hard') params.ms = this.session.botThinkMs ?? thinkSetting() ?? BOT_THINK_MS;
    const chosen = await this.engine.botMove(params);
    if (this.stopped || epoch !== this.epoch) return;
    if (!chosen.ok) throw new Error(chosen.error.message);
    // A take-back while the bot thought, or while it waited for the person, drops its decision
    // (the epoch): the bot decides again from the position after it (T3).
    if (after) await after;
    if (this.stopped || epoch !== this.epoch) return;
    const play = { id: this.session.id, player, move: chosen.result.move };
    if (this.viewer !== null && this.viewer !== undefined) play.viewer = this.viewer;
    const res = await this.engine.play(play);
    if (this.stopped) return;
    if (!res.ok) throw new Error(res.error.message);
    this.afterMove(player, res.result, this.viewer);
  }

  async humanTurn(player) {
    if (this.seats.humans.length > 1 && this.shownTo !== player) {
      const before = this.epoch;
      this.ui.hide();
      await this.ui.handoff(player);
      if (this.stopped) return;
      // Taken back on the hand-over screen: the device is still with the person who moved,
      // and whose turn it is must be asked again (it may be theirs).
      if (before !== this.epoch) return;
      this.shownTo = player;
    }
    this.viewer = player;
    const epoch = this.epoch;
    const snap = await this.snapshot(player);
    if (this.stopped || epoch !== this.epoch) return; // taken back meanwhile: ask again
    const decided = new Promise((resolve) => { this.waiting = { player, resolve }; });
    this.ui.render(snap, [], player);
    this.ui.yourTurn(player, snap);
    for (const fn of this.turnListeners) fn(player, snap);
    await decided;
  }
}
