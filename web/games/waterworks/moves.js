// Sorting the engine's legal moves by what the player is pointing at. This only groups and
// labels what the engine already listed; it never decides what is legal.
import { canTurn } from './card-art.js';

const sameXY = (a, x, y) => a && a[0] === x && a[1] === y;

/** Legal spots for one hand card in one orientation: [{x, y, kind, move, target, wins}]. */
export function spotsFor(legal, card, turned) {
  if (!card) return [];
  const want = canTurn(card) ? !!turned : false;
  const byCell = new Map();
  for (const m of legal) {
    if (m.card !== card.id || !['lay', 'leak', 'cover'].includes(m.type)) continue;
    if (!!m.turned !== want) continue;
    const key = `${m.x},${m.y}`;
    const old = byCell.get(key);
    if (!old || (m.and_spout && !old.move.and_spout)) {
      byCell.set(key, { x: m.x, y: m.y, kind: m.type, move: m, target: m.target, wins: !!m.and_spout });
    }
  }
  return [...byCell.values()].sort((a, b) => a.y - b.y || b.x - a.x);
}

/** How many spots the other orientation would offer (to hint that turning helps). */
export function spotsIfTurned(legal, card, turned) {
  return canTurn(card) ? spotsFor(legal, card, !turned).length : 0;
}

export function discardMove(legal, cardId) {
  return legal.find((m) => m.type === 'discard' && m.card === cardId) || null;
}

export function plumberMove(legal, cardId) {
  return legal.find((m) => m.type === 'plumber' && m.discard === cardId) || null;
}

export function anyPlumber(legal) { return legal.some((m) => m.type === 'plumber'); }

export function spoutMove(legal) { return legal.find((m) => m.type === 'spout') || null; }

/**
 * The move a player means by pointing at a cell that is not lit: sent to the engine so its
 * refusal (with the reason) can be shown. Shape of the move follows docs of the engine.
 */
export function attemptAt(view, player, card, turned, x, y) {
  const t = canTurn(card) ? !!turned : false;
  const here = view.cards.find((c) => c.x === x && c.y === y);
  const end = view.open_ends.find((e) => e.x === x && e.y === y);
  const line = view.pipelines[player];
  if (here && here.owner === player && sameXY(line && line.leak, x, y)) {
    return { type: 'cover', card: card.id, x, y, turned: t };
  }
  const other = here && here.owner !== player ? here.owner : end && end.player !== player ? end.player : null;
  if (other !== null && other !== undefined) return { type: 'leak', card: card.id, target: other, x, y, turned: t };
  if (!here && !end && card.material === 'leaky') {
    // a leaky card pointed at an empty cell: meant for the nearest opponent line
    const opp = view.pipelines.find((p) => p.player !== player);
    if (opp) return { type: 'leak', card: card.id, target: opp.player, x, y, turned: t };
  }
  return { type: 'lay', card: card.id, x, y, turned: t };
}
