// Sorting the engine's legal moves by what the player is pointing at. This only groups and
// labels what the engine already listed; it never decides what is legal.
import { canTurn, turnedCard } from './card-art.js';

const sameXY = (a, x, y) => a && a[0] === x && a[1] === y;

/**
 * Legal spots for one hand card, both ways round (docs/rulings/waterworks.md, "Turning a card
 * as it is laid"): [{x, y, kind, move, target, wins, turned, flip, both, face}], one per cell.
 * Where the card fits one way only, the spot's move lays it that way, turned if need be (`flip`:
 * not the way the hand shows it, `shown`); where it fits both ways, the way the hand shows it
 * (`both`: Turn changes which), unless only the other way finishes the line. `face` is the card
 * as it would lie there.
 */
export function spotsFor(legal, card, shown) {
  if (!card) return [];
  const turns = canTurn(card);
  const want = turns ? !!shown : false;
  const byCell = new Map();
  for (const m of legal) {
    if (m.card !== card.id || !['lay', 'leak', 'cover'].includes(m.type)) continue;
    const way = turns ? !!m.turned : false;
    const key = `${m.x},${m.y}`;
    if (!byCell.has(key)) byCell.set(key, { x: m.x, y: m.y, ways: new Map() });
    const ways = byCell.get(key).ways;
    const old = ways.get(way);
    if (!old || (m.and_spout && !old.and_spout)) ways.set(way, m); // a spot that can win, wins
  }
  return [...byCell.values()].map(({ x, y, ways }) => {
    // the way the hand shows it, unless only the other way fits, or only the other way wins
    const wins = (w) => !!(ways.get(w) && ways.get(w).and_spout);
    const way = ways.has(want) && !(wins(!want) && !wins(want)) ? want : !want;
    const move = ways.get(way);
    return {
      x, y, kind: move.type, move, target: move.target, wins: !!move.and_spout,
      turned: way, flip: way !== want, both: ways.size === 2, face: way ? turnedCard(card) : card,
    };
  }).sort((a, b) => a.y - b.y || b.x - a.x);
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
