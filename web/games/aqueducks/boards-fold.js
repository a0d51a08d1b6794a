// The boards on a desktop screen: the side column holds the decision's panel and the whole
// hand, so the player board and the Pondifex fold behind the Boards button, which stands in
// the hand's heading, and open in the hand's place (style.css .boards-fold). On narrow screens the boards are always a drawer behind that
// button in the city's bar (style.css), and nothing here applies.

/** Fold or unfold the boards of the Aqueducks screen in `board` (the frame's board) to the
 *  room its side column leaves them; `narrow`: the narrow screens' layout is on. */
export function foldBoards(board, narrow) {
  const aq = board.querySelector('.aq');
  const side = board.querySelector('.aq-side');
  const head = board.querySelector('.aq-handhead');
  const bar = board.querySelector('.aq-citybar');
  const toggle = board.querySelector('.aq-boards-toggle');
  if (!aq || !side || !toggle) return;
  const open = aq.classList.contains('boards-open');
  // the decision and the whole hand fill the side column (nothing in it scrolls), so on a
  // desktop screen the boards are always behind their button
  const fold = !narrow;
  if (!fold && !narrow && open) aq.classList.remove('boards-open');
  aq.classList.toggle('boards-fold', fold);
  const home = fold ? head : bar;
  if (toggle.parentElement !== home) {
    if (fold) head.append(toggle);
    else bar.insertBefore(toggle, bar.querySelector('.aq-views'));
  }
  const shown = aq.classList.contains('boards-open');
  toggle.setAttribute('aria-expanded', String(shown));
  // open in the hand's place, the button is the way back to it
  toggle.querySelector('.aq-toggle-word').textContent = fold && shown ? 'Back to your hand' : 'Boards';
  toggle.querySelector('.aq-long').hidden = fold && shown;
}
