// Online play's screens around the game: the host's invitation (link, QR code, copy), the
// guest's seat picker, the status bar that says who is here and who is away, and the
// settings dialog. Imported by web/app.js only when a person chooses online play or opens an
// invitation link; the game screens themselves are the same as for local play.
import { loadSettings, checkSignaling, checkBrokers } from './config.js';
import { openTable } from './transport.js';
import { newDialog } from './dialogs.js';
import { openSettings, noticeFirst, guestNotice, reportUnreachable, unreachable, cannotMeet } from './server-notes.js';
import { HostTable } from './host.js';
import { GuestLink, storedSeat } from './guest.js';
import { isRoom, randomHex } from './protocol.js';
import { cleanName, DEFAULT_NAMES } from '../shell/seats.js';

const $ = (sel, el = document) => el.querySelector(sel);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const OFFLINE = 'Online play needs a connection: this device is offline.';
const RETRY_MS = 2000; // between a guest's tries at the host's table
const SLOW_MS = 15_000; // then the guest's screen says what to check

/** The invitation link for a room: the room, the signaling server and the host's name (so
 *  the guest's screen can say whose table it is reaching), no seat secret. */
export function inviteLink(room, settings, host = '') {
  const url = new URL(document.baseURI);
  url.search = '';
  url.hash = new URLSearchParams({ join: room, ...(settings.signaling ? { sig: settings.signaling } : {}),
    ...(settings.brokers.length ? { mq: settings.brokers.join(' ') } : {}), ...(host ? { host } : {}) }).toString();
  return url.href;
}

/** {room, sig, mq, host} from this page's address (mq: the MQTT brokers the host's table is
 *  announced on; host: a cleaned name, or ''), or null. */
export function linkInvitation(hash = location.hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const room = p.get('join');
  if (!isRoom(room)) return null;
  const sig = checkSignaling(p.get('sig'));
  const mq = p.get('mq') === null ? { ok: false } : checkBrokers(p.get('mq').split(' ').filter(Boolean));
  const host = p.get('host') ? cleanName(p.get('host'), 0) : ''; // cleaned as every name from outside
  return { room, sig: sig.ok ? sig.value : null, mq: mq.ok ? mq.value : null, host: host === DEFAULT_NAMES[0] ? '' : host };
}

// ---- the status bar -------------------------------------------------------------------
function bar() {
  let el = $('#online-bar');
  if (!el) {
    el = document.createElement('div');
    el.id = 'online-bar';
    el.className = 'online-bar';
    el.dataset.testid = 'online-bar';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    $('#game').before(el);
  }
  el.hidden = false;
  return el;
}

export function hideBar() {
  const el = $('#online-bar');
  if (el) el.hidden = true;
}

/** The online bar; on the host `toBot(i)` offers a seat whose friend is away (or never came) to a bot. */
function renderBar(seats, { note = '', invite = null, toBot = null, start = null } = {}) {
  const el = bar();
  el.innerHTML = `<span class="online-title">Online table</span>
    <ul class="online-seats">${seats.map((s, i) => `<li data-seat="${i}" data-away="${s.away}"
      style="--seat:${esc(s.colour)}"><span class="online-dot" aria-hidden="true"></span>${esc(s.name)}${
      s.kind === 'bot' ? ' (bot)' : s.kind === 'host' ? ' (host)' : !s.taken ? ' — free seat' : s.away ? ' — away' : ''}</li>`).join('')}</ul>
    <span class="online-note" data-testid="online-note">${esc(note)}</span>`;
  if (toBot) {
    seats.forEach((s, i) => {
      if (s.kind !== 'friend' || (s.taken && !s.away)) return;
      $(`li[data-seat="${i}"]`, el).append(barButton(`Let a bot play ${s.taken ? s.name : `seat ${i + 1}`}`,
        `online-tobot-${i}`, () => toBot(i)));
    });
  }
  if (start) {
    $('.online-note', el).textContent = `${note ? `${note} ` : ''}The game starts when every seat is taken.`;
    el.append(barButton('Start now', 'online-start', start, 'btn-primary'));
  }
  if (invite) el.append(barButton('Invite…', 'online-invite', invite));
}

