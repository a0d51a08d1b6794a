// A score card's words (issue 24): the score, the hints used and the date as the card and its
// saved picture say them. Kept apart from the dialog (score-card.js) so that the picture's
// lines are one pure function, the same for the card on screen and the PNG.
import { GAMES, PARTS } from './games.js';

/** The score as words: {big, unit, line} (e.g. 191 / duckats / "Ravenna · solo"), in the
 *  card's game's own (its shell parts' scoreWords). */
export function scoreWords(card) {
  const c = card.claim;
  const players = card.seats.length;
  const of = players > 1 ? ` · ${ordinal(c.rank)} of ${players}` : '';
  return PARTS[card.game].scoreWords(c, of, players);
}

/** The hints the card's player used, from its record (docs/rulings/hints.md): "No hints". */
export function hintWords(card) {
  const got = card.record && Array.isArray(card.record.hints) ? card.record.hints[card.seat] : null;
  const n = Array.isArray(got) ? got.length : 0;
  return n === 0 ? 'No hints' : n === 1 ? '1 hint used' : `${n} hints used`;
}

/** The take-backs the card's player made (docs/rulings/take-backs.md T6), from the card's claim
 *  (a card made before it carried them: from its record): "No take-backs", "2 take-backs", and
 *  "· not ranked" when one was made after seeing a new card. */
export function takeBackWords(card) {
  const c = card.claim || {};
  const moves = card.record && Array.isArray(card.record.moves) ? card.record.moves : [];
  const n = Number.isInteger(c.takebacks) ? c.takebacks
    : moves.filter((m) => m && m.undo !== undefined && m.player === card.seat).length;
  if (n === 0) return 'No take-backs';
  return `${n === 1 ? '1 take-back' : `${n} take-backs`}${c.takebacks_revealed > 0 ? ' · not ranked' : ''}`;
}

export function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] || s[v] || s[0]}`;
}

/** "3 May 2025" for a UTC date "2025-05-03". */
export function dayText(date) {
  const d = new Date(`${date}T12:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The saved picture's geometry: its size, where its text starts, and its QR code (a 150 px
 * code 40 px from the bottom right edges, on a white margin of 8 px). score-card.js draws it so;
 * the text beside the code is kept clear of the code's corner. */
export const PICTURE = { width: 1200, height: 630, textLeft: 690, qr: { size: 150, inset: 40, margin: 8 } };
/** The QR code's top left, its white margin included. */
export function qrCorner() {
  const { width, height, qr } = PICTURE;
  return { x: width - qr.size - qr.inset - qr.margin, y: height - qr.size - qr.inset - qr.margin };
}
const TEXT_LEFT = PICTURE.textLeft;
const GOLD = '#f7d44c'; const CREAM = '#fbf6ea'; const SKY = '#cbeaf4';

/** The text of the saved 1200 x 630 picture, top to bottom: [{text, font, colour, y}]. The
 * `width` is the most a line may take. The
 * hints and take-backs used are on it as on the card ("No hints" is worth showing:
 * docs/rulings/hints.md). */
export function cardImageLines(card, nameOf) {
  const w = scoreWords(card);
  const lines = [
    { text: `Pipes & Ducks · ${GAMES[card.game].title}`, font: 'bold 30px Georgia, serif', colour: GOLD, y: 80 },
    { text: card.name, font: '600 44px system-ui, sans-serif', colour: CREAM, y: 150 },
    { text: w.big, font: 'bold 120px Georgia, serif', colour: CREAM, y: 280 },
    { text: w.unit, font: '32px system-ui, sans-serif', colour: CREAM, y: 325 },
    { text: w.line, font: '28px system-ui, sans-serif', colour: SKY, y: 375 },
    { text: `${card.daily ? 'Daily deal · ' : ''}${dayText(card.date)}`, font: '28px system-ui, sans-serif', colour: SKY, y: 415 },
    { text: hintWords(card), font: '28px system-ui, sans-serif', colour: SKY, y: 455 },
    { text: takeBackWords(card), font: '28px system-ui, sans-serif', colour: SKY, y: 492 },
  ];
  // a favourite a line: the QR code takes the corner to their right
  card.favourites.forEach((key, i) => lines.push(
    { text: nameOf(key), font: 'italic 24px Georgia, serif', colour: SKY, y: 530 + 30 * i }));
  const qr = qrCorner();
  return lines.map((line) => ({ ...line, width: line.y + 8 > qr.y ? qr.x - TEXT_LEFT - 16 : PICTURE.width - TEXT_LEFT - 30 }));
}
