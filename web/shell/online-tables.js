// Online tables (web/online/, docs/online.md), loaded only when chosen: hosting a new table
// from the menu's settings, reopening a host's table when its saved game is resumed, and
// joining a friend's table from an invitation link (#join=...).
import engine from '../engine.js';
import { FALLBACK_BOT } from './seats.js';
import { randomSeed } from './seed.js';
import { showToast } from './toast.js';
import { menu, playerCount, menuSeats, gameOptions } from './menu-settings.js';
import { openGame, closeGame } from './game-screen.js';

const $ = (sel) => document.querySelector(sel);
const onlineModule = () => import('../online/lobby.js');

async function startOnline() {
  const button = $('#online-host');
  if (button.disabled) return;
  const game = menu.game;
  const n = playerCount();
  // Every seat but the host's that the menu gives to a person is a friend's, on their device.
  const seats = menuSeats(n).map((s, i) => (i > 0 && s.controller === 'human' ? { ...s, controller: 'remote' } : s));
  if (seats[0].controller !== 'human') seats[0] = { ...seats[0], controller: 'human' };
  if (!seats.some((s) => s.controller === 'remote')) {
    showToast('Set a seat other than the first to Human: that seat is for a friend.');
    return;
  }
  button.disabled = true;
  try {
    const online = await onlineModule();
    const label = button.textContent;
    const connecting = (on) => { // the server has up to 8 s to answer: the button says what it waits for
      button.textContent = on ? 'Reaching the server…' : label;
      button.setAttribute('aria-busy', String(on));
    };
    const opened = await online.openHostPeer(showToast, { connecting });
    if (!opened) return;
    try { await engine.ready; } catch { opened.peer.destroy(); return; }
    const options = gameOptions(game, n);
    const created = await engine.newGame({ game, options, seed: randomSeed() });
    if (!created.ok) { opened.peer.destroy(); showToast(created.error.message); return; }
    const session = { ...created.result, seats };
    const table = online.hostTable(opened, session, engine);
    table.hints = $('#online-hints').checked; // docs/rulings/hints.md H4
    await openGame({ ...session, online: table, startGate: table.ready });
    history.replaceState(null, '', `#host=${opened.room}`);
    table.invite();
  } catch (err) {
    console.error(err);
    showToast('Online play could not start.');
  } finally {
    button.disabled = false;
  }
}

/** A host's online game resumed (a reload, or Saved games): the same room opens again and
 * the friends' devices rejoin their seats; if it cannot, bots play the friends' seats here. */
export async function resumeOnline(session, kept) {
  const online = await onlineModule();
  const opened = await online.reopenHostPeer(kept, showToast);
  if (!opened) {
    showToast('The online table could not be reopened: bots play the friends\' seats on this device.', 8000);
    await openGame({ ...session, seats: session.seats.map((s) => (s.controller === 'remote' ? { ...s, controller: FALLBACK_BOT } : s)) });
    return;
  }
  const table = online.hostTable(opened, session, engine, kept.friends);
  table.hints = kept.hints === true;
  await openGame({ ...session, online: table, startGate: table.ready });
  history.replaceState(null, '', `#host=${opened.room}`);
}

async function joinFromLink(hash = location.hash) {
  const online = await onlineModule();
  const invitation = online.linkInvitation(hash);
  if (!invitation) return;
  await online.joinTable(invitation, {
    // an online guest's log starts when it joins (the host answers only state and play)
    openScreen: (session) => openGame({ ...session, pastMoves: false }, { autosave: false }),
    exit: closeGame,
    toast: showToast,
  });
}

export function wireOnline() {
  $('#online-host').addEventListener('click', startOnline);
  $('#online-settings-open').addEventListener('click', async () => (await onlineModule()).openSettings());
  if (/^#join=/.test(location.hash)) joinFromLink();
  // An invitation opened in a tab already on the site (pasted into its address bar, or the
  // installed app handed the link) changes only the hash: the page does not load again, so it
  // is joined from here, what is on screen left first as its own button leaves it.
  window.addEventListener('hashchange', () => {
    const hash = location.hash;
    if (!/^#join=/.test(hash)) return;
    const screen = document.documentElement.dataset.screen;
    const joiningLeave = document.querySelector('#game .online-join [data-act=leave]');
    if (screen === 'online-join' && joiningLeave) joiningLeave.click();
    else if (screen !== 'menu') closeGame();
    // leaving a table clears the address; the invitation stays in it, so a reload rejoins
    if (location.hash !== hash) history.replaceState(null, '', hash);
    joinFromLink(hash);
  });
}
