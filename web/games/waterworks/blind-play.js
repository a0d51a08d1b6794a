// Water Works without sight (issue 56): the decision's legal moves in words as a list of
// buttons, moves and questions typed in short commands, and the command keys' answers. The
// moves are the engine's legal moves the screen already has, only grouped and worded here;
// the words of a place are the lit spots' own (table-buttons.js spotLabel).
import { BlindPanel } from '../../shell/blind/panel.js';
import { CommandKeys } from '../../shell/blind/command-keys.js';
import { count, Possessive } from '../../shell/words.js';
import { cardWords } from './card-art.js';
import { spotsFor, discardMove, plumberMove, spoutMove } from './moves.js';
import { spotLabel, waysWords } from './table-buttons.js';
import { tableText, standing, lineSaid } from './table-text.js';

/** The game's own keys and the typed commands, for the keyboard help (the Rules say them too). */
export const PLAY_KEYS = [
  ['1 to 6', 'pick that card of your hand; its spots light up'],
  ['Arrow keys, Enter', 'move between the lit spots, play there'],
  ['R', 'turn the picked card round'], ['D', 'discard the picked card'],
  ['P', 'send a plumber, discarding the picked card'], ['S', 'place your spout'],
  ['Esc', 'put the card back'], ['H', 'hint'], ['Ctrl+Z', 'take back your move'],
];
export const TYPED = [
  ['1', "card 1's moves, numbered (the card is picked on the table too)"],
  ['1 2', "play card 1's move 2"], ['1 d', 'discard card 1'], ['1 p', 'send a plumber, discarding card 1'],
  ['s', 'place your spout'], ['t, c, m, o, a, l, ?', 'the same questions as the command keys'],
];

/**
 * The moves of the decision, grouped by hand card: [{name, moves: [{label, cmd, move}]}].
 * A card that fits a spot both ways round has both there, the turned one said so.
 */
export function decisionMoves(view, legal, names, viewer) {
  const s = { view, viewer, names };
  const groups = (view.hand || []).map((card, i) => {
    const n = i + 1;
    const moves = [];
    const other = spotsFor(legal, card, true);
    const said = (spot) => spotLabel(spot, { ...s, previewCard: card });
    for (const spot of spotsFor(legal, card, false)) {
      moves.push({ label: said(spot), move: spot.move });
      if (spot.both) {
        const t = other.find((o) => o.x === spot.x && o.y === spot.y && o.turned !== spot.turned);
        if (t) moves.push({ label: said({ ...t, flip: t.turned }), move: t.move });
      }
    }
    const d = discardMove(legal, card.id);
    if (d) moves.push({ label: `Discard the ${cardWords(card)}`, move: d });
    const p = plumberMove(legal, card.id);
    if (p) moves.push({ label: `Send a plumber to fix your leak, discarding the ${cardWords(card)}`, move: p });
    moves.forEach((m, k) => { m.cmd = `${n} ${k + 1}`; });
    return { name: `Card ${n}: ${cardWords(card)}`, card, moves };
  }).filter((g) => g.moves.length);
  const spout = spoutMove(legal);
  if (spout) groups.unshift({ name: 'Your spout', moves: [{ label: 'Place your spout and win', cmd: 's', move: spout }] });
  return groups;
}

/** A hand card with the ways it opens (or its caps), as it lies in the hand. */
export function handCardWords(card) {
  if (card.kind === 'pipe') return `${cardWords(card)}, open ${waysWords(card.openings)}`;
  if (card.kind === 'cap' && card.caps) {
    return `${cardWords(card)}: ${['N', 'E', 'S', 'W'].map((d, i) => `${card.caps[i]} ${waysWords([d])}`).join(', ')}`;
  }
  return cardWords(card);
}

/**
 * host: {root, frame, names, read() -> {view, legal, viewer, myTurn, hidden, over},
 *        play(move), pick(cardId) (lights its spots), lastMove() -> text}
 */
