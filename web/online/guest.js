// A guest's side of an online table: the engine the guest's game screen is given is the
// host's, reached over the data channel (engineApi over call()), so the guest plays on the
// very same game screen as local play. Seat keys stay on this device (localStorage), so a
// reload or a lost connection gets the same seat back; the link alone never does.
import { engineApi, refusal } from '../engine/api.js';
import { MAX_HOST_MESSAGE, randomHex, HEARTBEAT_MS, AWAY_MS } from './protocol.js';
import { reachTable, send, ATTEMPT_MS } from './transport.js';
import { patch } from './delta.js';

const SEAT_KEY = (room) => `pnd.online.seat.${room}`;
// Pauses before sending a call the host's rate limit refused again (the limit refills 10 a
// second, protocol.js): 7.75 s in all, then the refusal is said on the screen.
const RATE_RETRIES = [250, 500, 1000, 2000, 4000];
const VIEW_KINDS = new Set(['seat', 'public']); // a seat's own view, the spectators'

export function storedSeat(room) {
  try {
    const s = JSON.parse(localStorage.getItem(SEAT_KEY(room)) || 'null');
    if (s && Number.isInteger(s.seat) && s.seat >= 0 && s.seat < 8 && /^[0-9a-f]{32}$/.test(s.key)) return s;
  } catch { /* damaged: ignored, a new key is made */ }
  return null;
}

function keepSeat(room, seat, key, name) {
  try { localStorage.setItem(SEAT_KEY(room), JSON.stringify({ seat, key, name })); } catch { /* private mode */ }
}

/** Parse a host message; null if it is not one (checked like any other input). */
function parseHostMessage(raw) {
  if (typeof raw !== 'string' || raw.length > MAX_HOST_MESSAGE) return null;
  try {
    const msg = JSON.parse(raw);
    return msg && typeof msg === 'object' && typeof msg.t === 'string' ? msg : null;
  } catch { return null; }
}

export class GuestLink {
  /** @param handlers {table(msg), seated(msg), moved(player, result), error(message), lost(),
   *                   quiet(bool): the host has not been heard from for a while, or is again,
   *                   unmet(): the devices found no path to each other on this try, yet} */
  constructor({ room, settings, handlers }) {
    this.room = room;
    this.settings = settings;
    this.handlers = handlers;
    this.pending = new Map();
    this.next = 1;
    this.match = null;
    this.seat = undefined;
    this.conn = null;
    this.peer = null; // PeerJS's client, kept between tries (transport.js reachTable)
    this.mesh = null; // the MQTT brokers' room, the same
    this.views = {}; // the last view of each kind the host sent: the bases of its patches
    this.engine = engineApi((method, params) => this.call(method, params));
  }

  /** One try at the host's table: resolves once the host has described it (`table`), throws
   *  (a sentence) if that does not happen within the try's time; the caller tries again. */
  async open() {
    const conn = await reachTable(this, this.settings, this.room); // both introducers, raced
    const welcome = new Promise((resolve) => { this.welcomed = resolve; });
    this.conn = conn;
    this.views = {}; // the host starts every connection's views afresh
    conn.on('data', (raw) => { if (conn === this.conn) this.receive(raw); });
    conn.on('close', () => this.closed(conn));
    conn.on('error', () => this.closed(conn));
    this.startBeat();
    // the channel is open, but the table is reached when its host says what it is
    const late = new Promise((resolve) => { setTimeout(resolve, ATTEMPT_MS, 'late'); });
    const got = await Promise.race([welcome, late]);
    if (got === 'table') return;
    this.welcomed = null;
    if (this.conn === conn) this.conn = null;
    clearInterval(this.beat);
    conn.close();
    throw new Error(got === 'closed' ? 'The connection to the host closed.' : 'The host\'s page opened the connection but did not answer.');
  }

  /** A try whose devices have found no path yet (transport.js UNMET_MS): the screen says so
   *  while the try goes on. */
  stuck() { if (this.handlers.unmet) this.handlers.unmet(); }

  /** The heartbeat: ping the host, and say when it has gone quiet (a dropped network). */
  startBeat() {
    clearInterval(this.beat);
    this.heardAt = performance.now();
    this.setQuiet(false);
    this.beat = setInterval(() => {
      if (!this.conn) return;
      this.post({ t: 'ping' });
      if (performance.now() - this.heardAt > AWAY_MS) this.setQuiet(true);
    }, HEARTBEAT_MS);
  }

