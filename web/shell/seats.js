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

export function botLevel(controller) {
  const c = CONTROLLERS.find((x) => x.id === controller);
  return c && c.bot ? c.bot : null;
}
