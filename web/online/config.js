// Online play's settings: which PeerJS signaling server introduces the devices, which STUN
// servers tell each device its public address, and the relay (a TURN server) that carries the
// game when two networks cannot reach each other directly. Three layers, each checked as any
// input from outside, the later winning: the site's defaults in web/online/config.json
// (PeerJS's free public server and a public STUN server, no relay: PeerJS's free relays are
// gone, and a relay that does not exist only makes a failing connection wait; a site owner
// names a relay of theirs there), a person's own
// in the Online settings dialog (localStorage), and the server an invitation link names (both
// ends must meet at the same one). Nothing here contacts a server: that happens only once a
// person chooses online play or opens an invitation (transport.js, docs/online.md).
const STORAGE_KEY = 'pnd.online.settings.v1';
const NOTICED_KEY = 'pnd.online.noticed.v1';
const MAX_ICE = 8;
const MAX_URLS = 4; // an RTCIceServer may list several addresses of one server
const MAX_NOTICED = 8;

/** A signaling address as a URL string (http(s) or ws(s)), or null; refusals say why. */
export function checkSignaling(text) {
  if (text === null || text === undefined || text === '') return { ok: true, value: null };
  if (typeof text !== 'string' || text.length > 300) return { ok: false, message: 'The signaling address is too long.' };
  let url;
  try { url = new URL(text); } catch { return { ok: false, message: 'The signaling address is not a web address.' }; }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return { ok: false, message: 'The signaling address must start with https://, http://, wss:// or ws://.' };
  if (url.username || url.password || url.search || url.hash) return { ok: false, message: 'The signaling address may not carry a name, password, query or fragment.' };
  return { ok: true, value: url.href };
}

const MAX_BROKERS = 8;

/** A list of MQTT brokers (wss:// or ws:// addresses) for the second introducer, or null
 *  (none given: the layer below decides); an empty list turns that introducer off. */
export function checkBrokers(list) {
  if (list === null || list === undefined) return { ok: true, value: null };
  if (!Array.isArray(list) || list.length > MAX_BROKERS) return { ok: false, message: `Give at most ${MAX_BROKERS} MQTT brokers.` };
  const out = [];
  for (const item of list) {
    let url;
    try { url = typeof item === 'string' && item.length <= 300 ? new URL(item) : null; } catch { url = null; }
    if (!url || !['ws:', 'wss:'].includes(url.protocol) || url.search || url.hash) {
      return { ok: false, message: 'Each MQTT broker must be a wss:// or ws:// address.' };
    }
    out.push(url.href);
  }
  return { ok: true, value: [...new Set(out)] };
}

const ICE_URL = /^(stun|stuns|turn|turns):[^\s]{1,250}$/;

const RELAY_URL = /^turns?:[A-Za-z0-9.[\]:-]{1,250}(\?transport=(udp|tcp))?$/;

/** A relay (TURN server): {urls: "turn:host:3478" or "turns:…", username, credential}, or
 *  null (none: the layer below decides). A relay always has a user name and a password (a
 *  TURN server that let anyone relay would be open to the world); refusals say why. */
export function checkRelay(relay) {
  if (relay === null || relay === undefined || relay === '') return { ok: true, value: null };
  if (typeof relay !== 'object' || Array.isArray(relay)) return { ok: false, message: 'The relay server must be an address with a user name and a password.' };
  const { urls, username, credential } = relay;
  if (typeof urls !== 'string' || !RELAY_URL.test(urls)) return { ok: false, message: 'The relay server\'s address must be turn: or turns: and a host name with its port, for example turn:relay.example.org:3478.' };
  if (typeof username !== 'string' || !username || username.length > 200 || /\s/.test(username)) return { ok: false, message: 'The relay server needs its user name (no spaces).' };
  if (typeof credential !== 'string' || !credential || credential.length > 200 || /\s/.test(credential)) return { ok: false, message: 'The relay server needs its password (no spaces).' };
  return { ok: true, value: { urls, username, credential } };
}

