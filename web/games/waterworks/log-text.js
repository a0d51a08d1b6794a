// Engine events -> sentences for the move log and the screen-reader announcer.
import { cardWords } from './card-art.js';
import { count, own, possessive, verb, withArticle } from '../../shell/words.js';

/** One sentence per event worth telling, or null. names[p] is each seat's name. */
export function eventText(ev, names) {
  const who = names[ev.player] ?? `Player ${ev.player + 1}`;
  const target = ev.target !== undefined ? names[ev.target] : null;
  switch (ev.type) {
    case 'lay':
      if (ev.capped) return `${who} capped an open end of ${own(who)} line with ${withArticle(`${ev.material} cap`)}.`;
      return `${who} laid ${cardWords(ev.card, { article: true })} on ${own(who)} line.`;
    case 'leak': {
      const what = ev.card.kind === 'cap' ? 'a leaky cap' : `a leaky ${shape(ev.card)}`;
      if (ev.mode === 'on_top') return `${who} laid ${what} on top of ${possessive(target)} ${cardWords(ev.covered)}: a leak!`;
      return `${who} laid ${what} on ${possessive(target)} line.`;
    }
    case 'cover':
      if (ev.card.kind === 'cap') return `${who} repaired ${own(who)} leak by covering it with ${withArticle(`${ev.material} cap`)}.`;
      return `${who} repaired ${own(who)} leak by covering it with ${cardWords(ev.card, { article: true })}.`;
    case 'plumber':
      return `${who} sent a plumber to fix ${own(who)} leak (${ev.plumbers_left} left) and discarded ${cardWords(ev.discarded, { article: true })}.`;
    case 'discard':
      return `${who} discarded ${cardWords(ev.card, { article: true })}.`;
    case 'spout':
      return `${who} added the spout — water flows!`;
    case 'won':
      return `${who} ${verb(who, 'wins', 'win')} with ${withArticle(`${ev.pipes}-pipe line`)}.`;
    case 'reshuffle':
      return `The draw pile ran out: the discards were shuffled into a new pile of ${count(ev.size, 'card')}.`;
    case 'exhausted':
      return 'The draw pile is empty for good: the game ends with no winner.';
    case 'undo': // another device's take-back (online play); the text names the seat
      return ev.text || null;
    default:
      return null;
  }
}

function shape(card) {
  return { long: 'long straight', short: 'short straight', L: 'L bend', J: 'reverse-L bend', tee: 'T' }[card.shape] || card.shape;
}
