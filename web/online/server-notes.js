// What a person is told about the signaling server that introduces the devices: the Online
// settings dialog (their own server, or the site's default), the one-time notice before the
// page first contacts a server, and what to do when it cannot be reached (docs/online.md).
import { siteSettings, ownSettings, saveSettings, checkSignaling, checkIce, checkRelay, checkBrokers, iceLines, noticed, markNoticed, introducersKey } from './config.js';
import { newDialog, ask } from './dialogs.js';

const $ = (sel, el = document) => el.querySelector(sel);
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
// The one line that starts a signaling server of one's own (docs/online.md); plain text,
// written into the dialogs' markup as it is.
export const OWN_SERVER = 'npx peerjs --port 9000';

/** Who introduces the devices, in words: one introducer or both (the first to answer wins). */
function whoIntroduces(settings) {
  return [settings.signaling ? settings.name : '', settings.brokersName].filter(Boolean);
}

/** The notice's sentence: which servers introduce the devices, and that they see no game. */
export function introduces(settings) {
  const who = whoIntroduces(settings);
  return who.length > 1
    ? `${capital(who[0])} and ${who[1]} introduce the devices, whichever answers first; after that, moves go straight from device to device, and no server sees the game.`
    : `${capital(who[0])} introduces the devices; after that, moves go straight from device to device, and no server sees the game.`;
}

/** Why online play could not start, in a sentence. */
export function unreachable(settings, offline = false) {
  const who = whoIntroduces(settings);
  return offline ? 'This device is offline: online play needs a connection.'
    : who.length > 1
      ? `Could not reach ${who[0]} or ${who[1]}, which introduce the devices: this device may be offline, or the servers down, full or blocked on this network.`
      : `Could not reach ${who[0]}, which introduces the devices: this device may be offline, or the server down, full or blocked on this network.`;
}

/** Why a device that reached the other's introduction still could not connect to it, and
 *  what to do, in a sentence (`other`: "Hana's device", "a friend's device"). With a relay
 *  in force the relay did not carry it either: its address or login is the thing to check. */
export function cannotMeet(settings, other) {
  if (settings.relay) {
    return `This device could not connect to ${other}, even through the relay server (${settings.relay.urls.replace(/^turns?:/, '').split('?')[0]}): check its address, user name and password in Online settings.`;
  }
  return `The two networks cannot reach each other directly, so this device cannot connect to ${other}: join from the same Wi-Fi, or name a relay server in Online settings.`;
}

/**
 * Before a host's page first contacts `settings.signaling`: say which server it is and what it
 * sees, once per server on this device. Resolves true to go on (now or already told).
 */
export async function noticeFirst(settings) {
  if (noticed(introducersKey(settings))) return true;
  const choice = await ask('online-notice', `<h2 id="online-notice-title">Playing online</h2>
      <p class="online-notice" data-testid="online-notice"></p>
      <p class="muted">Your friends open the invitation link on their own phones or computers.
      To use a server of your own instead, choose Online settings.</p>
      <div class="frame-dialog-actions">
        <button type="button" class="btn" data-act="settings">Online settings…</button>
        <button type="button" class="btn" data-act="cancel">Cancel</button>
        <button type="button" class="btn btn-primary" data-act="go" data-testid="online-notice-go">Continue</button>
      </div>`, (dialog) => { $('.online-notice', dialog).textContent = introduces(settings); });
  if (choice === 'settings') openSettings();
  if (choice !== 'go') return false;
  markNoticed(introducersKey(settings));
  return true;
}

/** The notice on a guest's join screen (opening an invitation is the choice to go online),
 *  the first time this device meets that server; '' once told. */
export function guestNotice(settings) {
  if (noticed(introducersKey(settings))) return '';
  markNoticed(introducersKey(settings));
  return introduces(settings);
}

/** A host's start failed on the server: say why and what to do; resolves 'retry',
 *  'settings' (the dialog is then open) or 'cancel'. */
export async function reportUnreachable(settings, offline) {
  const choice = await ask('online-unreachable', `<h2 id="online-unreachable-title">Online play could not start</h2>
      <p class="online-unreachable-why" data-testid="online-unreachable" role="alert"></p>
      <p>Try again in a moment, or run a signaling server of your own on a computer your
      friends' devices can reach (<code>${OWN_SERVER}</code>, with Node.js) and name it in Online settings.</p>
      <div class="frame-dialog-actions">
        <button type="button" class="btn" data-act="settings">Online settings…</button>
        <button type="button" class="btn" data-act="cancel">Close</button>
        <button type="button" class="btn btn-primary" data-act="retry" data-testid="online-retry">Try again</button>
      </div>`, (dialog) => { $('.online-unreachable-why', dialog).textContent = unreachable(settings, offline); });
  if (choice === 'settings') openSettings();
  return choice;
}

