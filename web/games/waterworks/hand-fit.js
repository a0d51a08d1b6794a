// The hand's card size where the dock stands beside the table (wide screens, style.css sets
// --ww-hand-fit there): the cards are what a player looks at most, so they are made as large
// as the dock's room allows, a full hand (six cards) in the rows and columns that give the
// largest card, instead of a fixed 54 px that left most of a 1440x900 dock empty. Elsewhere
// (the hand a strip under the table) the stylesheet's own sizes hold.

const FULL_HAND = 6;   // five held, and the sixth the player to move has drawn
const MIN_CW = 54;     // style.css .ww-card's own width: never smaller than that
const MAX_CW = 116;    // a card larger than this would only push the actions apart
const CAPTION = 18;    // the caption row under the card's art (style.css .ww-card height)
const HINT_LINES = 3;  // the longest hint (a leak to cover) takes three lines of the dock

const px = (v) => parseFloat(v) || 0;

/** Size the hand's cards to the dock of the Water Works screen `root` (class "fitted" and
 *  --hand-cw on .ww-hand); returns whether the size changed (the cards' canvases are then
 *  painted again). */
export function fitHand(root) {
  const hand = root.querySelector('.ww-hand');
  if (!hand) return false;
  const before = hand.style.getPropertyValue('--hand-cw');
  const cw = getComputedStyle(root).getPropertyValue('--ww-hand-fit').trim() === '1' ? cardWidth(root, hand) : null;
  if (cw === null) hand.style.removeProperty('--hand-cw');
  else hand.style.setProperty('--hand-cw', `${cw}px`);
  hand.classList.toggle('fitted', cw !== null);
  return hand.style.getPropertyValue('--hand-cw') !== before;
}

/** The largest card width (CSS px) at which a full hand fits the dock's room for the hand. */
function cardWidth(root, hand) {
  const bottom = root.querySelector('.ww-bottom');
  const actions = root.querySelector('.ww-actionbox');
  const msg = root.querySelector('.ww-msg');
  if (!bottom || !actions || !msg || !bottom.clientHeight) return null;
  const bs = getComputedStyle(bottom); const hs = getComputedStyle(hand); const ms = getComputedStyle(msg);
  // room kept for the hint's longest text, however short the hint is now: picking a card
  // changes the hint, and the cards should not change size with it
  const line = px(ms.lineHeight) || px(ms.fontSize) * 1.5;
  const reserve = Math.max(0, HINT_LINES * line + px(ms.paddingTop) + px(ms.paddingBottom) - msg.offsetHeight);
  const height = bottom.clientHeight - px(bs.paddingTop) - px(bs.paddingBottom) - px(bs.rowGap)
    - actions.offsetHeight - reserve - px(hs.paddingTop) - px(hs.paddingBottom);
  const width = hand.clientWidth - px(hs.paddingLeft) - px(hs.paddingRight);
  const gapX = px(hs.columnGap); const gapY = px(hs.rowGap);
  let best = MIN_CW;
  for (let cols = 1; cols <= FULL_HAND; cols += 1) {
    const rows = Math.ceil(FULL_HAND / cols);
    const byWidth = (width - (cols - 1) * gapX) / cols;
    const byHeight = ((height - (rows - 1) * gapY) / rows - CAPTION) / 1.3;
    best = Math.max(best, Math.min(byWidth, byHeight, MAX_CW));
  }
  return Math.floor(best);
}