  setQuiet(quiet) {
    if (Boolean(this.quiet) === quiet) return;
    this.quiet = quiet;
    if (this.handlers.quiet) this.handlers.quiet(quiet);
  }

  closed(conn) {
    if (conn !== this.conn) return;
    this.conn = null;
    // The screen's game stops first: what it waited for is refused below, and the table,
    // reached again, seats this device on a fresh screen (lobby.js seated).
    if (this.match) this.match.stop();
    for (const resolve of this.pending.values()) resolve(refusal('not_ready', 'The connection to the host was lost.'));
    this.pending.clear();
    // closed while a try waits for the table: that try fails, and its caller tries again
    if (this.welcomed) { this.welcomed('closed'); this.welcomed = null; return; }
    this.handlers.lost();
  }

  receive(raw) {
    const msg = parseHostMessage(raw);
    if (!msg) return;
    this.heardAt = performance.now();
    this.setQuiet(false);
    if (msg.t === 'reply') {
      // a view's patch is applied even if nobody waits for it: it is the base of the next
      const e = msg.envelope;
      const envelope = !e || typeof e.ok !== 'boolean' ? null : e.ok && e.view ? this.viewFrom(e) : e;
      const resolve = this.pending.get(msg.n);
      if (!resolve) return;
      this.pending.delete(msg.n);
      resolve(envelope || refusal('internal', 'The host sent a malformed answer.'));
    } else if (msg.t === 'moved' || msg.t === 'undone') {
      const got = this.viewFrom(msg);
      if (!got || !this.match || !Number.isInteger(msg.player)) return;
      if (msg.t === 'moved') this.match.seats.remoteMoved(msg.player, got.result);
      else this.match.seats.remoteUndone(msg.player, got.result);
    } else if (msg.t === 'table') {
      if (this.welcomed) { this.welcomed('table'); this.welcomed = null; }
      this.handlers.table(msg);
    }
    else if (msg.t === 'seated') { this.seat = msg.seat; this.handlers.seated(msg); }
    else if (msg.t === 'error') this.handlers.error(String(msg.message || 'The host refused.'));
  }

  /** A view the host sent as a patch against the last of its kind ({view, patch, events?}):
   *  the envelope {ok, result} with the whole view (and the events), or null if malformed. */
  viewFrom({ view: kind, patch: change, events }) {
    if (!VIEW_KINDS.has(kind) || (events !== undefined && !Array.isArray(events))) return null;
    let view;
    try { view = patch(this.views[kind], change); } catch { return null; }
    if (!view || typeof view !== 'object' || Array.isArray(view)) return null;
    this.views[kind] = view;
    // the screens get their own copy: what they change must not change the next patch's base
    const result = structuredClone(view);
    return { ok: true, result: events ? { events, ...result } : result };
  }

  /** The match's seat control (session.online) gives it to the link when the screen starts the game. */
  attach(match) { this.match = match; }

  claim(seat, name) {
    const mine = storedSeat(this.room);
    const key = mine && mine.seat === seat ? mine.key : randomHex(16);
    keepSeat(this.room, seat, key, name);
    return this.post({ t: 'claim', seat, key, name });
  }

  watch() { return this.post({ t: 'watch' }); }

  post(msg) { return this.conn ? send(this.conn, msg) : 0; }

  /** Ask the host's engine. A call the host's rate limit refused (the host did nothing with
   *  it) is sent again after a pause; when every try was refused, that is the answer. */
  async call(method, params = {}) {
    for (const pause of [...RATE_RETRIES, null]) {
      const res = await this.ask(method, params);
      if (res.ok || res.error.code !== 'rate') return res;
      if (pause === null || this.left) break;
      await new Promise((resolve) => { setTimeout(resolve, pause); });
    }
    return refusal('rate', 'The host is busy and did not take that: try again in a moment.');
  }

  ask(method, params) {
    if (!this.conn) return Promise.resolve(refusal('not_ready', 'Not connected to the host.'));
    const n = this.next++;
    return new Promise((resolve) => {
      this.pending.set(n, resolve);
      this.post({ t: 'call', n, method, params });
    });
  }

  /** Leave the table for good: no reconnecting after this. */
  close() {
    this.left = true;
    clearInterval(this.beat);
    this.match = null;
    if (this.conn) { const c = this.conn; this.conn = null; c.close(); }
    if (this.peer) this.peer.destroy();
    if (this.mesh) this.mesh.destroy();
  }
}
