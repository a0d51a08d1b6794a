// Today's deal, as this device keeps it (docs/leaderboard.md): the attempts by UTC date, per
// game (localStorage 'pnd.daily'), for the results, the streak and the share text. A game's
// screen notes its end here (web/shell/history.js); starting a deal is the menu's
// (web/shell/daily.js), which a game screen never needs to load.
import engine from '../engine.js';
import { GAMES, PARTS, isGame } from './games.js';
import { showToast } from './toast.js';

const KEY = 'pnd.daily';

export const todayUTC = () => new Date().toISOString().slice(0, 10);

/** {date: {game: {seed, saveId, over, claim, link}}}; a damaged entry is left out. */
export function readDays() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || '{}');
    const days = data && typeof data.days === 'object' && data.days ? data.days : {};
    const out = {};
    for (const [date, games] of Object.entries(days)) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !games || typeof games !== 'object') continue;
      for (const [game, a] of Object.entries(games)) {
        if (!isGame(game) || !a || typeof a.seed !== 'string') continue;
        (out[date] ||= {})[game] = a;
      }
    }
    return out;
  } catch { return {}; }
}

export function writeDays(days) {
  try { localStorage.setItem(KEY, JSON.stringify({ version: 1, days })); return true; } catch {
    showToast("Today's result could not be kept: this browser's storage for the site is full or off.");
    return false;
  }
}

/** A session's daily deal: {date, scored} (scored: the day's first attempt), or null. A
 * resumed game is recognised by its deal's seed; the scored one by its saved game. */
export function dailyOf(session) {
  if (session.daily) return session.daily;
  for (const [date, games] of Object.entries(readDays())) {
    const a = games[session.game];
    if (a && a.seed === String(session.seed)) return { date, scored: Boolean(a.saveId && a.saveId === session.saveId) };
  }
  return null;
}

/** The day's scored attempt is over: its score is kept for the results and the streak. */
export async function noteOver(session) {
  const daily = dailyOf(session);
  if (!daily || !daily.scored) return;
  const seat = session.seats.findIndex((s) => s.controller === 'human');
  const made = await engine.call('scoreCard', { id: session.id, seat, seats: session.seats.map((s) => s.controller),
    name: session.seats[seat].name, date: daily.date, daily: true });
  if (!made.ok) return;
  const days = readDays();
  const a = days[daily.date] && days[daily.date][session.game];
  if (!a) return;
  a.over = true;
  a.claim = made.result.card.claim;
  writeDays(days);
}

/** Days in a row, up to today (or yesterday, before today's is played), with a finished
 * scored attempt. */
export function streak(days = readDays(), today = todayUTC()) {
  const done = (d) => Object.values(days[d] || {}).some((a) => a.over);
  let day = new Date(`${today}T00:00:00Z`);
  if (!done(today)) day = new Date(day.getTime() - 86_400_000);
  let n = 0;
  while (done(day.toISOString().slice(0, 10))) { n += 1; day = new Date(day.getTime() - 86_400_000); }
  return n;
}

export function resultText(game, claim) {
  if (!claim) return 'not finished';
  // a take-back after seeing a new card keeps the day's score off the table (take-backs T6)
  const unranked = claim.takebacks_revealed > 0 ? ' (take-backs: not ranked)' : '';
  return `${PARTS[game].resultText(claim)}${unranked}`;
}

/** The text to share: today's results, the streak and the link to play the deal. */
export function shareText(days = readDays(), today = todayUTC()) {
  const lines = [`Pipes & Ducks · today's deal ${today}`];
  for (const game of Object.keys(GAMES)) {
    const a = days[today] && days[today][game];
    if (a && a.over) lines.push(`${GAMES[game].title}: ${resultText(game, a.claim)}`);
  }
  const n = streak(days, today);
  if (n) lines.push(`Streak: ${n} day${n === 1 ? '' : 's'}`);
  const url = new URL('./', document.baseURI);
  url.hash = 'daily';
  lines.push(url.href);
  return lines.join('\n');
}
