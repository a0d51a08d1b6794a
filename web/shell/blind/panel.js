// "Table as text": the part of a game screen a screen reader plays with (issue 56). It is always
// on the page for assistive technology and out of sight otherwise; once focus is inside it,
// it shows as a panel over the table, so a sighted keyboard player sees what has focus. It
// holds the move field (moves and commands typed in short words, as in lichess's blind mode),
// the legal moves of the decision as a list of buttons, and the table as headings and lists,
// which the game screen writes. This file knows no game: the screen gives the words.
import { loadStyle } from '../style.js';
import { sameAsDrawn } from '../dom-write.js';

let made = 0; // ids unique on the page

export class BlindPanel {
  /**
   * parent: where the panel goes (the game screen's root). run(text): the game's answer to a
   * typed line; returns true when it was taken (the field is emptied) and says what happened
   * itself. example: the field's hint, e.g. "1 to hear card 1's moves".
   */
  constructor(parent, { run, example }) {
    const id = `blind-${++made}`;
    loadStyle(new URL('./blind.css', import.meta.url));
    this.el = document.createElement('section');
    this.el.className = 'blind';
    this.el.setAttribute('aria-labelledby', `${id}-title`);
    this.el.dataset.testid = 'table-as-text';
    this.el.innerHTML = `
      <h2 id="${id}-title" class="blind-title">Table as text</h2>
      <div class="blind-move">
        <h3 id="${id}-moves-title" tabindex="-1">Your moves</h3>
        <label for="${id}-field">Type a move or a command</label>
        <input id="${id}-field" class="blind-field" type="text" autocomplete="off" autocapitalize="off" spellcheck="false"
          aria-describedby="${id}-example" enterkeyhint="go">
        <p id="${id}-example" class="blind-example"></p>
        <ul class="blind-moves" aria-labelledby="${id}-moves-title"></ul>
      </div>
      <div class="blind-table"></div>`;
    parent.append(this.el);
    this.title = this.el.querySelector(`#${id}-moves-title`);
    this.field = this.el.querySelector('.blind-field');
    this.movesEl = this.el.querySelector('.blind-moves');
    /** Where the game writes the table: headings and lists. */
    this.table = this.el.querySelector('.blind-table');
    this.el.querySelector('.blind-example').textContent = example;
    this.field.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      const text = this.field.value.trim();
      if (!text) return;
      Promise.resolve(run(text)).then((taken) => { if (taken) this.field.value = ''; });
    });
    this.movesEl.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (b && b.move) b.move.pick();
    });
  }

  /**
   * The decision's moves: groups [{name, moves: [{label, pick()}]}], or `none` (a sentence:
   * whose turn it is) when this player has nothing to decide. Written only when it changed;
   * focus that was on a move that went goes to the first move, else to the list's heading.
   */
  setMoves(groups, none) {
    const labels = groups.map((g) => [g.name, g.moves.map((m) => m.label)]);
    if (sameAsDrawn(this.movesEl, [labels, none])) {
      // same words: the new moves (their engine moves may differ) go on the same buttons
      const buttons = this.movesEl.querySelectorAll('button');
      groups.flatMap((g) => g.moves).forEach((m, i) => { if (buttons[i]) buttons[i].move = m; });
      return;
    }
    const hadFocus = this.movesEl.contains(document.activeElement);
    this.movesEl.replaceChildren(...(groups.length ? groups.map((g) => {
      const li = document.createElement('li');
      const name = document.createElement('span');
      name.textContent = g.name;
      const ul = document.createElement('ul');
      ul.setAttribute('aria-label', g.name);
      for (const m of g.moves) {
        const item = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = m.label;
        b.move = m;
        item.append(b);
        ul.append(item);
      }
      li.append(name, ul);
      return li;
    }) : [Object.assign(document.createElement('li'), { textContent: none || 'Nothing to decide now.' })]));
    if (hadFocus) this.focusMoves();
  }

  /** Focus on the first move (the decision), else on the moves' heading. */
  focusMoves() {
    const first = this.movesEl.querySelector('button');
    (first || this.title).focus();
  }

  /** Whether focus is in the panel (a move made from it keeps the player there). */
  get focused() { return this.el.contains(document.activeElement); }

  /** Write the table part (markup of headings and lists) when it changed. */
  setTable(html) {
    if (sameAsDrawn(this.table, html)) return;
    this.table.innerHTML = html;
  }
}
