// What to press for an Aqueducks move, in order, as the targets the screen's locate() finds
// (docs/tutorials.md): the Hint lights them (web/shell/hint.js), so the shell needs no word of
// this game's moves.

/** The targets for engine move `m`: a build's two cards, its place and its bridge card; a
 *  draft pick and Take; a donation's space; the districts to protect and Confirm; else the
 *  panel's button named by the move (pass). */
export function moveTargets(m) {
  if (m.type === 'build') {
    const bridge = m.bridge === null || m.bridge === undefined ? [] : [{ kind: 'hand-card', card: m.bridge }];
    return [...m.cards.map((card) => ({ kind: 'hand-card', card })), { kind: 'slot', x: m.x, y: m.y, storey: m.storey }, ...bridge];
  }
  if (m.type === 'pick') return [{ kind: 'draft-card', card: m.card }, { kind: 'button', act: 'take' }];
  if (m.type === 'donate') return [{ kind: 'pondifex-space', space: m.space }];
  if (m.type === 'protect') return [...m.districts.map((district) => ({ kind: 'district', district })), { kind: 'button', act: 'confirm' }];
  return [{ kind: 'button', act: m.type }];
}
