// The host's side of an online table. The host's engine (its local worker) is the table's
// only engine; each guest's data channel is a narrow relay into it: a guest may ask for its
// own seat's view or the spectators' view and play for its own seat (when the engine says it
// is that seat's turn), nothing else — never a save, the record, another seat's view or the
// seed. After every move each guest gets the public events and what changed in its own view
// (a patch against the last view it was sent: web/online/delta.js).
import { parseGuestMessage, guestCall, rateLimiter, scrub, PROTOCOL, HEARTBEAT_MS, AWAY_MS } from './protocol.js';
import { send, resignal, unmet, ATTEMPT_MS } from './transport.js';
import { diff } from './delta.js';
import { cleanName, DEFAULT_NAMES, FALLBACK_BOT } from '../shell/seats.js';

const report = (err) => console.error('online host:', err);
const error = (code, message) => ({ ok: false, error: { code, message } });
// `rate`: the guest's client waits and sends the call again (web/online/guest.js)
const RATE_REFUSAL = { code: 'rate', message: 'Too many messages from this device: the host did not take that one.' };
/** Every friend's seat of a seat list is taken: the game can start by itself. */
const seated = (seats) => seats.every((s) => s.kind !== 'friend' || s.taken);

export class HostTable {
  /**
   * @param peer an open PeerJS peer whose id is the room
   * @param session the host's game session ({id, game, options, seats})
   * @param engine the host's local engine
   * @param friends per seat: null (the host or a bot) or {key, name} (key null while free)
   * @param onChange called when a seat is claimed, leaves or comes back
   */
  constructor({ peer, session, engine, friends, onChange = () => {} }) {
    this.peer = peer;
    this.session = session;
    this.engine = engine;
    this.friends = friends;
    this.onChange = onChange;
    this.guests = new Set(); // {conn, seat: undefined | null (spectator) | index, allow, chain}
    this.match = null;
    this.bytesSent = 0;
    // The game starts when every friend's seat is taken, or when the host says so (a table
    // resumed after a reload, whose friends hold their seats already, starts at once):
    // `ready` (the session's startGate) resolves the first time either is true.
    this.started = false;
    this.ready = new Promise((resolve) => { this.begin = () => { this.started = true; resolve(); }; });
    if (seated(this.seatList())) this.begin();
    peer.on('connection', (conn) => this.accept(conn));
    // The line to the signaling server can drop (a server restart, a network change) while the
    // table stays on this screen: no friend could reach it then, so the host asks again.
    peer.on('disconnected', () => this.resignal());
    if (peer.disconnected) this.resignal(); // opened by the other introducer alone
    // A dropped network closes no channel at once: every device pings, and a guest not
    // heard from for AWAY_MS is shown away until it is heard again.
    this.beat = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
  }

  /** Back to the signaling server, trying every 1, 2, 4, 8, 8… s until it answers. */
  async resignal() {
    if (this.resignaling) return;
    this.resignaling = true;
    for (let pause = 1000; ; pause = Math.min(2 * pause, 8000)) {
      await new Promise((resolve) => { setTimeout(resolve, pause); });
      if (this.closing || this.peer.destroyed || !this.peer.disconnected) break;
      try { await resignal(this.peer); break; } catch { /* not yet: again */ }
    }
    this.resignaling = false;
  }

  heartbeat() {
    const now = performance.now();
    let change = false;
    for (const g of this.guests) {
      this.post(g, { t: 'ping' });
      if (!g.silent && now - g.heard > AWAY_MS) { g.silent = true; change = change || Number.isInteger(g.seat); }
    }
    if (change) this.changed();
  }

  heard(guest) {
    guest.heard = performance.now();
    if (!guest.silent) return;
    guest.silent = false;
    if (Number.isInteger(guest.seat)) this.changed();
  }

  /** A friend's device is connected and answering. */
  present(seat) { return [...this.guests].some((g) => g.seat === seat && !g.silent); }

  /** What the host's autosave keeps so a reload reopens this table (web/shell/saves.js checks it). */
  persist() {
    return {
      room: this.room,
      signaling: this.signaling,
      friends: this.friends.map((f) => (f ? { key: f.key, name: f.name || '' } : null)),
      hints: this.hints === true,
    };
  }

  /** A rematch: the same table, seats and guests, a new engine game; every seated guest's
   *  screen follows (it gets `seated` again, with the new game). */
  restart(session) {
    this.session = session; // (the new game's Match has attached itself already)
    for (const g of this.guests) if (g.seat !== undefined) this.seat(g, g.seat, false);
    this.changed();
  }

