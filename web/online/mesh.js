// The second introducer: trystero's MQTT strategy (npm @trystero-p2p/mqtt, vendored into
// web/vendor/trystero/ by tools/vendor.py), which announces a table on several MQTT brokers
// at once, so that PeerJS's server being down, full or blocked does not stop friends from
// meeting (docs/online.md says why MQTT). It hands transport.js connections shaped as the
// PeerJS ones the table already speaks over (on/once/off 'open' 'data' 'close' 'error',
// `open`, send(text), close(), `peerConnection`), so the host's and the guests' protocol
// does not change with the introducer. Loaded only when a person chooses online play.
import { admitOnly } from './connect-policy.js';

let library = null;
const trystero = () => {
  if (!library) library = import('../vendor/trystero/mqtt.mjs');
  return library;
};

const APP = 'pipes-and-ducks';

/** A small event emitter with PeerJS's method names (the host's door in transport.js too). */
export class Events {
  constructor() { this.handlers = new Map(); }
  on(name, fn) { if (!this.handlers.has(name)) this.handlers.set(name, new Set()); this.handlers.get(name).add(fn); return this; }
  off(name, fn) {
    const set = this.handlers.get(name);
    if (set) for (const h of [...set]) if (h === fn || h.fn === fn) set.delete(h);
    return this;
  }

  once(name, fn) { const one = Object.assign((...a) => { this.off(name, one); fn(...a); }, { fn }); return this.on(name, one); }
  emit(name, ...args) { for (const fn of [...(this.handlers.get(name) || [])]) fn(...args); }
}

/** One device at the other end of a trystero room, as a PeerJS-like data connection. */
class MeshConn extends Events {
  constructor(room, peerId) {
    super();
    this.room = room;
    this.peerId = peerId;
    this.open = true;
    this.peerConnection = room.trystero.getPeers()[peerId] || null;
  }

  send(text) { if (this.open) this.room.sendText(text, { target: this.peerId }); }

  /** Let go of this connection; `tell`: say so to the other device, whose end closes too
   *  (the room's peers stay connected: a later try asks for the table again). */
  close(tell = true) {
    if (!this.open) return;
    this.open = false;
    if (this.room.conns.get(this.peerId) === this) this.room.conns.delete(this.peerId);
    if (tell && !this.room.destroyed) this.room.sendRole('bye', { target: this.peerId });
    this.emit('close');
  }
}

/** A table's room on the brokers: the host's side (`host`: every device that joins is a
 *  guest's connection) or a guest's (the one device that says it holds the table). */
export class MeshRoom extends Events {
  static async join(settings, room, host) {
    admitOnly(settings);
    const { joinRoom, getRelaySockets } = await trystero();
    return new MeshRoom(joinRoom({
      appId: APP,
      relayConfig: { urls: settings.brokers, redundancy: settings.brokers.length },
      rtcConfig: { iceServers: settings.iceServers },
    }, room), host, getRelaySockets);
  }

  constructor(trysteroRoom, host, sockets) {
    super();
    this.trystero = trysteroRoom;
    this.host = host;
    this.sockets = sockets;
    this.conns = new Map();
    this.destroyed = false;
    const text = trysteroRoom.makeAction('pnd');
    const role = trysteroRoom.makeAction('role');
    this.sendText = text.send;
    this.sendRole = role.send;
    text.onMessage = (data, { peerId }) => { const c = this.conns.get(peerId); if (c && typeof data === 'string') c.emit('data', data); };
    // The host says so to every device that joins, and again to one that asks (`hello`: a
    // guest whose connection was let go while the devices stayed joined); a guest takes the
    // device that said it. `bye`: the other end let its connection go.
    const greet = (peerId) => {
      const old = this.conns.get(peerId);
      if (old) old.close(false);
      role.send('host', { target: peerId });
      this.connected(peerId);
    };
    trysteroRoom.onPeerJoin = (peerId) => { if (host) greet(peerId); };
    role.onMessage = (data, { peerId }) => {
      if (data === 'bye') { const c = this.conns.get(peerId); if (c) c.close(false); }
      else if (host && data === 'hello') greet(peerId);
      else if (!host && data === 'host' && !this.conns.has(peerId)) this.connected(peerId);
    };
    trysteroRoom.onPeerLeave = (peerId) => { const c = this.conns.get(peerId); if (c) c.close(false); };
  }

  connected(peerId) {
    const conn = new MeshConn(this, peerId);
    this.conns.set(peerId, conn);
    this.emit('connection', conn);
    conn.emit('open');
  }

  /** A guest asks the devices it is joined with for the table again. */
  ask() { if (Object.keys(this.trystero.getPeers()).length) this.sendRole('hello'); }

  /** Whether any broker's socket is open: the table is announced somewhere. */
  reachable() {
    return Object.values(this.sockets()).some((s) => s && s.readyState === 1);
  }

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const c of [...this.conns.values()]) c.close(false);
    this.trystero.leave();
  }
}