export function attachBlindPlay(host) {
  const { frame, names } = host;
  const sayNow = (text) => frame.announce(text, { now: true });
  let looked = null; // the opponent whose line `o` said last
  let groups = [];

  const panel = new BlindPanel(host.root, {
    run: (text) => typed(text),
    example: 'For example 1 to hear card 1’s moves, 1 2 to play its move 2, t for whose turn, ? for all the commands.',
  });

  function whoseTurn() {
    const { view, myTurn, over } = host.read();
    if (!view) return 'The game is starting.';
    if (over) {
      const w = view.result && view.result.winners && view.result.winners[0];
      return w === undefined ? 'Game over: nobody finished a line.' : `Game over: ${names[w]} ${names[w] === 'You' ? 'win' : 'wins'}.`;
    }
    if (myTurn !== null) return `${Possessive(names[myTurn])} turn: ${count(groups.reduce((n, g) => n + g.moves.length, 0), 'move')} to choose from, in ${count(groups.length, 'group')}.`;
    return `${Possessive(names[view.turn])} turn.`;
  }

  function myHand() {
    const { view, viewer, hidden } = host.read();
    if (!view || viewer === null || hidden || !view.hand) return 'You have no hand to look at now.';
    const words = view.hand.map((c, i) => `${i + 1}: ${handCardWords(c)}`);
    return `Your hand, ${count(view.hand.length, 'card')}: ${words.join('; ')}.`;
  }

  function myLine() {
    const { view, viewer } = host.read();
    if (!view) return '';
    if (viewer === null) return 'You have no line at this table.';
    return lineSaid(view, viewer, names, viewer);
  }

  function otherLine(step) {
    const { view, viewer } = host.read();
    if (!view) return '';
    const others = view.pipelines.map((l) => l.player).filter((p) => p !== viewer);
    if (!others.length) return 'There is no other line.';
    const at = others.indexOf(looked);
    looked = others[(at < 0 ? (step > 0 ? 0 : others.length - 1) : (at + step + others.length) % others.length)];
    return lineSaid(view, looked, names, viewer);
  }

  function scores() {
    const { view, viewer } = host.read();
    if (!view) return '';
    return view.pipelines.map((l) => standing(view, l.player, names, viewer)).join(' ');
  }

  const keys = new CommandKeys(host.root, {
    gameName: 'Water Works',
    say: sayNow,
    showDialog: frame.showDialog,
    play: PLAY_KEYS,
    typed: TYPED,
    keys: [
      { key: 't', help: 'whose turn it is', answer: whoseTurn },
      { key: 'c', help: 'the cards in your hand', answer: myHand },
      { key: 'm', help: 'your line, card by card from the valve', answer: myLine },
      { key: 'o', help: "the next opponent's line, card by card", answer: () => otherLine(1) },
      { key: 'O', label: 'Shift+O', help: "the opponent's line before", answer: () => otherLine(-1) },
      { key: 'a', help: 'all players: pipes, open ends, cards, plumbers, leaks', answer: scores },
      { key: 'l', help: 'the last move', answer: () => host.lastMove() || 'No move yet.' },
      { key: 'g', help: 'go to your moves (the list of buttons)', answer: () => { panel.focusMoves(); return ''; } },
      { key: '/', help: 'go to the command field', answer: () => { panel.field.focus(); return ''; } },
    ],
  });

  /** A typed line: a question, a card's moves, or a move. Whether it was taken. */
  function typed(text) {
    const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (t === 'shift+o') return keys.answer('O');
    if (t.length === 1 && !/[0-9s]/.test(t) && keys.answer(t)) return true;
    const { myTurn } = host.read();
    const cmd = /^(\d)(?:[ .]?(\d{1,2}|d|p))?$/.exec(t) || /^([dp])[ .]?(\d)$/.exec(t);
    if (t !== 's' && !cmd) { sayNow(`“${text}” is not a command. Type ? for the list.`); return false; }
    if (myTurn === null) { sayNow(host.read().over ? whoseTurn() : `${whoseTurn()} Wait for your turn.`); return false; }
    if (t === 's') {
      const g = groups.find((x) => x.name === 'Your spout');
      if (!g) { sayNow('Your spout cannot go on yet.'); return false; }
      host.play(g.moves[0].move);
      return true;
    }
    let [, a, b] = cmd;
    if (/[dp]/.test(a)) [a, b] = [b, a];
    const card = (host.read().view.hand || [])[Number(a) - 1];
    if (!card) { sayNow(`You have no card ${a}: your hand holds ${count(host.read().view.hand.length, 'card')}.`); return false; }
    const g = groups.find((x) => x.card === card);
    if (!b) {
      host.pick(card.id);
      if (!g) { sayNow(`Card ${a}, the ${cardWords(card)}: no move.`); return true; }
      sayNow(`Card ${a}, the ${cardWords(card)}: ${g.moves.map((m, k) => `${k + 1}: ${m.label}`).join('. ')}.`);
      return true;
    }
    const pickOf = (re) => g && g.moves.find((m) => re.test(m.label));
    const m = b === 'd' ? pickOf(/^Discard/) : b === 'p' ? pickOf(/^Send a plumber/) : g && g.moves[Number(b) - 1];
    if (!m) {
      sayNow(b === 'p' ? 'A plumber can only be sent to a leak in your own line, while you have one left.'
        : `Card ${a} has ${count(g ? g.moves.length : 0, 'move')}${b === 'd' ? '' : `, no move ${b}`}.`);
      return false;
    }
    host.play(m.move);
    return true;
  }

  /** Write the moves and the table again from the snapshot (only what changed is touched). */
  function update() {
    const { view, legal, viewer, myTurn, hidden, over } = host.read();
    if (!view) return;
    const mine = myTurn !== null && !hidden && !over;
    groups = mine ? decisionMoves(view, legal, names, viewer) : [];
    const none = over ? whoseTurn() : hidden ? 'The hand is hidden until its owner is ready.' : `${Possessive(names[view.turn])} turn: wait.`;
    panel.setMoves(groups.map((g) => ({
      name: g.name,
      moves: g.moves.map((m) => ({ label: `${m.label} (${m.cmd})`, pick: () => host.play(m.move) })),
    })), none);
    panel.setTable(tableText(view, names, hidden ? null : viewer));
  }

  return {
    update,
    /** Your turn came: if the player was in the panel, focus goes to the first move. */
    yourTurn() { if (panel.focused && document.activeElement !== panel.field) panel.focusMoves(); },
    detach() { keys.detach(); },
    panel,
  };
}
