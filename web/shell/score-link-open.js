// A score link opened (#score=..., docs/leaderboard.md): the engine replays the card it
// carries (verifyScore), the card is shown, and its game can be watched or its deal played.
import engine from '../engine.js';
import { cleanSeats } from './saves.js';
import { openGame } from './game-screen.js';
import { showToast } from './toast.js';
import { isScoreHash } from './score-links.js';

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