  /** The match's seat control calls this (session.online) when the game screen starts the game. */
  attach(match) {
    this.match = match;
    match.onMove(({ player, result, undo }) => this.broadcast(player, result, undo));
  }

  /** The table's seats; `forGuests`: as the guests are told (a host who kept the menu's
   *  "You" is "Host" there, or every guest's log would say "You built…" of the host). */
  seatList(forGuests = false) {
    return this.session.seats.map((s, i) => {
      const f = this.friends[i];
      const here = this.present(i);
      const host = !f && s.controller === 'human';
      return {
        name: f && f.name ? f.name : forGuests && host && s.name === DEFAULT_NAMES[0] ? 'Host' : s.name,
        colour: s.colour,
        kind: f ? 'friend' : (host ? 'host' : 'bot'),
        taken: Boolean(f && f.key),
        away: Boolean(f && f.key && !here),
      };
    });
  }

  tableMessage() {
    const { game, options, players } = this.session;
    return { t: 'table', protocol: PROTOCOL, game, options: scrub(options), players, seats: this.seatList(true) };
  }

  accept(conn) {
    // views: the last view of each kind (its seat's, the public one) this guest was sent
    const guest = { conn, seat: undefined, allow: rateLimiter(), chain: Promise.resolve(), heard: performance.now(), silent: false, views: {} };
    this.guests.add(guest);
    // A device that reached this table through the introducer but found no path to it (two
    // networks that cannot reach each other directly, no relay): the bar says so until a
    // friend's device connects (`unmet`, docs/online.md).
    const pc = conn.peerConnection;
    const stuck = () => { if (!conn.open && unmet(pc)) this.setUnmet(true); };
    const timer = setTimeout(stuck, ATTEMPT_MS);
    conn.on('open', () => { clearTimeout(timer); this.setUnmet(false); this.post(guest, this.tableMessage()); });
    conn.on('data', (raw) => { this.heard(guest); guest.chain = guest.chain.then(() => this.receive(guest, raw)).catch(report); });
    const gone = () => {
      if (!this.guests.delete(guest)) return;
      if (Number.isInteger(guest.seat)) this.changed();
    };
    conn.on('close', gone);
    conn.on('error', () => { clearTimeout(timer); stuck(); gone(); });
  }

  setUnmet(on) {
    if (this.unmet === on) return;
    this.unmet = on;
    this.onChange(this.seatList());
  }

  post(guest, msg) { this.bytesSent += send(guest.conn, msg); }

  /** A result that carries a view (a snapshot, with a move's events or not) as what changed
   *  since the last view of that kind (`seat` or `public`) this guest was sent; the guest
   *  keeps the same bases (the channel is ordered), so `patch` rebuilds the view there. */
  viewChange(guest, kind, result) {
    const { events, ...view } = scrub(result);
    const change = { view: kind, patch: diff(guest.views[kind], view) };
    guest.views[kind] = view;
    return events ? { ...change, events } : change;
  }

  changed() {
    const seats = this.seatList();
    if (!this.started && seated(seats)) this.begin();
    if (this.match) this.match.seats.seatsChanged(); // a friend's own name, on the host's screen
    const msg = this.tableMessage();
    for (const g of this.guests) if (g.seat !== undefined) this.post(g, msg);
    this.onChange(seats);
  }

  /** Start the game now; a seat still free waits for its friend (or a bot, on request). */
  start() {
    if (this.started) return;
    this.begin();
    this.changed(); // every device's bar: the game is on
  }

  async receive(guest, raw) {
    // Read before the rate is checked, so that a call refused for either reason is answered
    // as that call (its `n`): the guest's screen is never left waiting, and can try again.
    const parsed = parseGuestMessage(raw);
    const limited = !guest.allow();
    if (limited && parsed.ok && parsed.msg.t === 'ping') return; // heard: a heartbeat needs no answer
    const refused = limited ? RATE_REFUSAL : !parsed.ok && parsed.error;
    if (refused) {
      const n = parsed.ok ? parsed.msg.n : parsed.n;
      if (n !== undefined) this.post(guest, { t: 'reply', n, envelope: { ok: false, error: refused } });
      else this.post(guest, { t: 'error', ...refused });
      return;
    }
    const { msg } = parsed;
    if (msg.t === 'claim') this.claim(guest, msg);
    else if (msg.t === 'watch') this.seat(guest, null);
    else if (msg.t === 'ping') { /* heard: nothing else to do */ }
    else await this.call(guest, msg);
  }