/** A list of ICE servers [{urls, username?, credential?}] (urls: one address or a list), or
 *  null (none given: the layer below decides); refusals say why. A text line of the
 *  settings dialog, "turn:host:3478 name secret", is one server with its credentials. */
export function checkIce(list) {
  if (list === null || list === undefined) return { ok: true, value: null };
  if (!Array.isArray(list) || list.length > MAX_ICE) return { ok: false, message: `Give at most ${MAX_ICE} STUN/TURN servers.` };
  const out = [];
  for (const item of list) {
    const entry = typeof item === 'string' ? lineEntry(item) : item;
    const urls = entry && typeof entry === 'object' ? [entry.urls].flat() : [];
    if (!urls.length || urls.length > MAX_URLS || !urls.every((u) => typeof u === 'string' && ICE_URL.test(u))) {
      return { ok: false, message: 'Each STUN/TURN server must be a stun:, stuns:, turn: or turns: address.' };
    }
    const clean = { urls: Array.isArray(entry.urls) ? urls : urls[0] };
    for (const k of ['username', 'credential']) {
      if (entry[k] !== undefined) {
        if (typeof entry[k] !== 'string' || entry[k].length > 200) return { ok: false, message: `A TURN ${k} must be text.` };
        clean[k] = entry[k];
      }
    }
    out.push(clean);
  }
  return { ok: true, value: out };
}

function lineEntry(line) {
  const [urls, username, credential, ...rest] = line.trim().split(/\s+/);
  if (rest.length) return null;
  return { urls, ...(username !== undefined ? { username } : {}), ...(credential !== undefined ? { credential } : {}) };
}

/** A checked list as the settings dialog's lines (the inverse of checkIce on strings). */
export function iceLines(list) {
  return (list || []).flatMap((s) => [s.urls].flat().map((u) => [u, s.username, s.credential].filter((x) => x !== undefined).join(' ')));
}

/**
 * The settings in force from the three layers (each as read: not yet checked): `site` the
 * site's config.json, `mine` the person's Online settings, `sig` an invitation's server.
 * Returns {signaling, iceServers, relay, name, own}: `iceServers` the STUN list in force with
 * the relay in force (if any) after it, `relay` that relay or null, `name` says in words which
 * server introduces the devices, `own` whether it is other than the site's default. A layer
 * that does not check is passed over, never used in part. A link never names a relay: its
 * password would travel in every invitation.
 */
export function resolveSettings(site, mine, sig = null, brokersLinked = null) {
  const pick = (check, ...layers) => {
    for (const v of layers) {
      const c = check(v);
      if (c.ok && c.value !== null) return c.value;
    }
    return null;
  };
  const s = site && typeof site === 'object' ? site : {};
  const m = mine && typeof mine === 'object' ? mine : {};
  const fallback = checkSignaling(s.signaling);
  const signaling = pick(checkSignaling, sig, m.signaling, s.signaling);
  const own = signaling !== (fallback.ok ? fallback.value : null);
  const named = typeof s.signalingName === 'string' && s.signalingName.length <= 80 ? s.signalingName : '';
  const host = signaling ? new URL(signaling).host : '';
  const relay = pick(checkRelay, m.relay, s.relay);
  // the second introducer: the brokers the link names (both ends meet at the same ones),
  // else the person's, else the site's; [] (or none anywhere) turns it off
  const siteBrokers = checkBrokers(s.brokers);
  const brokers = pick(checkBrokers, brokersLinked, m.brokers, s.brokers) || [];
  const sameAsSite = siteBrokers.ok && JSON.stringify(siteBrokers.value) === JSON.stringify(brokers);
  const brokersNamed = typeof s.brokersName === 'string' && s.brokersName.length <= 80 ? s.brokersName : '';
  const hosts = brokers.map((b) => new URL(b).host.replace(/:\d+$/, ''));
  return {
    brokers,
    brokersName: !brokers.length ? '' : sameAsSite && brokersNamed ? `${brokersNamed} (${hosts.join(', ')})`
      : brokers.length === 1 ? `the MQTT broker at ${new URL(brokers[0]).host}` : `the MQTT brokers at ${hosts.join(', ')}`,
    signaling,
    iceServers: [...(pick(checkIce, m.iceServers, s.iceServers) || []), ...(relay ? [relay] : [])],
    relay,
    name: !signaling ? '' : !own && named ? `${named} (${host})` : `the signaling server at ${host}`,
    own,
  };
}

