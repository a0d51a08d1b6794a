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

const OPEN_TIMEOUT_MS = 15_000;

/** Open this device's peer at the signaling server (id: the room for a host, else null). */
export async function openPeer(settings, id = null) {
  if (!settings.signaling) throw new Error('No signaling server is set: choose one in Online settings.');
  admitOnly(settings.signaling);
  const Peer = await PeerClass();
  const options = peerOptions(settings.signaling, settings.iceServers);
  return new Promise((resolve, reject) => {
    const peer = id ? new Peer(id, options) : new Peer(options);
    const timer = setTimeout(() => { peer.destroy(); reject(new Error('The signaling server did not answer.')); }, OPEN_TIMEOUT_MS);
    peer.once('open', () => { clearTimeout(timer); resolve(peer); });
    peer.once('error', (err) => {
      clearTimeout(timer);
      peer.destroy();
      reject(Object.assign(new Error(err.type === 'unavailable-id' ? 'That table is already open in another tab or device.'
        : `Could not reach the signaling server (${err.type || err.message}).`), { type: err.type }));
    });
  });
}

/** Connect to a host's room; resolves with the open connection. */
export function connect(peer, room) {
  return new Promise((resolve, reject) => {
    const conn = peer.connect(room, { reliable: true, serialization: 'raw' });
    const timer = setTimeout(() => { conn.close(); reject(new Error('The host did not answer.')); }, OPEN_TIMEOUT_MS);
    const onError = (err) => {
      clearTimeout(timer);
      reject(new Error(err && err.type === 'peer-unavailable' ? 'The table is not open: the host may have left.' : 'Could not connect to the host.'));
    };
    peer.once('error', onError);
    conn.once('open', () => { clearTimeout(timer); peer.off('error', onError); resolve(conn); });
  });
}

/** Send one message as JSON text; returns its length in characters (for `make bench`). */
export function send(conn, msg) {
  const text = JSON.stringify(msg);
  if (conn.open) conn.send(text);
  return text.length;
}