  claim(guest, { seat, key, name }) {
    const f = this.friends[seat];
    if (!f) { this.post(guest, { t: 'error', code: 'seat', message: 'That seat is not for a friend.' }); return; }
    if (f.key && f.key !== key) { this.post(guest, { t: 'error', code: 'seat', message: 'That seat is taken.' }); return; }
    f.key = key;
    if (name) {
      // the friend's name on the host's own screen too (its log, the status): cleaned as
      // every name from outside is, since screens build markup from names
      f.name = cleanName(name, seat);
      this.session.seats[seat] = { ...this.session.seats[seat], name: f.name };
    }
    // the same person on a new connection (a reload): the old one is let go
    for (const g of this.guests) if (g !== guest && g.seat === seat) { g.seat = undefined; g.conn.close(); }
    this.seat(guest, seat);
  }

  seat(guest, seat, tell = true) {
    guest.seat = seat;
    const { id, game, options, players } = this.session;
    const seats = this.session.seats.map(({ name, colour }, i) => ({ name: this.seatList(true)[i].name || name, colour }));
    this.post(guest, { t: 'seated', seat, session: scrub({ id, game, options, players, seats, hints: this.hints === true }) });
    if (tell) this.changed();
  }

  async call(guest, msg) {
    const reply = (envelope) => this.post(guest, { t: 'reply', n: msg.n, envelope: scrub(envelope) });
    if (guest.seat === undefined) { reply(error('bad_request', 'Take a seat or watch first.')); return; }
    const asked = guestCall(msg, guest.seat, this.session.id, { hints: this.hints === true });
    if (!asked.ok) { reply(asked); return; }
    // a view: what changed since the last one of its kind
    const replyView = (kind, envelope) => {
      if (!envelope.ok) reply(envelope);
      else this.post(guest, { t: 'reply', n: msg.n, envelope: { ok: true, ...this.viewChange(guest, kind, envelope.result) } });
    };
    if (asked.method === 'state') { replyView(asked.params.player === undefined ? 'public' : 'seat', await this.engine.state(asked.params)); return; }
    if (['stats', 'viewAt', 'illustration', 'hint'].includes(asked.method)) { reply(await this.engine[asked.method](asked.params)); return; }
    if (!this.match) { reply(error('not_ready', 'The table is not playing yet.')); return; }
    const { id } = this.session;
    if (asked.method === 'undoable') { reply(await this.engine.undoable({ id, player: guest.seat, bots: this.match.seats.bots })); return; }
    if (asked.method === 'undo') { replyView('seat', await this.match.seats.undoFor(guest.seat, asked.moves)); return; }
    const played = await this.match.seats.playFor(guest.seat, asked.move);
    if (!played.ok) { reply(played); return; }
    const snap = await this.engine.state({ id, player: guest.seat });
    replyView('seat', snap.ok ? { ok: true, result: { events: played.result.events, ...snap.result } } : snap);
  }

  /** After any move or take-back: each other guest gets the public events and what changed
   *  in its own view (the public one for a spectator). */
  broadcast(player, result, undo = false) {
    for (const g of this.guests) {
      if (g.seat === undefined || g.seat === player) continue;
      g.chain = g.chain.catch(report).then(async () => {
        const seated = Number.isInteger(g.seat);
        const snap = await this.engine.state(seated ? { id: this.session.id, player: g.seat } : { id: this.session.id });
        if (!snap.ok) return;
        const change = this.viewChange(g, seated ? 'seat' : 'public', { events: result.events, ...snap.result });
        this.post(g, { t: undo ? 'undone' : 'moved', player, ...change });
      });
    }
  }

  /** The host hands a seat whose friend left (or never came) to a bot; the seat's key no
   *  longer counts, so nobody takes it back. */
  toBot(seat) {
    const f = this.friends[seat];
    if (!f || !this.match || this.present(seat)) return false;
    if (!this.match.seats.handToBot(seat, FALLBACK_BOT, f.name || null)) return false;
    this.friends[seat] = null;
    this.changed();
    return true;
  }

  close() {
    this.closing = true;
    clearInterval(this.beat);
    for (const g of this.guests) g.conn.close();
    this.guests.clear();
    this.peer.destroy();
  }
}