function barButton(text, testid, onClick, kind = '') {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `btn btn-small ${kind}`.trim();
  b.textContent = text;
  b.dataset.testid = testid;
  b.addEventListener('click', onClick);
  return b;
}

export { openSettings };

// ---- the host -------------------------------------------------------------------------
/** Open the host's peer for a new room; null if that cannot be done (and the person was
 *  told why and what to do). The first time, the notice says which server introduces the
 *  devices before the page contacts it; `connecting(on)` marks the wait on the screen. */
export async function openHostPeer(toast, { room = `pnd-${randomHex(10)}`, connecting = () => {} } = {}) {
  for (;;) {
    const settings = await loadSettings();
    if (!settings.signaling && !settings.brokers.length) { await openSettings('No signaling server is set: name one to play online.'); return null; }
    const offline = navigator.onLine === false;
    if (!offline) {
      if (!(await noticeFirst(settings))) return null;
      connecting(true);
      try {
        return { peer: await openTable(settings, room), room, settings };
      } catch (err) {
        if (!err.unreachable) { toast(err.message); return null; }
      } finally { connecting(false); }
    }
    if (await reportUnreachable(settings, offline) !== 'retry') return null;
  }
}

const REOPEN_TRIES = 8; // the signaling server lets a reloaded host's old id go within moments

/** Reopen the host's peer for a table its autosave kept (saves.js cleanTable checked it):
 *  the same room at the same signaling server, so the friends' links and seat keys still
 *  work; null (and a message shown) if that cannot be done. */
export async function reopenHostPeer(table, toast) {
  if (navigator.onLine === false) { toast(OFFLINE); return null; }
  const sig = checkSignaling(table.signaling);
  if (!sig.ok || !sig.value || !isRoom(table.room)) { toast('This online table\'s address is damaged.'); return null; }
  const settings = await loadSettings(sig.value);
  for (let i = 1; ; i += 1) {
    try {
      return { peer: await openTable(settings, table.room), room: table.room, settings };
    } catch (err) {
      if (err.type !== 'unavailable-id' || i >= REOPEN_TRIES) { toast(err.unreachable ? unreachable(settings) : err.message); return null; }
      await new Promise((resolve) => { setTimeout(resolve, 1000); });
    }
  }
}

/** The host's table for a session whose remote seats are for friends. */
export function hostTable({ peer, room, settings }, session, engine, friends = null) {
  const seats = friends || session.seats.map((s) => (s.controller === 'remote' ? { key: null, name: '' } : null));
  const own = session.seats[0].name; // a host who kept the menu's "You" is "the host"
  const link = inviteLink(room, settings, own === DEFAULT_NAMES[0] ? '' : own);
  let table = null;
  const invite = () => showInvite(link);
  const toBot = (i) => table.toBot(i);
  // note: a friend's device that reached this table found no path to it (cannot meet)
  const actions = () => ({ invite, toBot, start: table.started ? null : () => table.start(),
    note: table.unmet ? cannotMeet(settings, 'a friend\'s device') : '' });
  table = new HostTable({ peer, session, engine, friends: seats, onChange: (list) => renderBar(list, actions()) });
  table.room = room;
  table.signaling = settings.signaling;
  table.invite = invite;
  table.link = link;
  renderBar(table.seatList(), actions());
  return table;
}

