// "Analyse this game" (the end dialog, the bar after the end, the replay viewer): the engine's
// `analyse` judges every decision of the finished game with the hard search from what the seat
// knew then (docs/api.md). It thinks in the worker a slice at a time (SLICE_MS), so the page
// keeps drawing and the engine keeps answering between slices; a progress bar shows how far
// it is, Stop stops it (the work done is kept for a later Analyse). Once complete the engine
// keeps it in the game's record: the save is written again and a replay link carries it, so
// it is worked out once.
import { esc } from './frame.js';
import { analysisChart } from './analysis-chart.js';
import { keepRecord } from './saves.js';
import { pageSetting } from './page-setting.js';

/** Each call thinks this long in the worker before it says how far it is. */
export const SLICE_MS = 150;

const pct = (v) => `${Math.round(v * 100)}%`;

/** Playouts per decision: ?analyse=<n> in the address, else localStorage 'pnd.analysePlayouts'
 *  (1 to 2000), else the engine's default (docs/bots.md). Tests and slow devices set it. */
const playoutSetting = () => pageSetting('analyse', 'pnd.analysePlayouts', (n) => Number.isInteger(n) && n >= 1 && n <= 2000);

const whose = (name) => (name === 'You' ? 'your' : `${name}'s`);

/** One turning point in a sentence or two (its words from the engine, docs/api.md "Advice"):
 *  at the seat's own move, what it played and what was better and why; at another's, what
 *  that move did and what the seat could have done better before it. */
export function turningWords(tp, seats, name) {
  const b = tp.better;
  if (tp.own && b && b.move === tp.move) {
    return `${name} chose to ${tp.playedText}. Better was to ${b.text}: it ${b.why}`
      + (b.instead ? `, while the move played ${b.instead}.` : '.');
  }
  const mover = seats[tp.player] ? seats[tp.player].name : 'Another player';
  let out = `${tp.own ? name : mover} chose to ${tp.playedText}`
    + (tp.did ? `: it ${tp.did}.` : '.');
  if (tp.own && !b && tp.did === undefined) return `${out} The search found nothing better here: the chances fell with what came after.`;
  if (b) {
    out += ` Better, at move ${b.move}: to ${b.text} rather than ${b.played}, as it ${b.why}.`;
  } else if (tp.lastDecision) {
    out += ` At ${whose(name)} move before it (move ${tp.lastDecision}) the search found nothing better: this fall came from the cards and the other players.`;
  } else {
    out += ` ${name} had no choice to make before it.`;
  }
  return out;
}

/** The seat to analyse first: the person's own (the first human seat), else the first. */
function firstSeat(seats) {
  const i = seats.findIndex((s) => s.controller === 'human');
  return i < 0 ? 0 : i;
}

/**
 * Open the analysis dialog. `timeline` (web/shell/timeline.js) shows a mistake's position.
 */
