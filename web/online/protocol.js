// The messages between a host and its guests (docs/online.md), and the checks every one
// from a peer passes before it can change anything: size, then JSON, then schema, then rate.
// Legality of a move is not decided here: the host's engine does that.
export const PROTOCOL = 'pnd-online/1';
export const MAX_GUEST_MESSAGE = 8 * 1024; // a move is a few hundred bytes
export const MAX_HOST_MESSAGE = 512 * 1024; // a snapshot with a log
// Every device pings every HEARTBEAT_MS; a peer not heard from for AWAY_MS is shown away
// (a dropped network closes no data channel until WebRTC gives up, which takes much longer).
export const HEARTBEAT_MS = 1500;
export const AWAY_MS = 5000;
const RATE = { perSecond: 10, burst: 30 };
// What a guest may ask of the host's engine; guestCall narrows each to the guest's own seat.
const GUEST_CALLS = new Set(['state', 'play', 'undoable', 'undo', 'viewAt', 'stats', 'illustration', 'hint']);
// How long the host's engine thinks for a guest's hint (the host's device pays it).
export const GUEST_HINT_MS = 900;
const MAX_TAKEBACK = 64; // more moves than any one take-back covers (a move and the bots' replies)
const KEY = /^[0-9a-f]{32}$/;
const ROOM = /^pnd-[0-9a-f]{20}$/;

export const isRoom = (text) => typeof text === 'string' && ROOM.test(text);

/** A fresh random hex string of `bytes` bytes (seat keys, room names). */
export function randomHex(bytes) {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isSeatIndex = (v) => Number.isInteger(v) && v >= 0 && v < 8;
const bad = (message, n) => ({ ok: false, error: { code: 'bad_request', message }, ...(n === undefined ? {} : { n }) });

/** Parse a raw data-channel message from a guest; {ok, msg} or {ok:false, error, n?}; `n`
 *  is a refused call's number, so the host answers that call (the guest's promise settles). */
export function parseGuestMessage(raw) {
  if (typeof raw !== 'string') return bad('Messages must be text.');
  if (raw.length > MAX_GUEST_MESSAGE) return bad(`A message may be at most ${MAX_GUEST_MESSAGE} characters.`);
  let msg;
  try { msg = JSON.parse(raw); } catch { return bad('That message is not JSON.'); }
  if (!isPlainObject(msg) || typeof msg.t !== 'string') return bad('A message is an object with a type.');
  switch (msg.t) {
    case 'claim':
      if (!isSeatIndex(msg.seat)) return bad('Name a seat by its number.');
      if (typeof msg.key !== 'string' || !KEY.test(msg.key)) return bad('A seat key is 32 hex digits.');
      if (typeof msg.name !== 'string' || msg.name.length > 16) return bad('A name is at most 16 characters.');
      return { ok: true, msg: { t: 'claim', seat: msg.seat, key: msg.key, name: msg.name.trim() } };
    case 'watch':
      return { ok: true, msg: { t: 'watch' } };
    case 'ping': // the heartbeat: nothing but its type
      if (Object.keys(msg).length !== 1) return bad('A ping carries nothing else.');
      return { ok: true, msg: { t: 'ping' } };
    case 'call':
      if (!Number.isInteger(msg.n) || msg.n < 0) return bad('A call needs its number.');
      if (!GUEST_CALLS.has(msg.method)) return bad(`A guest may not ask the host for ${typeof msg.method === 'string' ? msg.method.slice(0, 20) : 'that'}.`, msg.n);
      if (!isPlainObject(msg.params)) return bad('A call\'s params are an object.', msg.n);
      return { ok: true, msg: { t: 'call', n: msg.n, method: msg.method, params: msg.params } };
    default:
      return bad('Unknown message type.');
  }
}

/**
 * What a seated guest (seat, or null for a spectator) may ask, as the host's own call:
 * {ok, method, params} with the table's id filled in, or a refusal. Turn order and the
 * move's legality are the engine's to judge; the seat is this check's. `hints`: the host
 * allows hints at this table (docs/rulings/hints.md H4).
 */
export function guestCall(msg, seat, tableId, { hints = false } = {}) {
  const p = msg.params;
  const own = p.player === undefined || p.player === null ? null : p.player;
  switch (msg.method) {
    case 'state':
      if (own === null) return { ok: true, method: 'state', params: { id: tableId } };
      if (seat === null || own !== seat) return bad('You may see only your own seat\'s view.');
      return { ok: true, method: 'state', params: { id: tableId, player: seat } };
    case 'stats': // only public information (docs/api.md), at any time
      return { ok: true, method: 'stats', params: { id: tableId } };
    case 'illustration': // a Rules picture: a public view of a prepared position (docs/api.md)
      if (typeof p.game !== 'string' || p.game.length > 32 || typeof p.name !== 'string' || p.name.length > 32) {
        return bad('Name a game and a picture.');
      }
      return { ok: true, method: 'illustration', params: { game: p.game, name: p.name } };
    case 'hint': // the host's engine thinks for the guest's own seat, for the host's budget
      if (!hints) return bad('The host has not allowed hints at this table.');
      if (seat === null) return bad('Spectators have no move to hint at.');
      if (own !== seat) return bad('You may ask for a hint only for your own seat.');
      return { ok: true, method: 'hint', params: { id: tableId, player: seat, ms: GUEST_HINT_MS } };
    case 'viewAt': {
      // a past position as this seat (or a spectator) was shown it; `reveal` the engine
      // allows only once the game is over
      if (own !== null && (seat === null || own !== seat)) return bad('You may look back only as your own seat.');
      if (!Number.isInteger(p.move) || p.move < 0) return bad('Name the move to look back at by its number.');
      if (p.reveal !== undefined && typeof p.reveal !== 'boolean') return bad('reveal is true or false.');
      const params = { id: tableId, move: p.move };
      if (own !== null) params.player = seat;
      if (p.reveal) params.reveal = true;
      return { ok: true, method: 'viewAt', params };
    }
    case 'undoable':
    case 'undo':
      // which seats are bots is the host's to say (its Match), not the guest's
      if (seat === null) return bad('Spectators have no moves to take back.');
      if (own !== seat) return bad('You may take back only your own moves.');
      if (msg.method === 'undo' && p.moves !== undefined
        && !(Number.isInteger(p.moves) && p.moves >= 1 && p.moves <= MAX_TAKEBACK)) return bad('moves is the count undoable gave.');
      return { ok: true, method: msg.method, player: seat, moves: p.moves };
    default: // play
      if (seat === null) return bad('Spectators cannot play.');
      if (p.player !== seat) return bad('You may play only for your own seat.');
      if (!isPlainObject(p.move)) return bad('A move is an object.');
      return { ok: true, method: 'play', move: p.move };
  }
}

/** A token bucket per peer: too many messages are refused, not queued. */
export function rateLimiter({ perSecond, burst } = RATE) {
  let tokens = burst;
  let last = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * perSecond);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** A deep copy without any `seed` (or rng state): a seed alone rebuilds every hand. */
export function scrub(value) {
  if (Array.isArray(value)) return value.map(scrub);
  if (!isPlainObject(value)) return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'seed' && k !== 'rng') out[k] = scrub(v);
  return out;
}
