// Around the table: one chip per player (turn, hand size, plumbers, pipes toward the target,
// leak) and the draw and discard piles.
import { esc } from '../../shell/frame.js';
import { sameAsDrawn, setHtml } from '../../shell/dom-write.js';
import { seatKind } from '../../shell/seats.js';
import { paintCard } from './hand.js';
import { cardWords } from './card-art.js';
import { count } from '../../shell/words.js';

const DROP = '<svg class="ww-drop" viewBox="0 0 10 14" aria-hidden="true"><path d="M5 0C7 4 10 7 10 9.5A5 4.5 0 0 1 0 9.5C0 7 3 4 5 0Z"/></svg>';

export function renderPlayers(el, { view, names, colours, seats, viewer, over }) {
  if (sameAsDrawn(el, [view.pipelines, view.turn, view.result, view.target, names, colours, seats, viewer, over])) return;
  el.replaceChildren(...view.pipelines.map((p) => {
    const i = p.player;
    const div = document.createElement('div');
    const turn = !over && view.turn === i;
    const won = view.result && view.result.winners && view.result.winners.includes(i);
    div.className = `ww-player${turn ? ' turn' : ''}${won ? ' won' : ''}${i === viewer ? ' me' : ''}`;
    div.dataset.testid = `player-${i}`;
    div.style.setProperty('--c', colours[i]);
    // a seat is also the way to its line on the table (a phone shows one part of it)
    div.dataset.line = String(i);
    div.tabIndex = 0;
    div.setAttribute('role', 'button');
    div.title = `Show ${names[i] === 'You' ? 'your' : `${names[i]}'s`} line on the table`;
    const kind = seatKind(seats[i]);
    // after the spout the line has no open end left: show the winning line's length instead
    const pipes = p.spout_placed && view.result ? view.result.pipes : p.pipes_best;
    const pct = Math.min(100, Math.round((pipes / view.target) * 100));
    const plumbers = Array.from({ length: 2 }, (_, k) => `<span class="ww-plumber${k < p.plumbers_left ? '' : ' used'}"></span>`).join('');
    div.innerHTML = `
      <div class="ww-player-head">
        <span class="ww-dot" aria-hidden="true">${i + 1}</span>
        <strong class="ww-name">${esc(names[i])}</strong>
        <span class="ww-kind">${kind}</span>
        ${turn ? '<span class="ww-turn-tag">to play</span>' : ''}
        ${won ? '<span class="ww-won-tag">winner</span>' : ''}
      </div>
      <div class="ww-player-stats">
        <span class="ww-stat" title="Pipe cards in the longest open line, toward the target">
          <span class="ww-meter" aria-hidden="true"><span style="width:${pct}%"></span></span>
          <span data-testid="pipes-${i}">${pipes}/${view.target}</span> pipes</span>
        <span class="ww-stat" title="Cards in hand"><span class="ww-mini-card" aria-hidden="true"></span>${p.hand_size}</span>
        <span class="ww-stat" title="Plumbers left">${plumbers}<span class="visually-hidden">${count(p.plumbers_left, 'plumber')} left</span></span>
        ${p.leak ? `<span class="ww-leak-tag">${DROP} leaky</span>` : ''}
        ${p.open_ends > 1 ? `<span class="ww-ends-tag" title="Open ends: cap all but one before the spout">${p.open_ends} ends</span>` : ''}
      </div>`;
    div.setAttribute('aria-label', `${names[i]}, ${kind}${turn ? ', to play' : ''}: ${pipes} of ${count(view.target, 'pipe')}, ${count(p.hand_size, 'card')}, ${count(p.plumbers_left, 'plumber')} left${p.leak ? ', line is leaking' : ''}`);
    div.setAttribute('role', 'group');
    return div;
  }));
}

export function renderPiles(el, view) {
  const top = view.discard_top;
  const changed = setHtml(el, `
    <div class="ww-pile" data-testid="draw-pile" aria-label="Draw pile: ${count(view.draw_pile, 'card')}${view.reshuffles_left ? ', one reshuffle left' : ''}" role="img">
      <div class="ww-card ww-back small"><span>${view.draw_pile}</span></div>
      <span class="ww-pile-cap">draw</span>
    </div>
    <div class="ww-pile" data-testid="discard-pile" role="img" aria-label="Discard pile: ${count(view.discard_size, 'card')}${top ? `, top card ${cardWords(top)}` : ''}">
      ${top ? '<div class="ww-card small face"><canvas class="ww-card-art"></canvas></div>' : '<div class="ww-card small empty"></div>'}
      <span class="ww-pile-cap">discard ${view.discard_size}</span>
    </div>`);
  if (!changed) return; // the same piles (their top card is named in the markup) keep their picture
  // The canvas is taken now: the piles may be drawn again before the frame comes (History
  // scrubbed back to the deal, whose discard pile is empty, and there is no canvas then).
  const canvas = el.querySelector('canvas');
  if (canvas) requestAnimationFrame(() => paintCard(canvas, top));
}

/** A key to the pictures on the table (also told in words by every label). */
export function renderLegend(el) {
  const items = [
    ['copper', 'copper: never leaks'], ['iron', 'iron: can be made to leak'], ['leaky', 'leaky: cracked, drips'],
    ['end', 'open end (dashed)'], ['spot', 'lit spot: the picked card fits'], ['turn', 'lit spot with ⟲: it goes in turned round'],
    ['plumber', 'plumber: leak fixed'], ['last', 'last card played'],
  ];
  el.innerHTML = `<h3>On the table</h3><ul>${items.map(([k, t]) => `<li><span class="ww-lg ww-lg-${k}"></span>${t}</li>`).join('')}</ul>`;
}