async function showInvite(link) {
  let dialog = $('#online-invite');
  if (!dialog) {
    dialog = newDialog('online-invite', `<h2 id="online-invite-title">Invite your friends</h2>
      <p>Send this link, or let them scan the code. Each friend picks a free seat; a seat once
      taken stays with the device that took it.</p>
      <div class="online-qr" data-testid="online-qr"></div>
      <label class="embed-label" for="online-link">Invitation link</label>
      <input id="online-link" data-testid="online-link" readonly spellcheck="false">
      <p class="muted" id="online-copied" role="status"></p>
      <div class="frame-dialog-actions">
        <button type="button" class="btn" data-act="close">Close</button>
        <button type="button" class="btn btn-primary" data-act="copy">Copy link</button>
      </div>`);
    $('[data-act=close]', dialog).addEventListener('click', () => dialog.close());
    $('[data-act=copy]', dialog).addEventListener('click', async () => {
      $('#online-link').select();
      try {
        await navigator.clipboard.writeText($('#online-link').value);
        $('#online-copied').textContent = 'Copied.';
      } catch {
        $('#online-copied').textContent = 'Select the link and copy it (Ctrl+C / ⌘C).';
      }
    });
  }
  $('#online-link').value = link;
  $('#online-copied').textContent = '';
  const { default: qrcode } = await import('../vendor/qrcode/qrcode.mjs');
  const qr = qrcode(0, 'M');
  qr.addData(link);
  qr.make();
  $('.online-qr', dialog).innerHTML = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  if (!dialog.open) dialog.showModal();
}

// ---- a guest --------------------------------------------------------------------------
/**
 * Join the table of an invitation link: show its seats, take one (or the one this device
 * already holds), then play on the game screen `openScreen(session)` mounts.
 */
