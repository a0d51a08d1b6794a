// What to press for a Water Works move, in order, as the targets the screen's locate() finds
// (docs/tutorials.md): the Hint lights them (web/shell/hint.js), so the shell needs no word of
// this game's moves.

/** The targets for engine move `m`: the card, Turn when it is laid turned round, the cell. */
export function moveTargets(m) {
  const card = m.card === undefined ? [] : [{ kind: 'hand-card', card: m.card }];
  const turn = m.turned ? [{ kind: 'button', act: 'turn' }] : [];
  const cell = m.x === undefined ? [] : [{ kind: 'cell', x: m.x, y: m.y }];
  if (m.type === 'discard') return [...card, { kind: 'button', act: 'discard' }];
  if (m.type === 'plumber') return [{ kind: 'hand-card', card: m.discard }, { kind: 'button', act: 'plumber' }, ...cell];
  if (m.type === 'spout') return [{ kind: 'button', act: 'spout' }];
  return [...card, ...turn, ...cell];
}