// ---- Online settings ------------------------------------------------------------------
export async function openSettings(message = '') {
  const fallback = await siteSettings(); // what an empty field stands for
  const mine = ownSettings();
  let dialog = $('#online-settings');
  if (!dialog) {
    dialog = newDialog('online-settings', `<h2 id="online-settings-title">Online settings</h2>
      <p class="online-settings-message" role="alert"></p>
      <p>Devices find each other through a PeerJS signaling server and MQTT brokers (both are tried, the first to answer wins), then talk directly. Only the
      servers in force here are ever contacted, and only when you play online. Leave a field
      empty to use the site's default; name your own server for a school, a family or a
      network of your own (<code>${OWN_SERVER}</code> starts one).</p>
      <label class="embed-label" for="online-signaling">Signaling server (PeerJS)</label>
      <input id="online-signaling" type="url" spellcheck="false" autocomplete="off">
      <label class="embed-label" for="online-brokers">MQTT brokers that also introduce the devices, one per line (wss://…)</label>
      <textarea id="online-brokers" rows="2" spellcheck="false"></textarea>
      <label class="embed-label" for="online-relay">Relay server (TURN), for networks that cannot reach each other directly</label>
      <input id="online-relay" data-testid="online-relay" spellcheck="false" autocomplete="off" placeholder="turn:relay.example.org:3478">
      <label class="embed-label" for="online-relay-user">Relay user name</label>
      <input id="online-relay-user" data-testid="online-relay-user" spellcheck="false" autocomplete="off">
      <label class="embed-label" for="online-relay-password">Relay password</label>
      <input id="online-relay-password" data-testid="online-relay-password" type="password" autocomplete="off">
      <label class="embed-label" for="online-ice">STUN/TURN servers, one per line (stun:… or turn:… name secret)</label>
      <textarea id="online-ice" rows="2" spellcheck="false"></textarea>
      <p class="muted" id="online-settings-error" role="alert"></p>
      <div class="frame-dialog-actions">
        <button type="button" class="btn" data-act="cancel">Cancel</button>
        <button type="button" class="btn btn-primary" data-act="save">Save</button>
      </div>`);
    $('[data-act=cancel]', dialog).addEventListener('click', () => dialog.close());
    $('[data-act=save]', dialog).addEventListener('click', () => {
      const lines = $('#online-ice').value.split('\n').map((l) => l.trim()).filter(Boolean);
      const sig = checkSignaling($('#online-signaling').value.trim());
      const ice = checkIce(lines.length ? lines : null);
      const [urls, username, credential] = ['#online-relay', '#online-relay-user', '#online-relay-password'].map((id) => $(id).value.trim());
      const relay = checkRelay(urls || username || credential ? { urls, username, credential } : null);
      const brokerLines = $('#online-brokers').value.split('\n').map((l) => l.trim()).filter(Boolean);
      const brokers = checkBrokers(brokerLines.length ? brokerLines : null);
      const problem = !sig.ok ? sig.message : !brokers.ok ? brokers.message : !relay.ok ? relay.message : !ice.ok ? ice.message : '';
      $('#online-settings-error').textContent = problem;
      if (problem) return;
      if (saveSettings({ signaling: sig.value, iceServers: ice.value, relay: relay.value, brokers: brokers.value })) dialog.close();
      else $('#online-settings-error').textContent = 'This browser keeps no settings here (its storage is blocked or full): they hold until this page is closed.';
    });
  }
  $('.online-settings-message', dialog).textContent = message;
  const signaling = $('#online-signaling');
  signaling.value = mine.signaling || '';
  signaling.placeholder = `Default: ${fallback.signaling || 'none'}`;
  $('#online-brokers').value = (mine.brokers || []).join('\n');
  $('#online-brokers').placeholder = `Default: ${fallback.brokers.map((b) => new URL(b).host).join(', ') || 'none'}`;
  $('#online-relay').value = mine.relay ? mine.relay.urls : '';
  $('#online-relay').placeholder = fallback.relay ? `Default: ${fallback.relay.urls}` : 'None: for example turn:relay.example.org:3478';
  $('#online-relay-user').value = mine.relay ? mine.relay.username : '';
  $('#online-relay-password').value = mine.relay ? mine.relay.credential : '';
  const ice = $('#online-ice');
  ice.value = iceLines(mine.iceServers).join('\n');
  // the site's relay is the relay field's default, not a line of this list's
  const siteIce = fallback.iceServers.filter((x) => x !== fallback.relay);
  ice.placeholder = `Default: ${iceLines(siteIce).map((l) => l.split(' ')[0]).join(', ') || 'none'}`;
  $('#online-settings-error').textContent = '';
  if (!dialog.open) dialog.showModal();
}
