// Share a finished game by link, with no server: the record (seed, options, moves) and the
// seats' names travel in the address's fragment, which browsers never send to a server.
// JSON -> CompressionStream('deflate-raw') -> base64url. Opening such a link checks it here
// (format, size) and then in the engine (load replays every move), and says why in one
// sentence when it is refused. Only finished games are offered: a record rebuilds every hand.
import { cleanSeats } from './saves.js';

const TAG = 'replay=';
const FORMAT = 'pipes-and-ducks/replay-link';
const VERSION = 1;
const MAX_CHARS = 1_000_000; // the engine's own limit for a file (docs/api.md)
const MAX_LINK = 200_000;

const DAMAGED = 'This replay link is damaged (it may have been cut short when it was copied).';

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch { return null; }
}

/** The fragment text (without '#') for a finished game's record and seats. */
export async function encodeReplay(record, seats) {
  const payload = { format: FORMAT, version: VERSION, seats: seats.map((s) => [s.name, s.controller]), record };
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  return TAG + toBase64url(await pipe(bytes, new CompressionStream('deflate-raw')));
}

/** The whole link: this page's address with the replay in its fragment. */
export async function replayLink(record, seats, base = document.baseURI) {
  const url = new URL('./', base);
  url.hash = await encodeReplay(record, seats);
  return url.href;
}

/** Is this fragment a replay link at all (then readReplay says whether it is a good one)? */
export const isReplayHash = (hash) => String(hash).replace(/^#/, '').startsWith(TAG);

/** {ok: true, record, seats} or {ok: false, message}: checked before the engine sees it. */
export async function readReplay(hash) {
  const text = String(hash).replace(/^#/, '');
  if (!text.startsWith(TAG)) return { ok: false, message: 'This link does not carry a replay.' };
  const body = text.slice(TAG.length);
  if (body.length > MAX_LINK) return { ok: false, message: 'This replay link is too long to be one of ours.' };
  const bytes = fromBase64url(body);
  if (!bytes) return { ok: false, message: DAMAGED };
  let json;
  try {
    const plain = await pipe(bytes, new DecompressionStream('deflate-raw'));
    if (plain.length > MAX_CHARS) return { ok: false, message: 'This replay is larger than any game of ours.' };
    json = new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch { return { ok: false, message: DAMAGED }; }
  let data;
  try { data = JSON.parse(json); } catch { return { ok: false, message: DAMAGED }; }
  if (!data || typeof data !== 'object' || data.format !== FORMAT) {
    return { ok: false, message: 'This link is not a Pipes & Ducks replay.' };
  }
  if (data.version !== VERSION) return { ok: false, message: 'This replay was made by a newer version of the game; reload the page to update it.' };
  if (!data.record || typeof data.record !== 'object' || !Array.isArray(data.seats)) return { ok: false, message: DAMAGED };
  const seats = data.seats.slice(0, 6).map((x) => (Array.isArray(x) ? { name: x[0], controller: x[1] } : {}));
  return { ok: true, record: data.record, seats: cleanSeats(seats, seats.length) };
}

