// WebRTC data channels between devices, introduced by two independent introducers raced: a
// PeerJS signaling server and trystero's MQTT brokers (mesh.js; docs/online.md says why
// two). Whichever introduces first carries the table; the connections both give look alike,
// so host.js and guest.js do not know which it was. The client library is vendored (web/vendor/peerjs/) and
// imported only here, the moment a person chooses online play, so the offline page never
// loads it. Messages are JSON text ('raw' serialization), so the receiver checks the size
// before it parses anything.
import { peerOptions } from './config.js';
import { admitOnly } from './connect-policy.js';
import { MeshRoom, Events } from './mesh.js';

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
// A try whose devices found no path after this is said at once to be stuck (the sentence of
// networks that cannot meet), and goes on to ATTEMPT_MS all the same: a slow path still wins.
// On a direct or relayed path ICE connects within a few seconds.
const UNMET_MS = 4_000;

/** Open this device's peer at the signaling server (id: the room for a host, else null). */
export async function openPeer(settings, id = null) {
  if (!settings.signaling) throw Object.assign(new Error('No signaling server is set: choose one in Online settings.'), { type: 'unset' });
  admitOnly(settings);
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
export function connect(peer, room, onStuck = () => {}) {
  return new Promise((resolve, reject) => {
    const conn = peer.connect(room, { reliable: true, serialization: 'raw' });
    const pc = conn.peerConnection; // PeerJS lets go of it when the connection closes
    const stuck = setTimeout(() => { if (unmet(pc)) onStuck(); }, UNMET_MS);
    const fail = (message) => (unmet(pc) ? Object.assign(new Error('The two devices found no path to each other.'), { unmet: true }) : new Error(message));
    let settled = false;
    const settle = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(stuck);
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

// ---- both introducers, raced -------------------------------------------------------------
const unreachableError = () => Object.assign(new Error('No introducer answered.'), { type: 'timeout', unreachable: true });

/** A host's table at every introducer in force, as one PeerJS-like peer for HostTable:
 *  'connection' from either, and 'disconnected' / reconnect() for PeerJS's line (the MQTT
 *  brokers' sockets reconnect by themselves). Opened once either introducer is reached; one
 *  that was not is registered with again by HostTable.resignal. */
class HostDoor extends Events {
  constructor(settings, room) {
    super();
    this.settings = settings;
    this.room = room;
    this.peerjs = null;
    this.mesh = null;
    this.destroyed = false;
  }

  adoptPeer(peer) {
    if (this.destroyed) { peer.destroy(); return; }
    this.peerjs = peer;
    peer.on('connection', (conn) => this.emit('connection', conn));
    peer.on('disconnected', () => this.emit('disconnected'));
    peer.on('open', () => this.emit('open'));
  }

  adoptMesh(mesh) {
    if (this.destroyed) { mesh.destroy(); return; }
    this.mesh = mesh;
    mesh.on('connection', (conn) => this.emit('connection', conn));
  }

  /** PeerJS's line is what may need registering again (none when no server is set). */
  get disconnected() { return Boolean(this.settings.signaling) && (!this.peerjs || this.peerjs.destroyed || this.peerjs.disconnected); }

  reconnect() {
    if (this.peerjs && !this.peerjs.destroyed) { this.peerjs.reconnect(); return; }
    openPeer(this.settings, this.room).then((peer) => { this.adoptPeer(peer); this.emit('open'); }, () => {});
  }

  destroy() {
    this.destroyed = true;
    if (this.peerjs) this.peerjs.destroy();
    if (this.mesh) this.mesh.destroy();
  }
}

/** Open a host's table `room` at both introducers; resolves with its door once either is
 *  reached (the other goes on trying), rejects when neither is within OPEN_TIMEOUT_MS or the
 *  room is open elsewhere. */
export async function openTable(settings, room) {
  const door = new HostDoor(settings, room);
  const viaPeer = settings.signaling ? openPeer(settings, room) : Promise.reject(unreachableError());
  viaPeer.catch(() => {}); // handled below, once the brokers' room is joined
  let mesh = null;
  if (settings.brokers.length) {
    try {
      mesh = await MeshRoom.join(settings, room, true);
      door.adoptMesh(mesh);
    } catch (err) { console.error('online: the MQTT introducer did not start', err); } // PeerJS alone, then
  }
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (err) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(timer);
      if (!err) { resolve(door); return; }
      door.destroy();
      reject(err);
    };
    const poll = setInterval(() => { if (mesh && mesh.reachable()) finish(null); }, 100);
    const timer = setTimeout(() => finish(unreachableError()), OPEN_TIMEOUT_MS);
    viaPeer.then((peer) => { door.adoptPeer(peer); finish(null); }, (err) => {
      if (!err.unreachable) { finish(err); return; } // the room is open elsewhere: said as it is
      // else the brokers may still answer; the table, once open, registers again
      // (HostTable.resignal: on this event, or at its start when `disconnected`)
      if (!mesh) finish(err);
      else if (done) door.emit('disconnected');
    });
  });
}

/** One try at a host's table through every introducer in force (`link` keeps each one's
 *  client between tries: link.peer, link.mesh; link.stuck() hears of a try whose devices
 *  have found no path yet, UNMET_MS); the first open connection wins and a late
 *  one is let go. When all fail: the error that says most (no path, the table not there,
 *  then the introducers not reached). */
export function reachTable(link, settings, room) {
  const tries = [];
  if (settings.signaling) {
    tries.push((async () => {
      link.peer = link.peer && !link.peer.destroyed ? link.peer : await openPeer(settings);
      if (link.peer.disconnected) await resignal(link.peer);
      return connect(link.peer, room, () => link.stuck && link.stuck());
    })());
  }
  if (settings.brokers.length) {
    tries.push((async () => {
      link.mesh = link.mesh && !link.mesh.destroyed ? link.mesh : await MeshRoom.join(settings, room, false);
      return meshConnect(link.mesh);
    })());
  }
  return new Promise((resolve, reject) => {
    let left = tries.length;
    let won = false;
    const errors = [];
    for (const t of tries) {
      t.then((conn) => { if (won) { conn.close(); return; } won = true; resolve(conn); }, (err) => {
        errors.push(err);
        if (--left > 0 || won) return;
        reject(errors.find((e) => e.unmet) || errors.find((e) => !e.unreachable) || errors[0]);
      });
    }
  });
}

/** The host's connection on the brokers: the one open, or the next the host's device makes
 *  (it says it holds the table); rejects after ATTEMPT_MS. */
function meshConnect(mesh) {
  const open = [...mesh.conns.values()].find((c) => c.open && !c.taken);
  if (open) { open.taken = true; return Promise.resolve(open); }
  return new Promise((resolve, reject) => {
    const got = (conn) => { clearTimeout(timer); conn.taken = true; resolve(conn); };
    const timer = setTimeout(() => {
      mesh.off('connection', got);
      reject(mesh.reachable() ? new Error('The table is not open on the MQTT brokers: the host\'s page may be closed.') : unreachableError());
    }, ATTEMPT_MS);
    mesh.once('connection', got);
    mesh.ask(); // joined with the host's device already, its connection let go: ask again
  });
}
