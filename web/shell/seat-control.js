// Who controls each seat of a game in progress (a person on this device, a bot, or a person
// on another device), and how a seat played on another device is carried out: its moves and
// take-backs arrive from outside (an online guest's moves on the host, the host's pushes on a
// guest) while the game loop (web/shell/match.js) waits. The link that carries them
// (session.online, web/online/) is given the match when it starts.
import { botLevel, FALLBACK_BOT } from './seats.js';

const notRemote = { ok: false, error: { code: 'bad_request', message: 'That seat is not played from another device.' } };

export class SeatControl {
  constructor(match) {
    this.match = match;
    this.wake = null; // resolves the loop's wait for a remote seat's move
    this.woken = false; // a remote move came since the loop last asked whose turn it is
    if (match.session.online) match.session.online.attach(match);
  }

  /** The seats, by controller, read from the session's seat list (handToBot changes it). */
  where(test) { return this.match.session.seats.flatMap((s, i) => (test(s.controller) ? [i] : [])); }

  /** The seats played by a person at this device. */
  get humans() { return this.where((c) => c === 'human'); }

  /** The seats played on another device: their moves arrive through remoteMoved (on a guest:
   *  pushed by the host) or playFor (on the host: sent by a guest). */
  get remotes() { return this.where((c) => c === 'remote'); }

  /** The seats the page plays with bots: the engine's `bots` for take-backs (a remote seat is a person). */
  get bots() { return this.where((c) => c !== 'human' && c !== 'remote'); }

  /** The loop asks whose turn it is again: a remote move from here on wakes the wait below. */
  asking() { this.woken = false; }

  /** The loop waits for a remote seat's move (or a take-back, a hand-over, the end). */
  async waitForRemote() {
    if (!this.woken) await new Promise((resolve) => { this.wake = resolve; });
    this.wake = null;
  }

  /** The loop may be waiting for a remote seat: something changed, it asks again. */
  rouse() {
    this.woken = true;
    if (this.wake) this.wake();
  }

  /** A seat's name or kind changed in the session's seat list, the one place they live (a
   *  friend sat down online under their own name): the screen shows it everywhere. */
  seatsChanged() {
    if (!this.match.stopped && this.match.ui.seatsChanged) this.match.ui.seatsChanged();
  }

  /** On the host: a remote seat's move, sent by its guest; resolves the engine's envelope. */
  async playFor(player, move) {
    const m = this.match;
    if (!this.remotes.includes(player)) return notRemote;
    const play = { id: m.session.id, player, move };
    if (m.viewer !== null && m.viewer !== undefined) play.viewer = m.viewer;
    const res = await m.engine.play(play);
    if (res.ok) this.remoteMoved(player, res.result);
    return res;
  }

  /** A remote seat's move was made (result: its events and this viewer's snapshot). */
  remoteMoved(player, result) {
    const m = this.match;
    if (m.stopped) return;
    // the loop waits for this move: it is woken even if drawing it fails
    try { m.afterMove(player, result, m.viewer); } finally { this.rouse(); }
  }

  /** On the host: a remote seat takes back its own moves, asked by its guest; resolves the
   *  engine's envelope (the snapshot for that seat, for the guest). */
  async undoFor(player, moves) {
    if (!this.remotes.includes(player)) return notRemote;
    return this.match.takeBack(player, moves, { remote: true });
  }

  /** On a guest: another seat took back moves (pushed by the host; result: this viewer's
   *  snapshot with the take-back's events). Every earlier question is moot. */
  remoteUndone(player, result) {
    const m = this.match;
    if (m.stopped) return;
    m.tookBack(player, result, (events) => m.ui.render(result, events, m.viewer), { save: false });
  }

  /** On the host: a remote seat whose friend left is played by a bot (`controller`) from now
   *  on; the loop, if it waits for that seat, asks again and the bot moves. */
  handToBot(player, controller = FALLBACK_BOT, name = null) {
    if (!this.remotes.includes(player) || !botLevel(controller)) return false;
    const { seats } = this.match.session;
    seats[player] = { ...seats[player], name: name || seats[player].name, controller };
    this.rouse();
    return true;
  }
}