export async function showAnalysis(match, frame, timeline) {
  const { session, engine } = match;
  const seats = session.seats;
  let seat = firstSeat(seats);
  let running = false;
  let epoch = 0;
  const shown = frame.dialog({
    title: 'Analysis of this game',
    wide: true,
    testid: 'analysis',
    html: `<div class="analysis" data-testid="analysis-panel">
      <p class="analysis-intro">Every decision judged by the hard bot's search from what the player knew at that moment.</p>
      <label class="analysis-seat">Player <select data-testid="analysis-seat">${seats.map((s, i) => `<option value="${i}">${esc(s.name)}</option>`).join('')}</select></label>
      <div class="analysis-progress" data-testid="analysis-progress">
        <progress max="1" value="0"></progress><span class="analysis-progress-text" aria-live="polite">Starting…</span>
        <button type="button" class="btn btn-small" data-act="analysis-stop" data-testid="analysis-stop">Stop</button>
      </div>
      <div class="analysis-result" data-testid="analysis-result"></div>
    </div>`,
    buttons: [['Close', 'close', true]],
  });
  const box = frame.root.querySelector('dialog [data-testid=analysis-panel]');
  const dialogEl = box.closest('dialog');
  const $ = (s) => box.querySelector(s);
  const select = $('select');
  select.value = String(seat);
  const bar = $('progress');
  const note = $('.analysis-progress-text');
  const stop = $('[data-act=analysis-stop]');

  function progress(p) {
    $('.analysis-progress').hidden = false;
    bar.value = p.of ? p.done / p.of : 0;
    note.textContent = `Thinking… move ${Math.floor(p.done)} of ${p.of}`;
  }

  let drawn = null; // the result on screen, drawn again at a new width
  function draw(result) {
    drawn = result;
    $('.analysis-progress').hidden = true;
    const score = result.measure === 'score';
    const say = score ? (v) => `${Math.round(v)} duckats` : pct;
    const name = seats[seat].name;
    const items = result.turningPoints.map((tp, k) => `<li data-testid="analysis-turn-${k + 1}"><span class="analysis-n">${k + 1}</span>
        <span><strong>Move ${tp.move}</strong> <span class="analysis-fall">(${esc(name)}: ${say(tp.from)} → ${say(tp.to)})</span>:
        ${esc(turningWords(tp, seats, name))}</span>
        <button type="button" class="btn btn-small btn-quiet" data-show="${tp.move}">Show</button></li>`).join('');
    const none = result.decisions.length ? `${name}'s line on the chart never fell: well played.` : 'This seat had no decision to make.';
    $('.analysis-result').innerHTML = `${analysisChart(result, seats, seat, $('.analysis-result').clientWidth)}
      <h3>${items ? `Turning points: where ${score ? 'the expected score' : 'the chances'} fell most` : 'No turning points'}</h3>
      ${items ? `<ol class="analysis-mistakes">${items}</ol>` : `<p>${none}</p>`}
      <p class="analysis-foot">${result.decisions.length} decisions judged.</p>`;
  }

  async function run() {
    const mine = ++epoch;
    running = true;
    stop.textContent = 'Stop';
    $('.analysis-result').innerHTML = '';
    for (;;) {
      const ask = { id: session.id, player: seat, ms: SLICE_MS };
      const playouts = playoutSetting();
      if (playouts) ask.iterations = playouts;
      const res = await engine.analyse(ask);
      if (mine !== epoch || !dialogEl.open) return;
      if (!res.ok) { note.textContent = res.error.message; break; }
      if (res.result.complete) { draw(res.result); keep(); break; }
      progress(res.result.progress);
      if (!running) { note.textContent = `Stopped at move ${Math.floor(res.result.progress.done)} of ${res.result.progress.of}.`; stop.textContent = 'Go on'; return; }
    }
    running = false;
  }

  // The finished analysis is in the engine's record now: the save is written again with it.
  let kept = false;
  async function keep() {
    if (kept) return;
    kept = true;
    if (match.session.onMove && !session.replay) { match.session.onMove({ analysed: true }); return; }
    if (!session.saveId) return;
    const rec = await engine.record({ id: session.id });
    if (rec.ok) keepRecord(session.saveId, rec.result);
  }

  stop.addEventListener('click', () => {
    if (running) running = false; else run();
  });
  select.addEventListener('change', () => { seat = Number(select.value); run(); });
  box.addEventListener('click', (e) => {
    const b = e.target.closest('button[data-show]');
    if (!b || !timeline) return;
    dialogEl.querySelector('.frame-dialog-actions button').click(); // Close, which settles the dialog
    timeline.enter(Number(b.dataset.show) - 1);
  });
  const redraw = () => { if (drawn) draw(drawn); };
  window.addEventListener('resize', redraw);
  run();
  await shown;
  window.removeEventListener('resize', redraw);
  epoch += 1; // closed: the next answer is dropped and no slice follows
}