export async function joinTable({ room, sig, mq = null, host }, { openScreen, exit, toast }) {
  const screen = $('#game');
  $('#menu').hidden = true;
  screen.hidden = false;
  document.documentElement.dataset.screen = 'online-join';
  const panel = document.createElement('div');
  panel.className = 'online-join';
  panel.dataset.testid = 'online-join';
  panel.innerHTML = `<h2>Joining ${host ? `${esc(host)}'s table` : 'a table'}</h2><p class="online-join-status" role="status"></p><p class="online-join-notice muted" data-testid="online-notice" hidden></p><div class="online-join-seats"></div><button type="button" class="btn btn-small" data-act="leave">Back to the menu</button>`;
  screen.replaceChildren(panel);
  const status = (text) => { const el = $('.online-join-status', panel); if (el) el.textContent = text; };
  if (navigator.onLine === false) { status(OFFLINE); return null; }
  // the host's server, which the link names: both ends must meet at the same one (a link
  // naming none, or a damaged one, means this device's settings: the site's default)
  const settings = await loadSettings(sig, mq);
  if (!settings.signaling && !settings.brokers.length) { status('This invitation names no signaling server, and none is set in Online settings.'); return null; }
  const notice = guestNotice(settings); // said the first time, as the page contacts it
  if (notice) Object.assign($('.online-join-notice', panel), { textContent: notice, hidden: false });
  let playing = null; // the session on the game screen, once seated
  let lastSeats = [];
  const note = () => (link.quiet ? 'The host is not answering — waiting for it…'
    : link.seat === null ? 'You are watching.' : '');
  const link = new GuestLink({
    room,
    settings,
    handlers: {
      table(msg) {
        if (!performance.getEntriesByName('pnd:online-table').length) performance.mark('pnd:online-table'); // make bench
        lastSeats = msg.seats;
        renderBar(msg.seats, { note: note() });
        if (playing) nameSeats(playing.seats, msg.seats, link);
        const mine = storedSeat(room);
        if (link.seat === undefined && mine && msg.seats[mine.seat] && msg.seats[mine.seat].kind === 'friend') {
          link.claim(mine.seat, mine.name); // this device's seat: back to it
        } else if (link.seat === undefined && !playing) pickSeat(panel, msg, link);
      },
      seated(msg) {
        const seat = msg.seat;
        const s = msg.session;
        link.hints = s.hints === true; // the host allows hints (docs/rulings/hints.md H4)
        const session = {
          id: s.id, game: s.game, options: s.options, players: s.players,
          seats: s.seats.map((x, i) => ({ name: cleanName(x.name, i), colour: x.colour, controller: i === seat ? 'human' : 'remote',
            kind: lastSeats[i] && KINDS.has(lastSeats[i].kind) ? lastSeats[i].kind : 'friend' })),
          engine: link.engine,
          online: link,
          rematch: () => toast('The host starts the next game.'),
        };
        playing = session;
        renderBar(lastSeats, { note: note() });
        openScreen(session).then(() => performance.mark('pnd:online-screen')); // make bench
      },
      error(message) { toast(message); status(message); },
      quiet() { renderBar(lastSeats, { note: note() }); },
      lost() {
        link.seat = undefined;
        reach(true);
      },
      unmet() { if (reaching) reaching.unmet(); },
    },
  });
  // Try until the table is reached (each try bounded: transport.js ATTEMPT_MS), saying what
  // it waits for, and after SLOW_MS what to check; a lost connection starts it again.
  const whose = host ? `${host}'s table` : 'the table';
  let reaching = null; // the loop below, while it runs: what a stuck try says
  async function reach(again) {
    const say = (text) => (again ? renderBar(lastSeats, { note: text }) : status(text));
    let problem = '';
    let late = false;
    const noPath = () => `${cannotMeet(settings, host ? `${host}'s device` : 'the host\'s device')} Trying again…`;
    const slow = () => say(`Still reaching ${whose}. Check that ${host ? `${host}'s` : 'the host\'s'} page is open on the game
      and that this device is online.${problem ? ` Last try: ${problem}` : ''} Trying again…`.replace(/\s+/g, ' '));
    say(again ? `Connection lost — reaching ${whose} again…` : `Reaching ${whose}…`);
    let unreached = false; // the last try did not reach the signaling server: that is said instead
    reaching = { unmet() { unreached = true; say(noPath()); } };
    const timer = setTimeout(() => { late = true; if (!unreached) slow(); }, SLOW_MS);
    try {
      while (!link.left) {
        try {
          await link.open();
          return;
        } catch (err) {
          // the server that introduces the devices is said at once; a host not there yet later
          if (err.unreachable) say(`${unreachable(settings)} Trying again every few seconds; if it stays so, the host can name another server in Online settings and send a new link.`);
          // the host answered, but no path between the two devices was found: said at once
          if (err.unmet) say(noPath());
          problem = err.message;
          unreached = err.unreachable === true || err.unmet === true;
          if (late && !unreached) slow();
        }
        await pause(RETRY_MS);
      }
    } finally { clearTimeout(timer); reaching = null; }
  }
  $('[data-act=leave]', panel).addEventListener('click', () => { link.close(); exit(); });
  reach(false);
  return link;
}

const KINDS = new Set(['host', 'friend', 'bot']);

/** Wait `ms`, or less: a device whose network comes back (the browser's `online` event: a
 *  phone that woke, Wi-Fi to mobile data) tries at once instead of at the next turn. */
function pause(ms) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); window.removeEventListener('online', done); resolve(); };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** The host's table names its seats (a friend who sat down later, a seat handed to a bot):
 *  the guest's session seat list, the one place its screen reads names from, follows. */
function nameSeats(seats, told, link) {
  let changed = false;
  told.forEach((t, i) => {
    const s = seats[i];
    if (!s || !t) return;
    const name = cleanName(t.name, i);
    const kind = KINDS.has(t.kind) ? t.kind : s.kind;
    if (s.name === name && s.kind === kind) return;
    seats[i] = { ...s, name, kind };
    changed = true;
  });
  if (changed && link.match) link.match.seats.seatsChanged();
}

function pickSeat(panel, msg, link) {
  const box = $('.online-join-seats', panel);
  if (!box) return;
  const free = msg.seats.map((s, i) => ({ ...s, i })).filter((s) => s.kind === 'friend' && !s.taken);
  $('.online-join-status', panel).textContent = free.length ? 'Pick a free seat and your name.' : 'Every seat is taken: you can watch.';
  box.innerHTML = `<label class="embed-label" for="online-name">Your name</label>
    <input id="online-name" data-testid="online-name" maxlength="16" autocomplete="nickname">
    <ul class="online-free">${free.map((s) => `<li><button type="button" class="btn btn-primary" data-seat="${s.i}"
      data-testid="online-seat-${s.i}">Take seat ${s.i + 1} (${esc(s.name)})</button></li>`).join('')}
      <li><button type="button" class="btn" data-act="watch" data-testid="online-watch">Watch</button></li></ul>`;
  box.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.dataset.act === 'watch') link.watch();
    else link.claim(Number(b.dataset.seat), $('#online-name').value.trim().slice(0, 16));
  }, { once: true });
}
