// The messages between a host and its guests (docs/online.md), and the checks every one
// from a peer passes before it can change anything: size, then JSON, then schema, then rate.
// Legality of a move is not decided here: the host's engine does that.
export const PROTOCOL = 'pnd-online/1';
export const MAX_GUEST_MESSAGE = 8 * 1024; // a move is a few hundred bytes
export const MAX_HOST_MESSAGE = 512 * 1024; // a snapshot with a log
const RATE = { perSecond: 10, burst: 30 };
const GUEST_CALLS = new Set(['state', 'play']);
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
const bad = (message) => ({ ok: false, error: { code: 'bad_request', message } });

/** Parse a raw data-channel message from a guest; {ok, msg} or {ok:false, error}. */
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
    case 'call':
      if (!Number.isInteger(msg.n) || msg.n < 0) return bad('A call needs its number.');
      if (!GUEST_CALLS.has(msg.method)) return bad('Only state and play may be asked of the host.');
      if (!isPlainObject(msg.params)) return bad('A call\'s params are an object.');
      return { ok: true, msg: { t: 'call', n: msg.n, method: msg.method, params: msg.params } };
    default:
      return bad('Unknown message type.');
  }
}

/**
 * What a seated guest (seat, or null for a spectator) may ask, as the host's own call:
 * {ok, method, params} with the table's id filled in, or a refusal. Turn order and the
 * move's legality are the engine's to judge; the seat is this check's.
 */
export function guestCall(msg, seat, tableId) {
  const p = msg.params;
  if (msg.method === 'state') {
    if (p.player === undefined || p.player === null) return { ok: true, method: 'state', params: { id: tableId } };
    if (seat === null || p.player !== seat) return bad('You may see only your own seat\'s view.');
    return { ok: true, method: 'state', params: { id: tableId, player: seat } };
  }
  // play
  if (seat === null) return bad('Spectators cannot play.');
  if (p.player !== seat) return bad('You may play only for your own seat.');
  if (!isPlainObject(p.move)) return bad('A move is an object.');
  return { ok: true, method: 'play', move: p.move };
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
