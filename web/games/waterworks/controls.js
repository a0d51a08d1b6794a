// The action bar: turn, discard, plumber, spout — and rematch / new game when it is over.
// Each button names its key; disabled buttons say why through their title.
export class Controls {
  constructor(parent, handlers) {
    this.el = document.createElement('div');
    this.el.className = 'ww-actions';
    this.el.setAttribute('role', 'group');
    this.el.setAttribute('aria-label', 'Actions');
    parent.append(this.el);
    this.handlers = handlers;
    this.onOver = null;
    this.el.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-act]');
      if (!b) return;
      const act = b.dataset.act;
      // an off button says why instead of doing nothing
      if (b.getAttribute('aria-disabled') === 'true') { if (this.handlers.why) this.handlers.why(act); return; }
      if (act === 'rematch' || act === 'newgame') {
        if (this.onOver) this.onOver[act === 'rematch' ? 'rematch' : 'newGame']();
        return;
      }
      this.handlers[act]();
    });
  }

  render(s) {
    if (s.over) {
      this.el.innerHTML = `
        <button type="button" class="btn btn-primary" data-act="rematch" data-testid="rematch">Rematch</button>
        <button type="button" class="btn" data-act="newgame" data-testid="new-game">New game</button>`;
      return;
    }
    const on = (ok) => (s.active && ok ? 'false' : 'true');
    const plumberDots = '<span class="ww-plumber small" aria-hidden="true"></span>';
    // aria-disabled keeps the buttons focusable, so a keyboard user can still reach and hear them
    this.el.innerHTML = `
      <button type="button" class="btn ww-act" data-act="turn" data-testid="act-turn" aria-disabled="${on(s.canTurn)}"
        aria-pressed="${s.turned ? 'true' : 'false'}" title="Turn the card round 180° (R)">
        <span class="ww-turn-icon" aria-hidden="true">⟲</span> Turn <kbd>R</kbd></button>
      <button type="button" class="btn ww-act" data-act="discard" data-testid="act-discard" aria-disabled="${on(s.discard)}"
        title="Discard the picked card (D)">Discard <kbd>D</kbd></button>
      <button type="button" class="btn ww-act" data-act="plumber" data-testid="act-plumber" aria-disabled="${on(s.plumber)}"
        title="Send a plumber to your leak and discard the picked card (P)">${plumberDots} Plumber ×${s.plumbersLeft ?? 0} <kbd>P</kbd></button>
      <button type="button" class="btn ww-act ${s.spout ? 'btn-primary ww-glow' : ''}" data-act="spout" data-testid="act-spout" aria-disabled="${on(s.spout)}"
        title="Add your spout and win (S)">Place spout <kbd>S</kbd></button>`;
  }
}