// Kept in memory too, so that where storage is blocked or full a person's settings hold
// until the page closes (and the dialog says so) instead of vanishing at once.
let inMemory = null;

function stored() {
  if (inMemory) return inMemory;
  try { return JSON.parse(localStorage.getItem(STORAGE_KEY) || 'null'); } catch { return null; }
}

async function siteDefaults() {
  try {
    const res = await fetch(new URL('./config.json', import.meta.url));
    if (res.ok) return await res.json();
  } catch { /* offline and not cached: no defaults, and online play says it cannot start */ }
  return {};
}

/** The settings in force (resolveSettings), an invitation's server `sig` above the rest. */
export async function loadSettings(sig = null, brokers = null) {
  return resolveSettings(await siteDefaults(), stored(), sig, brokers);
}

/** What the one-time notice is remembered by: every introducer in force. */
export function introducersKey(settings) {
  return [settings.signaling, ...(settings.brokers || [])].filter(Boolean).join(' ');
}

/** The site's defaults alone: what an empty field of Online settings stands for. */
export async function siteSettings() {
  return resolveSettings(await siteDefaults(), null);
}

/** The person's own settings as they set them (null: the site's default), for the dialog. */
export function ownSettings() {
  const m = stored() || {};
  const sig = checkSignaling(m.signaling);
  const ice = checkIce(m.iceServers);
  const relay = checkRelay(m.relay);
  const brokers = checkBrokers(m.brokers);
  return { signaling: sig.ok ? sig.value : null, iceServers: ice.ok ? ice.value : null, relay: relay.ok ? relay.value : null,
    brokers: brokers.ok ? brokers.value : null };
}

/** Keep the person's settings (already checked; null: the site's default). False when this
 *  browser would not store them: they then hold until the page is closed. */
export function saveSettings({ signaling, iceServers, relay = null, brokers = null }) {
  inMemory = { signaling, iceServers, relay, brokers };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(inMemory));
    inMemory = null;
    return true;
  } catch { return false; }
}

// ---- the one-time notice: which server introduces the devices ---------------------------
let noticedHere = [];

function noticedList() {
  try {
    const list = JSON.parse(localStorage.getItem(NOTICED_KEY) || '[]');
    if (Array.isArray(list)) return [...list.filter((x) => typeof x === 'string'), ...noticedHere];
  } catch { /* damaged or blocked: as if none */ }
  return noticedHere;
}

/** Whether this device was already told that `signaling` introduces its devices. */
export function noticed(signaling) {
  return noticedList().includes(signaling);
}

/** Remember that it was (the latest few servers; in memory where storage is blocked). */
export function markNoticed(signaling) {
  const list = [...new Set([...noticedList().filter((x) => x !== signaling), signaling])].slice(-MAX_NOTICED);
  noticedHere = [...new Set([...noticedHere, signaling])];
  try { localStorage.setItem(NOTICED_KEY, JSON.stringify(list)); } catch { /* kept in memory */ }
}

/** PeerJS client options for a checked signaling URL and ICE list. */
export function peerOptions(signaling, iceServers) {
  const url = new URL(signaling);
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  return {
    host: url.hostname,
    port: Number(url.port) || (secure ? 443 : 80),
    path: url.pathname,
    secure,
    config: { iceServers },
    debug: 0,
  };
}
