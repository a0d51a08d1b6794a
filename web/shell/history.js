// The game screens' one hook into take-backs, the timeline and the end-of-game story: each
// screen calls attachHistory(match, frame) once and detach() when it leaves, so those
// features live in their own modules and the screens stay about drawing their game.
import { attachUndo } from './undo.js';

export function attachHistory(match, frame) {
  const slot = frame.history;
  const undo = attachUndo(match, slot, {
    say: (text, colour) => { frame.log(text, colour); frame.announce(text); },
  });
  // On a shared device the person who just moved may take it back on the hand-over screen,
  // before the next person's cards are shown (nothing new has reached anyone yet).
  const handoff = frame.handoff;
  frame.handoff = async (name, colour) => {
    for (;;) {
      await undo.refresh();
      const who = undo.offer && match.session.seats[undo.offer.player].name;
      const more = undo.offer ? [[`Undo ${who === 'You' ? 'your' : `${who}’s`} move`, 'undo']] : [];
      const choice = await handoff(name, colour, more);
      if (choice !== 'undo') return choice;
      await undo.undo();
    }
  };
  return {
    undo,
    detach() { undo.detach(); },
  };
}
