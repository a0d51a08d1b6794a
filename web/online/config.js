// Online play's settings: which PeerJS signaling server introduces the devices and which
// STUN/TURN servers help them find a path to each other. The site's own defaults are in
// web/online/config.json (a school can point it at its own servers); a person can change
// them in the Online settings dialog (kept in localStorage). Out of the box there are none:
// the page contacts no other origin unless someone configured one (docs/online.md).
const STORAGE_KEY = 'pnd.online.settings.v1';
const MAX_ICE = 8;

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

/** A list of ICE servers [{urls, username?, credential?}]; refusals say why. */
export function checkIce(list) {
  if (list === null || list === undefined) return { ok: true, value: [] };
  if (!Array.isArray(list) || list.length > MAX_ICE) return { ok: false, message: `Give at most ${MAX_ICE} STUN/TURN servers.` };
  const out = [];
  for (const item of list) {
    const entry = typeof item === 'string' ? { urls: item } : item;
    if (!entry || typeof entry !== 'object' || typeof entry.urls !== 'string' || !/^(stun|stuns|turn|turns):[^\s]{1,250}$/.test(entry.urls)) {
      return { ok: false, message: 'Each STUN/TURN server must be a stun:, stuns:, turn: or turns: address.' };
    }
    const clean = { urls: entry.urls };
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

function stored() {
  try { return JSON.parse(localStorage.getItem(STORAGE_KEY) || 'null'); } catch { return null; }
}

/** The settings in force: the person's own, else the site's config.json. */
export async function loadSettings() {
  let site = {};
  try {
    const res = await fetch(new URL('./config.json', import.meta.url));
    if (res.ok) site = await res.json();
  } catch { /* offline: the site's defaults are none */ }
  const mine = stored() || {};
  const signaling = checkSignaling(mine.signaling ?? site.signaling ?? null);
  const ice = checkIce(mine.iceServers ?? site.iceServers ?? []);
  return { signaling: signaling.ok ? signaling.value : null, iceServers: ice.ok ? ice.value : [] };
}

/** Keep the person's settings (already checked). */
export function saveSettings({ signaling, iceServers }) {
  try { localStorage.setItem(STORAGE_KEY, JSON.stringify({ signaling, iceServers })); } catch { /* private mode */ }
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
