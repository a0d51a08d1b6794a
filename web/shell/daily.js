// Today's deal (issue 24, docs/leaderboard.md): one deal per UTC date per game, the same for
// everyone, from the engine (dailyDeal: the seed comes from the date, in Python). The first
// attempt of a day is the scored one; later attempts of that deal are practice. This device
// keeps the attempts by date (web/shell/daily-record.js), for the results, the streak and the
// share text. A day is a UTC date (docs/rulings/leaderboard.md L2).
import engine from '../engine.js';
import { GAMES, PARTS } from './games.js';
import { SEAT_COLOURS } from './seats.js';
import { menuSeats } from './menu-settings.js';
import { openGame, currentSession } from './game-screen.js';
import { showToast } from './toast.js';
import { esc } from './frame.js';
import { loadStyle } from './style.js';
import { todayUTC, readDays, writeDays, streak, resultText, shareText } from './daily-record.js';

const BOT_NAMES = ['Bo', 'Cleo', 'Dax', 'Edda', 'Finn'];

/** Start `game`'s deal of today: the scored attempt, or practice once that one is begun. */
export async function startDaily(game) {
  const date = todayUTC();
  try { await engine.ready; } catch { return; }
  const deal = await engine.call('dailyDeal', { game, date });
  if (!deal.ok) { showToast(deal.error.message); return; }
  const days = readDays();
  const scored = !(days[date] && days[date][game]);
  const created = await engine.newGame({ game, options: deal.result.options, seed: deal.result.seed });
  if (!created.ok) { showToast(created.error.message); return; }
  const me = menuSeats(1)[0];
  let bot = 0;
  const seats = deal.result.seats.map((controller, i) => (i === deal.result.seat
    ? { name: me.name, controller, colour: SEAT_COLOURS[i] }
    : { name: BOT_NAMES[bot++], controller, colour: SEAT_COLOURS[i] }));
  if (scored) {
    (days[date] ||= {})[game] = { seed: deal.result.seed, saveId: null, over: false };
    writeDays(days);
  }
  await openGame({ ...created.result, seats, daily: { date, scored } });
  const session = currentSession();
  if (scored && session && session.saveId) {
    const now = readDays();
    if (now[date] && now[date][game]) { now[date][game].saveId = session.saveId; writeDays(now); }
  }
}

/** The "Today's deal" dialog of the menu. */
export async function showDaily() {
  await loadStyle(new URL('../styles/scores.css', import.meta.url));
  const date = todayUTC();
  const days = readDays();
  const what = {};
  for (const game of Object.keys(GAMES)) {
    // a game whose deal changes by the day (a faction of the day) says it from the day's deal
    const said = PARTS[game].dailyWhat;
    if (typeof said !== 'function') { what[game] = said; continue; }
    let deal = null;
    try {
      await engine.ready;
      const got = await engine.call('dailyDeal', { game, date });
      if (got.ok) deal = got.result;
    } catch { /* the engine failed to start: the boot error says so */ }
    what[game] = said(deal);
  }
  const row = (game) => {
    const a = days[date] && days[date][game];
    const status = !a ? 'Your scored attempt is waiting.' : a.over ? `Scored: ${resultText(game, a.claim)}. Another go is practice.` : 'Your scored attempt is begun (resume it from Saved games); another go is practice.';
    return `<li class="daily-game" data-game="${game}"><h3>${esc(GAMES[game].title)}</h3><p>${esc(what[game])}</p>
      <p class="muted" data-testid="daily-status-${game}">${esc(status)}</p>
      <button type="button" class="btn ${a ? '' : 'btn-primary'}" data-act="play" data-game="${game}">${a ? 'Practise' : 'Play'} ${esc(GAMES[game].title)}</button></li>`;
  };
  const past = Object.keys(days).sort().reverse().slice(0, 14).map((d) => {
    const parts = Object.keys(GAMES).filter((g) => days[d][g] && days[d][g].over).map((g) => `${GAMES[g].title}: ${resultText(g, days[d][g].claim)}`);
    return parts.length ? `<li><b>${esc(d)}</b> ${esc(parts.join(' · '))}</li>` : '';
  }).join('');
  const n = streak(days, date);
  const dialog = document.createElement('dialog');
  dialog.className = 'frame-dialog wide daily-dialog';
  dialog.dataset.testid = 'daily-dialog';
  dialog.innerHTML = `<h2>Today's deal <span class="muted daily-date" data-testid="daily-date">${esc(date)} (UTC)</span></h2>
    <div class="frame-dialog-body">
      <p>One deal a day for everyone. Your first attempt is the scored one; later attempts are practice.</p>
      <ul class="daily-games">${Object.keys(GAMES).map(row).join('')}</ul>
      <p class="daily-streak" data-testid="daily-streak">${n ? `Streak: <b>${n}</b> day${n === 1 ? '' : 's'} in a row.` : 'No streak yet: finish a daily deal to start one.'}</p>
      ${past ? `<h3>Your results</h3><ul class="daily-past">${past}</ul>` : ''}
      <p class="muted daily-note" role="status"></p>
    </div>
    <div class="frame-dialog-actions">
      <button type="button" class="btn" data-act="share">Copy the share text</button>
      <button type="button" class="btn" data-act="close">Close</button>
    </div>`;
  document.body.append(dialog);
  const close = () => { dialog.close(); dialog.remove(); };
  dialog.addEventListener('cancel', close, { once: true });
  dialog.addEventListener('click', async (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.dataset.act === 'close') close();
    if (b.dataset.act === 'play') { close(); await startDaily(b.dataset.game); }
    if (b.dataset.act === 'share') {
      const text = shareText(readDays(), date);
      try {
        if (navigator.share) await navigator.share({ text });
        else { await navigator.clipboard.writeText(text); dialog.querySelector('.daily-note').textContent = 'Copied.'; }
      } catch { dialog.querySelector('.daily-note').textContent = text; }
    }
  });
  dialog.showModal();
  dialog.querySelector('[data-act=play]').focus();
}

export function wireDaily() {
  const button = document.querySelector('#daily-open');
  if (button) button.addEventListener('click', () => showDaily());
  if (location.hash === '#daily') {
    history.replaceState(null, '', location.pathname + location.search);
    showDaily();
  }
}
