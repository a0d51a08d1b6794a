// The boards on a desktop screen: the side column holds the decision's panel, the hand and,
// under them, the player board and the Pondifex. A large hand in a short column (a 7-card
// build at 1280x720 or 1440x900) left the boards 0 px tall, out of reach; then they fold behind
// the Boards button, which moves into the hand's heading, and open in the hand's place
// (style.css .boards-fold). On narrow screens the boards are always a drawer behind that
// button in the city's bar (style.css), and nothing here applies.

const MIN_BOARDS = 150;   // px: the player board's heading, duckats and resources

/** Fold or unfold the boards of the Aqueducks screen in `board` (the frame's board) to the
 *  room its side column leaves them; `narrow`: the narrow screens' layout is on. */
export function foldBoards(board, narrow) {
  const aq = board.querySelector('.aq');
  const side = board.querySelector('.aq-side');
  const panel = board.querySelector('.aq-panel');
  const hand = board.querySelector('.aq-hand');
  const handbox = board.querySelector('.aq-handbox');
  const head = board.querySelector('.aq-handhead');
  const bar = board.querySelector('.aq-citybar');
  const toggle = board.querySelector('.aq-boards-toggle');
  if (!aq || !side || !toggle) return;
  const open = aq.classList.contains('boards-open');
  let fold = false;
  if (!narrow && aq.classList.contains('boards-fold') && open) fold = true; // the hand is hidden: nothing to measure
  else if (!narrow && side.clientHeight) {
    // the hand at its full height (it scrolls in its own box when squeezed), then the boards
    const handHeight = handbox.offsetHeight - hand.clientHeight + hand.scrollHeight;
    const gap = parseFloat(getComputedStyle(side).rowGap) || 0;
    fold = side.clientHeight - panel.offsetHeight - handHeight - 2 * gap < MIN_BOARDS;
  }
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
