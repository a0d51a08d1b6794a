// The Water Works table in words, for those who cannot see the canvas (issue 56): the players,
// the piles, and each line from its valve to its open ends card by card, as headings and
// lists. Written from the same snapshot the canvas draws; places are said as the spot labels
// say them (above, left of… a card), never in the engine's grid.
import { esc } from '../../shell/frame.js';
import { count, Possessive } from '../../shell/words.js';
import { cardWords } from './card-art.js';
import { waysWords } from './table-buttons.js';

/** Where a card lies from the card it joins, by the side of it that joins (its `joins`). */
const FROM_JOIN = { S: 'above', N: 'below', E: 'left of', W: 'right of' };
/** Where an open end lies from its card, by the way it points. */
const TOWARD = { N: 'above', S: 'below', E: 'right of', W: 'left of' };

/** A player's standing in one sentence: pipes toward the target, ends, hand, plumbers, leak. */
export function standing(view, p, names, viewer) {
  const line = view.pipelines[p];
  const pipes = line.spout_placed && view.result ? view.result.pipes : line.pipes_best;
  const who = `${names[p]}${p === viewer && names[p] !== 'You' ? ' (you)' : ''}`;
  const turn = !view.over && view.turn === p ? ', to play' : '';
  const won = view.result && view.result.winners && view.result.winners.includes(p) ? ', the winner' : '';
  return `${who}${turn}${won}: ${pipes} of ${count(view.target, 'pipe')}, ${count(line.open_ends, 'open end')}, `
    + `${count(line.hand_size, 'card')} in hand, ${count(line.plumbers_left, 'plumber')} left`
    + `${line.leak ? ', the line is leaking' : ''}${line.spout_placed ? ', spout on' : ''}.`;
}

/** One card of a line in words: what it is, where, how far from the valve, and its state. */
export function cardOnLine(c, parent) {
  if (c.kind === 'valve') return 'The valve.';
  const where = parent && c.joins ? ` ${FROM_JOIN[c.joins]} the ${parent.kind === 'valve' ? 'valve' : cardWords(parent)}` : '';
  if (c.kind === 'cap') {
    return `Cap card${where}: ${c.leaky ? 'a leaky cap, leaking' : `${c.placed_material} cap`} closes this end.`;
  }
  const opens = c.openings && c.openings.length ? `, open ${waysWords(c.openings)}` : '';
  const state = [];
  if (c.leaky) state.push('leaking');
  if (c.repaired) state.push(c.plumber ? 'leak fixed by a plumber' : 'leak repaired');
  if (c.covered && c.covered.length) state.push(`laid over ${cardWords(c.covered[c.covered.length - 1], { article: true })}`);
  return `${cardWords(c)}${where}${opens}, ${count(c.pipes, 'pipe')} from the valve${state.length ? `; ${state.join(', ')}` : ''}.`
    .replace(/^./, (ch) => ch.toUpperCase());
}

/** Each line from its valve, card by card: [{text} | {branches: [[...], ...]}], a T's branches
 *  as lists of their own. */
function lineEntries(view, p) {
  const key = (x, y) => `${x},${y}`;
  const cards = view.cards.filter((c) => c.owner === p);
  const group = (items, at) => {
    const m = new Map();
    for (const it of items) {
      const k = key(...at(it));
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(it);
    }
    return m;
  };
  const kids = group(cards.filter((c) => c.parent), (c) => c.parent);
  const ends = group(view.open_ends.filter((o) => o.player === p), (e) => e.from);
  const run = (start, parent) => {
    const out = [];
    let c = start; let from = parent;
    for (;;) {
      out.push({ text: cardOnLine(c, from) });
      for (const e of ends.get(key(c.x, c.y)) || []) {
        out.push({ text: `Open end ${TOWARD[e.dir]} the ${c.kind === 'valve' ? 'valve' : cardWords(c)}, at ${count(e.pipes, 'pipe')}.` });
      }
      const next = (kids.get(key(c.x, c.y)) || []).sort((a, b) => a.order - b.order);
      if (next.length === 1) { from = c; c = next[0]; continue; }
      if (next.length > 1) out.push({ text: `It branches ${next.length} ways:`, branches: next.map((n) => run(n, c)) });
      return out;
    }
  };
  const valve = cards.find((c) => c.kind === 'valve');
  return valve ? run(valve, null) : [];
}

/** A line's entries as list items (branches as nested lists). */
function lineHtml(entries) {
  return entries.map((e) => `<li>${esc(e.text)}${e.branches
    ? `<ul>${e.branches.map((b, i) => `<li>Branch ${i + 1}:<ol>${lineHtml(b)}</ol></li>`).join('')}</ul>` : ''}</li>`).join('');
}

/** A line's entries as sentences, branch by branch. */
function lineWords(entries) {
  return entries.map((e) => (e.branches
    ? `${e.text} ${e.branches.map((b, i) => `Branch ${i + 1}: ${lineWords(b)}`).join(' ')}` : e.text)).join(' ');
}

/** The table as markup: players, piles, each line; the viewer's own line first. */
export function tableText(view, names, viewer) {
  const order = view.pipelines.map((l) => l.player);
  if (viewer !== null && viewer !== undefined) order.sort((a, b) => (a === viewer ? -1 : b === viewer ? 1 : a - b));
  const top = view.discard_top;
  const lineName = (p) => (p === viewer ? 'Your line' : `${Possessive(names[p])} line`);
  return `
    <h3>Players</h3>
    <ul aria-label="Players">${view.pipelines.map((l) => `<li>${esc(standing(view, l.player, names, viewer))}</li>`).join('')}</ul>
    <h3>Piles</h3>
    <ul aria-label="Piles">
      <li>${esc(`Draw pile: ${count(view.draw_pile, 'card')}${view.reshuffles_left ? ', one reshuffle left' : ''}.`)}</li>
      <li>${esc(`Discard pile: ${count(view.discard_size, 'card')}${top ? `, top card ${cardWords(top, { article: true })}` : ''}.`)}</li>
    </ul>
    ${order.map((p) => `<h3>${esc(lineName(p))}</h3>
      <ol aria-label="${esc(`${lineName(p)}, from the valve`)}">${lineHtml(lineEntries(view, p))}</ol>`).join('')}`;
}

/** One line as sentences (a command key's answer): its standing and its cards in order. */
export function lineSaid(view, p, names, viewer) {
  const whose = p === viewer ? 'Your line' : `${Possessive(names[p])} line`;
  return `${whose}. ${standing(view, p, names, viewer)} ${lineWords(lineEntries(view, p))}`;
}
