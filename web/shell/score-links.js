// Score links (#score=..., made by the engine's scoreCard; docs/leaderboard.md): the address
// that carries a card, opening one (the engine replays it: verifyScore), and the prefilled
// leaderboard issue of the project's repository.
import engine from '../engine.js';
import { cleanSeats } from './saves.js';
import { openGame } from './game-screen.js';
import { showToast } from './toast.js';

const TAG = 'score=';

export const isScoreHash = (hash) => String(hash).replace(/^#/, '').startsWith(TAG);

/** The whole address for a card's fragment (`score=...`). */
export function scoreLink(fragment, base = document.baseURI) {
  const url = new URL('./', base);
  url.hash = fragment;
  return url.href;
}

let repo;
/** "owner/name" of the repository whose issues take submissions: leaderboard/config.json's
 * `repository`, else read from a GitHub Pages address (owner.github.io/name/); or null. */
export async function repository() {
  if (repo !== undefined) return repo;
  repo = null;
  try {
    const res = await fetch(new URL('leaderboard/config.json', document.baseURI));
    const config = res.ok ? await res.json() : null;
    if (config && typeof config.repository === 'string' && /^[\w.-]+\/[\w.-]+$/.test(config.repository)) repo = config.repository;
  } catch { /* offline, or no such file: the address may still say */ }
  const pages = location.hostname.match(/^([a-z0-9-]+)\.github\.io$/i);
  if (!repo && pages) {
    const first = location.pathname.split('/').filter(Boolean)[0];
    repo = `${pages[1]}/${first && !first.includes('.') ? first : `${pages[1]}.github.io`}`;
  }
  return repo;
}

/** The new-issue address with the leaderboard form and the link filled in, or null. */
export async function submitUrl(card, link) {
  const name = await repository();
  if (!name) return null;
  const q = new URLSearchParams({ template: 'leaderboard.yml', title: `Leaderboard: ${card.name}, ${card.game}${card.daily ? ` daily ${card.date}` : ''}`, score: link });
  return `https://github.com/${name}/issues/new?${q}`;
}

async function openScoreLink(hash) {
  const fragment = String(hash).replace(/^#/, '');
  history.replaceState(null, '', location.pathname + location.search); // once is enough
  const { showScoreCard, showScoreRefusal } = await import('./score-card.js');
  try { await engine.ready; } catch { return; }
  const checked = await engine.call('verifyScore', { link: fragment });
  if (!checked.ok) { await showScoreRefusal(checked.error.message); return; }
  const { card } = checked.result;
  const loaded = await engine.load({ data: card.record });
  if (!loaded.ok) { showToast(loaded.error.message); return; }
  const seats = cleanSeats(card.seats.map((controller, i) => ({
    name: i === card.seat ? card.name : undefined, controller: controller === 'remote' ? 'human' : controller,
  })), loaded.result.players);
  const deal = ['deal', 'Play this deal'];
  const choice = await showScoreCard({ engine, id: loaded.result.id, verified: { ...checked.result, link: fragment },
    actions: [['replay', 'Watch the replay'], deal] });
  if (choice === 'replay') {
    await openGame({ ...loaded.result, seats, replay: true });
    return;
  }
  engine.close({ id: loaded.result.id });
  if (choice === 'deal') {
    const created = await engine.newGame({ game: card.game, options: card.record.options, seed: card.record.seed });
    if (created.ok) await openGame({ ...created.result, seats });
  }
}

export function wireScoreLinks() {
  if (isScoreHash(location.hash)) openScoreLink(location.hash);
  window.addEventListener('hashchange', () => { if (isScoreHash(location.hash)) openScoreLink(location.hash); });
}
