// Command keys for the questions a player asks at the table (whose turn, my hand, my line, an
// opponent's, the scores, the last move), in the spirit of lichess's blind mode: one key, the
// answer said at once through the live region. `?` opens the keyboard help listing them with
// the game's own keys. A game screen gives its keys and answers; this file knows no game.
import { esc } from '../frame.js';

/** In a text field a key is typing, not a command. */
function typing(t) {
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable);
}

export class CommandKeys {
  /**
   * scope: the game screen's element (a key pressed elsewhere is not this screen's).
   * keys: [{key: 't', label?: 'Shift+O', help: 'whose turn it is', answer: () => text}]: a key
   *   matches exactly first ('O' is Shift+O), then whatever its case (Caps Lock)
   * play: [['1 to 6', 'pick a card'], …], the game's own keys, for the help.
   * typed: [['1 2', 'play card 1 at its move 2'], …], what the command field takes, for the help.
   * say(text): says an answer at once (the Announcer's `now`); showDialog: the frame's dialog.
   */
  constructor(scope, { keys, play = [], typed = [], say, showDialog, gameName }) {
    this.scope = scope;
    this.keys = keys;
    this.play = play;
    this.typed = typed;
    this.say = say;
    this.showDialog = showDialog;
    this.gameName = gameName;
    this.helpOpen = false;
    this.onKey = (e) => this.key(e);
    document.addEventListener('keydown', this.onKey);
  }

  /** The command for a key or a typed word, if any. */
  find(k) {
    return this.keys.find((c) => c.key === k) || this.keys.find((c) => c.key === k.toLowerCase()) || null;
  }

  /** Answer command key `k` (from a key press or the command field); whether it was one. */
  answer(k) {
    if (k === '?') { this.help(); return true; }
    const c = this.find(k);
    if (!c) return false;
    const text = c.answer();
    if (text) this.say(text);
    return true;
  }

  key(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    if (!this.scope.isConnected || document.querySelector('dialog[open]')) return;
    if (!this.scope.contains(e.target) && e.target !== document.body) return;
    if (e.key.length !== 1) return;
    if (this.answer(e.key)) e.preventDefault();
  }

  /** The keyboard help (`?`): the command keys, the game's keys, the typed commands. */
  async help() {
    if (this.helpOpen) return;
    this.helpOpen = true;
    const had = document.activeElement;
    const rows = (list) => list.map(([k, what]) => `<tr><th scope="row"><kbd>${esc(k)}</kbd></th><td>${esc(what)}</td></tr>`).join('');
    const table = (caption, list) => (list.length ? `<table class="blind-keys"><caption>${esc(caption)}</caption>
      <thead><tr><th scope="col">Key</th><th scope="col">What it does</th></tr></thead><tbody>${rows(list)}</tbody></table>` : '');
    const html = `<div class="blind-help">
      <p>These keys work anywhere on the ${esc(this.gameName)} screen except in a text field; each answer is said at once.</p>
      ${table('Ask', [...this.keys.map((c) => [c.label || c.key.toUpperCase(), c.help]), ['?', 'this help']])}
      ${table('Play', this.play)}
      ${table('Typed in the command field', this.typed)}
    </div>`;
    try {
      await this.showDialog({ title: 'Keyboard help', html, buttons: [['Close', 'close', true]], wide: true, testid: 'keyboard-help' });
    } finally {
      this.helpOpen = false;
      if (had && had.isConnected && typeof had.focus === 'function') had.focus();
    }
  }

  detach() { document.removeEventListener('keydown', this.onKey); }
}
