// The game screens' one hook into take-backs, the timeline / replay viewer, sharing and the
// end-of-game story: each screen calls attachHistory(match, frame) once and detach() when it
// leaves, so those features live in their own modules and the screens stay about their game.
// The end dialog is found by its testid (both screens open it with frame.dialog) and gets
// the story's charts and the score card, replay and share buttons added to it.
import { attachUndo } from './undo.js';
import { attachTimeline } from './timeline.js';
import { replayLink } from './share.js';
import { copyField } from './copy.js';
import { loadStyle } from './style.js';
import { esc } from './frame.js';
import { hintsSaid } from './hint.js';

const OVER_DIALOGS = new Set(['gameover', 'game-over-dialog']);

export function attachHistory(match, frame) {
  loadStyle(new URL('../styles/replay.css', import.meta.url));
  const session = match.session;
  const slot = frame.history;
  const say = (text, colour) => { frame.log(text, colour); frame.announce(text); };
  const undo = attachUndo(match, slot, { say });
  const timeline = attachTimeline(match, frame, { onLive: () => undo.refresh() });

  // On a shared device the person who just moved may take it back on the hand-over screen,
  // before the next person's cards are shown (nothing new has reached anyone yet). A take-back
  // ends the hand-over: the device stays with them and the match asks whose turn it is now.
  const handoff = frame.handoff;
  frame.handoff = async (name, colour) => {
    for (;;) {
      await undo.refresh();
      const who = undo.offer && session.seats[undo.offer.player].name;
      const more = undo.offer ? [[`Undo ${who === 'You' ? 'your' : `${who}’s`} move`, 'undo']] : [];
      const choice = await handoff(name, colour, more);
      if (choice !== 'undo') return choice;
      if ((await undo.undo()).ok) return 'undone';
    }
  };

  // The end dialog: the story, a replay from the deal, a link, the same deal again.
  const dialog = frame.dialog;
  frame.dialog = async (opts) => {
    if (!OVER_DIALOGS.has(opts.testid)) return dialog(opts);
    endButtons();
    if (!session.online) import('./daily-record.js').then((m) => m.noteOver(session)).catch((err) => console.error(err));
    const extra = [['Share your score', 'score'], ['Watch the replay', 'replay'], ['Analyse this game', 'analyse'], ['Share link', 'share']];
    if (session.playDeal) extra.push(['Play this deal', 'deal']);
    const shown = dialog({ ...opts, wide: true, html: `${opts.html || ''}<p class="hint-count" data-testid="hint-count"></p><div class="story" data-testid="story"></div>`, buttons: [...extra, ...opts.buttons] });
    const box = slot.closest('.frame').querySelector('dialog [data-testid=story]');
    const hints = slot.closest('.frame').querySelector('dialog [data-testid=hint-count]');
    if (hints) hintsSaid(match.engine, session).then((text) => { hints.textContent = text; hints.hidden = !text; });
    if (box) import('./charts.js').then((m) => m.tellStory(box, match.engine, session)).catch((err) => console.error(err));
    const choice = await shown;
    if (after) after.open(!['replay', 'deal', 'rematch', 'new', 'menu'].includes(choice));
    if (choice === 'replay') { replay(); return 'close'; }
    if (choice === 'share') { await share(); return 'close'; }
    if (choice === 'score') { await score(); return 'close'; }
    if (choice === 'analyse') { await analyse(); return 'close'; }
    if (choice === 'deal') { session.playDeal(); return 'close'; }
    return choice;
  };

  // After the end the after-game actions stay at hand in one "Game over" menu in the bar (five
  // buttons of their own wrapped the bar onto three rows), open at first once the end dialog
  // is closed; Hint has nothing left to say (the frame's `game-over` class hides it, game.css).
  let ended = false;
  let after = null; // the menu: {button, panel, open(show)}
  function endButtons() {
    if (ended) return;
    ended = true;
    slot.closest('.frame').classList.add('game-over');
    after = afterMenu();
    const acts = [['score', 'Share your score', score], ['replay', 'Watch the replay', replay], ['analyse', 'Analyse this game', analyse], ['share', 'Share link', share]];
    if (session.playDeal) acts.push(['deal', 'Play this deal', () => session.playDeal()]);
    for (const [act, label, fn] of acts) barButton(act, label, fn, after.panel);
  }

  /** The "Game over" button and the panel of actions it opens below the bar. */
  function afterMenu() {
    const box = document.createElement('div');
    box.className = 'after-game';
    box.innerHTML = `<button type="button" class="btn btn-small btn-primary after-game-toggle" data-act="after-game"
        data-testid="after-game" aria-expanded="false" aria-controls="after-game-panel">Game over <span aria-hidden="true">▾</span></button>
      <div class="after-game-panel" id="after-game-panel" role="group" aria-label="After the game" data-testid="after-game-panel" hidden></div>`;
    const button = box.querySelector('button');
    const panel = box.querySelector('.after-game-panel');
    const open = (show) => {
      // the replay viewer's Analyse, in the bar until the end, joins the others once they show
      const early = slot.querySelector(':scope > [data-act=analyse]');
      if (show && early) panel.prepend(early);
      panel.hidden = !show;
      button.setAttribute('aria-expanded', String(show));
    };
    button.addEventListener('click', () => open(panel.hidden));
    // an action taken folds the panel away: the replay, the analysis or a dialog has the screen
    panel.addEventListener('click', (e) => { if (e.target.closest('button')) open(false); });
    box.addEventListener('keydown', (e) => { if (e.key === 'Escape' && !panel.hidden) { e.stopPropagation(); open(false); button.focus(); } });
    // it hangs over the table: a touch of the table (to look at the end) folds it away
    frame.board.addEventListener('pointerdown', () => open(false));
    slot.append(box);
    return { button, panel, open };
  }

  function barButton(act, label, fn, parent = slot) {
    if (slot.querySelector(`[data-act=${act}]`)) return;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn btn-small';
    b.dataset.act = act;
    b.textContent = label;
    b.addEventListener('click', fn);
    parent.append(b);
  }

  async function replay() {
    await timeline.enter(0);
    timeline.play();
  }

  // A score card (web/shell/score-card.js): the engine makes it for the person's seat.
  async function score() {
    const { shareScore } = await import('./score-card.js');
    await shareScore(match, say);
  }

  async function analyse() {
    const { showAnalysis } = await import('./analysis.js');
    await showAnalysis(match, frame, timeline);
  }

  async function share() {
    const rec = await match.engine.record({ id: session.id });
    const snap = await match.snapshot(null);
    if (!rec.ok || !snap.over) {
      await dialog({ title: 'Share this game', html: '<p>A game is shared once it is over: its record shows every hand.</p>', buttons: [['Close', 'close', true]], testid: 'share' });
      return;
    }
    const link = await replayLink(rec.result, session.seats);
    // Copy stays in the dialog and says it copied (it used to close it, saying nothing)
    const p = dialog({
      title: 'Share this game',
      html: `<p>Anyone who opens this link sees the replay of this game; nothing is uploaded.
        The whole game is in the link (${link.length.toLocaleString('en')} characters).</p>
        <textarea class="share-link" data-testid="share-link" readonly rows="4"></textarea>
        <p class="share-copy"><button type="button" class="btn btn-primary" data-act="copy">Copy</button>
        <span class="muted" data-testid="share-note" role="status"></span></p>`,
      buttons: [['Close', 'close', true]],
      testid: 'share',
    });
    const box = slot.closest('.frame').querySelector('dialog[data-testid=share]');
    const area = box.querySelector('[data-testid=share-link]');
    area.value = link;
    area.select();
    box.querySelector('[data-act=copy]').addEventListener('click', () => copyField(area, box.querySelector('[data-testid=share-note]')));
    await p;
  }

  if (session.replay) {
    barButton('analyse', 'Analyse this game', analyse); // the replay viewer of a finished game
    replay();
  }
  return {
    undo,
    timeline,
    share,
    detach() { undo.detach(); timeline.detach(); frame.handoff = handoff; frame.dialog = dialog; },
  };
}
