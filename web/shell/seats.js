// Seat settings shared by the menu and both games: colours, names, who controls a seat.

// Each colour carries white text at 4.5:1 or better (WCAG AA).
export const SEAT_COLOURS = ['#c23a4c', '#2f7fc1', '#2e8b57', '#8e5cc4', '#e07b1f', '#7a5230'];
export const DEFAULT_NAMES = ['You', 'Bo', 'Cleo', 'Dax', 'Edda', 'Finn'];

/** Controllers a seat can have. Bot levels map to the engine's bot names. */
export const CONTROLLERS = [
  { id: 'human', label: 'Human' },
  { id: 'bot:random', label: 'Bot · easy', bot: 'random' },
  { id: 'bot:greedy', label: 'Bot · normal', bot: 'greedy' },
  { id: 'bot:hard', label: 'Bot · hard', bot: 'hard' },
];

/** Who plays a friend's seat in online play once the friend is gone (handed over by the host,
 *  or a table whose room cannot be reopened). */
export const FALLBACK_BOT = 'bot:greedy';

export function botLevel(controller) {
  const c = CONTROLLERS.find((x) => x.id === controller);
  return c && c.bot ? c.bot : null;
}

/** A seat name as the shell keeps it: text of at most 16 characters, without the characters
 * that mean something in markup or control characters, so a name read from storage, a file
 * or a link can never become markup in any screen that builds HTML from it. Characters are
 * counted as code points (Array.from), so an emoji is never cut in half; py/arcade/names.py
 * applies the same rule to score cards and the leaderboard (tests/leaderboard/test_names.py). */
export function cleanName(name, i) {
  const text = typeof name === 'string'
    ? Array.from(name.replace(/[<>&"'`\u0000-\u001f\u007f]/g, '').trim()).slice(0, 16).join('') : '';
  return text || DEFAULT_NAMES[i] || `Player ${i + 1}`;
}

/** In a game several people play on one device, "You" names nobody ("Hand the device to You",
 *  "I am You"): a seat left with that default name is called by a name of its own, as the
 *  others are ("Ann", or "Player 1" when a seat is called Ann already). One person against
 *  bots, or an online table, keeps "You". */
export function hotSeatNames(seats) {
  if (seats.filter((s) => s.controller === 'human').length < 2) return seats;
  return ownNames(seats);
}

/** A game watched from a shared link was played by someone else: "You" (the sharer's
 *  default name) is not the watcher ("Waiting for You…"), so the seat gets a name of its own. */
export function watchedNames(seats) { return ownNames(seats); }

function ownNames(seats) {
  const taken = new Set(seats.map((s) => s.name));
  return seats.map((s, i) => (s.name !== DEFAULT_NAMES[0] ? s
    : { ...s, name: taken.has(HOTSEAT_NAME) ? `Player ${i + 1}` : HOTSEAT_NAME }));
}
const HOTSEAT_NAME = 'Ann';

/** What a players panel says a seat is: a person at this device, a bot and its level, or a
 *  seat played on another device (`remote`): the host, or a friend online; a guest knows a
 *  remote seat is a bot only from the host's table (`kind`). */
export function seatKind(seat) {
  if (seat.controller === 'human') return 'human';
  if (seat.controller === 'remote') return seat.kind === 'bot' ? 'bot' : seat.kind === 'host' ? 'host' : 'online';
  const level = CONTROLLERS.find((c) => c.id === seat.controller);
  return level && level.bot ? level.label.toLowerCase() : 'bot';
}

/** A controller id this page knows, or the default for seat i. */
export function cleanController(controller, i) {
  return CONTROLLERS.some((c) => c.id === controller) ? controller : (i === 0 ? 'human' : 'bot:greedy');
}

/** The engine names the seat of a take-back by number or faction ("Player 2 took back…",
 *  "Pisae took back…"); the page says the name the seat was given. */
export function takeBackText(ev, seats) {
  const seat = seats[ev.player];
  return seat ? String(ev.text).replace(/^.*? took back/, `${seat.name} took back`) : String(ev.text);
}
