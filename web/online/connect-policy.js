// The page's Content-Security-Policy (index.html) has to admit any http(s)/ws(s) origin in
// connect-src, because the introducers (a PeerJS server, MQTT brokers) are only known at run
// time: the site's config.json, the person's Online settings or the invitation link name
// them. Nothing is contacted before the person chooses online play (e2e/test_online.py
// checks); from the moment they do, this adds a second policy admitting only those. Browsers enforce
// every policy a page has, and a policy once added cannot be removed or widened, so from
// then on the page can reach its own origin and those servers only, until it is reloaded.
// (STUN/TURN traffic is not governed by connect-src; WebRTC reaches only the listed servers.)

let admitted = null;

/** The origins a PeerJS client uses for a checked signaling URL (its HTTP and socket forms). */
export function signalingOrigins(signaling) {
  const url = new URL(signaling);
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  return secure ? [`https://${url.host}`, `wss://${url.host}`] : [`http://${url.host}`, `ws://${url.host}`];
}

/** The origins an MQTT client uses for a checked broker URL (its socket form). */
function brokerOrigins(broker) {
  const url = new URL(broker);
  return [`${url.protocol}//${url.host}`];
}

/** Narrow connect-src to this page and the introducers in force (a PeerJS server, MQTT
 *  brokers: settings as config.js resolves them); refuses (with why) other ones later. */
export function admitOnly(settings) {
  const list = [...(settings.signaling ? signalingOrigins(settings.signaling) : []), ...(settings.brokers || []).flatMap(brokerOrigins)];
  const origins = [...new Set(list)].join(' ');
  if (admitted === origins) return;
  if (admitted !== null) {
    throw new Error('This page has already used another signaling server: reload the page to use the new one.');
  }
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `connect-src 'self' ${origins}`;
  document.head.append(meta);
  admitted = origins;
  document.documentElement.dataset.onlineServer = origins; // what the tests and the curious can read
}
