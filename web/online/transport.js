// WebRTC data channels between devices, introduced by a PeerJS signaling server
// (docs/online.md says why PeerJS). The client library is vendored (web/vendor/peerjs/) and
// imported only here, the moment a person chooses online play, so the offline page never
// loads it. Messages are JSON text ('raw' serialization), so the receiver checks the size
// before it parses anything.
import { peerOptions } from './config.js';
import { admitOnly } from './connect-policy.js';

let library = null;
async function PeerClass() {
  if (!library) library = import('../vendor/peerjs/peerjs.min.js').then(() => window.peerjs.Peer);
  return library;
}

// A server that never answers (a blocked port, a free server that is full) is given up
// within this, so that a person hears in under 10 s that it cannot be reached (docs/online.md).
const OPEN_TIMEOUT_MS = 8_000;
// The PeerJS errors that mean the signaling server itself was not reached or dropped the line.
const SERVER_ERRORS = new Set(['network', 'server-error', 'socket-error', 'socket-closed']);
// One try at the host's table: long enough for ICE on a slow device, short enough that a try
// that went nowhere is made again soon (the guest tries until it gets there: lobby.js).
export const ATTEMPT_MS = 8_000;

/** Open this device's peer at the signaling server (id: the room for a host, else null). */
export async function openPeer(settings, id = null) {
  if (!settings.signaling) throw Object.assign(new Error('No signaling server is set: choose one in Online settings.'), { type: 'unset' });
  admitOnly(settings.signaling);
  const Peer = await PeerClass();
  const options = peerOptions(settings.signaling, settings.iceServers);
  return new Promise((resolve, reject) => {
    const peer = id ? new Peer(id, options) : new Peer(options);
    const timer = setTimeout(() => {
      peer.destroy();
      reject(Object.assign(new Error('The signaling server did not answer.'), { type: 'timeout', unreachable: true }));
    }, OPEN_TIMEOUT_MS);
    const failed = (err) => {
      clearTimeout(timer);
      peer.destroy();
      reject(Object.assign(new Error(err.type === 'unavailable-id' ? 'That table is already open in another tab or device.'
        : `Could not reach the signaling server (${err.type || err.message}).`), { type: err.type, unreachable: SERVER_ERRORS.has(err.type) }));
    };
    // only while opening: a later error (a host not there yet) must not destroy the open peer
    peer.once('error', failed);
    peer.once('open', () => { clearTimeout(timer); peer.off('error', failed); resolve(peer); });
  });
}

/** The peer's line to the signaling server again, after it was lost (a server restart, a
 *  network change); resolves once it is back, rejects after ATTEMPT_MS. */
export function resignal(peer) {
  return new Promise((resolve, reject) => {
    const done = (ok) => {
      clearTimeout(timer);
      peer.off('open', opened);
      if (ok) resolve(); else reject(Object.assign(new Error('The signaling server did not answer.'), { type: 'timeout', unreachable: true }));
    };
    const opened = () => done(true);
    const timer = setTimeout(() => done(false), ATTEMPT_MS);
    peer.once('open', opened);
    peer.reconnect();
  });
}

/** Whether a WebRTC connection got as far as the other device's answer but found no path to
 *  it: the introduction worked, the two networks cannot reach each other directly (and no
 *  relay in force carried it). ICE "failed" says so at once; still "checking" when a try's
 *  time is up says the same (a browser may take 30 s to call it failed). */
export function unmet(pc) {
  if (!pc || !pc.remoteDescription) return false; // the other device never answered
  return !['connected', 'completed'].includes(pc.iceConnectionState);
}

/** Connect to a host's room; resolves with the open connection, rejects (and lets the
 *  connection go) when the try fails or takes longer than ATTEMPT_MS. An error whose
 *  `unmet` is true: the host answered but no path between the devices was found. */
export function connect(peer, room) {
  return new Promise((resolve, reject) => {
    const conn = peer.connect(room, { reliable: true, serialization: 'raw' });
    const pc = conn.peerConnection; // PeerJS lets go of it when the connection closes
    const fail = (message) => (unmet(pc) ? Object.assign(new Error('The two devices found no path to each other.'), { unmet: true }) : new Error(message));
    let settled = false;
    const settle = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      peer.off('error', onPeerError);
      if (!err) { resolve(conn); return; }
      conn.close();
      reject(err);
    };
    const onPeerError = (err) => settle(err && err.type === 'peer-unavailable'
      ? new Error('The table is not open: the host\'s page may be closed.') : fail(`Could not connect to the host (${(err && err.type) || 'error'}).`));
    const timer = setTimeout(() => settle(fail('The host\'s device did not answer in time.')), ATTEMPT_MS);
    peer.on('error', onPeerError);
    conn.once('open', () => settle(null));
    conn.once('error', () => settle(fail('The connection to the host failed.')));
    conn.once('close', () => settle(fail('The connection to the host closed.')));
  });
}

/** Send one message as JSON text; returns its length in characters (for `make bench`). */
export function send(conn, msg) {
  const text = JSON.stringify(msg);
  if (conn.open) conn.send(text);
  return text.length;
}
