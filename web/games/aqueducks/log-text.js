// Engine events in words, naming seats by the names people gave them.
import { count, list, Possessive, possessive, verb } from '../../shell/words.js';

/** "Bo wins", "You win", "You and Bo win": the winners named, the verb agreeing. */
export function winnersText(winners, seats) {
  const names = winners.map((p) => (seats[p] ? seats[p].name : `Player ${p + 1}`));
  return `${list(names)} ${names.length === 1 ? verb(names[0], 'wins', 'win') : 'win'}`;
}

export function eventText(ev, seats, cardName, cardNameById = (id) => `card ${id}`) {
  const who = (p) => (seats[p] ? seats[p].name : `Player ${p + 1}`);
  // verb agreement for a seat called "You"
  const v = (p, third, second) => verb(who(p), third, second);
  switch (ev.type) {
    case 'build': {
      const [a, b] = ev.keys.map(cardName);
      const hid = (ev.obstructed || []).map((o) => cardName(o.key));
      return `${who(ev.player)} built ${a} (left) and ${b} (right)${ev.place ? ` at ${ev.place}` : ''}` +
        `${ev.bridge ? ' on a bridge' : ''}${ev.duckats ? `, +${count(ev.duckats, 'duckat')}` : ''}` +
        `${hid.length ? `; now hidden: ${hid.join(', ')}` : ''}.`;
    }
    case 'no_build': return `${who(ev.player)} ${v(ev.player, 'has', 'have')} no legal district and ${v(ev.player, 'passes', 'pass')}.`;
    case 'pass': return ev.auto ? `${who(ev.player)} cannot afford a donation and ${v(ev.player, 'passes', 'pass')}.` : `${who(ev.player)} ${v(ev.player, 'passes', 'pass')}.`;
    case 'draw': return null;
    case 'chosen': return null;
    case 'publican': return `The Publican visits, in Faith order: ${ev.order.map(who).join(', ')}.`;
    case 'donate':
      return `${who(ev.player)} ${v(ev.player, 'donates', 'donate')} ${count(ev.cost, 'duckat')} (row ${ev.row + 1})` +
        (ev.pushed && ev.pushed.length ? `, strong-arming ${ev.pushed.map(who).join(', ')} to the right` : '') + '.';
    case 'pushed_off': return `${Possessive(who(ev.player))} cube is pushed off the board${ev.refund ? ` (${count(ev.refund, 'duckat')} refunded)` : ''}.`;
    case 'favour': return `${who(ev.player)} ${v(ev.player, 'gains', 'gain')} ${ev.favour} Favour${ev.luxury ? ` + ${ev.luxury} for Luxury` : ''}.`;
    case 'end_of_era': {
      const parts = (ev.gains || []).filter((g) => g.duckats).map((g) => `${g.card === null ? 'faction' : cardNameById(g.card)} ${g.duckats}`);
      return `End of Era: ${who(ev.player)} ${v(ev.player, 'gains', 'gain')} ${count(ev.duckats, 'duckat')}${parts.length ? ` (${parts.join(', ')})` : ''}.`;
    }
    case 'protect': return `${who(ev.player)} ${v(ev.player, 'protects', 'protect')} ${ev.districts.length ? count(ev.districts.length, 'more district', 'more districts') : 'nothing new'}.`;
    case 'downfall': return `Downfall: the Gauls topple ${ev.removed.length} of ${possessive(who(ev.player))} districts.`;
    case 'draft': return `The Draft begins (era ${ev.era}).`;
    case 'pick': {
      // solo: the one player picks (nobody else is at the table)
      const everyone = seats.length === 1 ? `${who(0)} ${v(0, 'picks', 'pick')}` : 'Everyone picks';
      const head = ev.auto ? 'Everyone takes the last building passed to them' : `${everyone} a building${ev.round ? ` (pick ${ev.round})` : ''}`;
      const picks = (ev.picks || []).map((k) => `${who(k.player)}: ${cardName(k.key)}`);
      return `${head}${picks.length ? ` (${picks.join(', ')})` : ''}.`;
    }
    case 'era': return `Era ${ev.era} begins.`;
    case 'game_over': return 'The game is over.';
    default: return ev.text || null;
  }
}
