// The timeline of the game on screen, which is also the replay viewer: step or scrub back
// through the moves that stand, or play them at a chosen speed, and see the table as it was.
// The past position comes from the engine (`viewAt`), drawn by the game screen's own
// renderer through the Match's ui: while the timeline looks back, the live game's drawing is
// held (its log lines too) and shown again, all at once, when the person returns to live.
// Point of view: during a game only the seat whose eyes the screen is for (the engine hides
// what that seat could not see then); after the end any seat, and every hand revealed.
import { esc } from './frame.js';
import { handWords } from '../replay/hands.js';

const SPEEDS = [['0.5', '½×'], ['1', '1×'], ['2', '2×'], ['4', '4×']];
const STEP_MS = 900; // one move per this long at 1×

export function attachTimeline(match, frame, { onLive = () => {} } = {}) {
  const session = match.session;
  const seats = session.seats;
  const ui = match.ui;
  const box = document.createElement('div');
  box.className = 'timeline';
  box.dataset.testid = 'timeline';
  box.hidden = true;
  box.innerHTML = `
    <button type="button" class="btn btn-small" data-tl="first" aria-label="Back to the deal">|◀</button>
    <button type="button" class="btn btn-small" data-tl="back" aria-label="One move back" aria-keyshortcuts="ArrowLeft">◀</button>
    <button type="button" class="btn btn-small" data-tl="play" aria-label="Play">▶</button>
    <button type="button" class="btn btn-small" data-tl="next" aria-label="One move on" aria-keyshortcuts="ArrowRight">▶|</button>
    <button type="button" class="btn btn-small" data-tl="last" aria-label="To the last move" aria-keyshortcuts="End">▶▶|</button>
    <label class="timeline-scrub"><span class="visually-hidden">Move</span>
      <input type="range" min="0" max="0" value="0" step="1" data-tl="scrub"></label>
    <output class="timeline-at" data-testid="timeline-at" aria-live="polite"></output>
    <label><span class="visually-hidden">Replay speed</span><select data-tl="speed"></select></label>
    <label><span class="visually-hidden">Point of view</span><select data-tl="pov" data-testid="timeline-pov"></select></label>
    <label class="timeline-reveal" hidden><input type="checkbox" data-tl="reveal"> Reveal all hands</label>
    <button type="button" class="btn btn-small btn-primary" data-tl="live"><span class="btn-word">Back to </span>live</button>
    <div class="timeline-hands" data-testid="revealed-hands" hidden></div>`;
  const $ = (s) => box.querySelector(s);
  const speed = $('[data-tl=speed]');
  for (const [v, l] of SPEEDS) speed.add(new Option(l, v, false, v === '1'));
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'btn btn-small';
  open.dataset.act = 'timeline';
  open.innerHTML = '<span aria-hidden="true">⟲</span><span class="btn-word"> History</span>';
  open.setAttribute('aria-label', 'History');
  open.setAttribute('aria-expanded', 'false');
  // the controls are a row of the bar's own, under the rest (inside the tools they wrapped
  // into a column four rows high on a phone)
  frame.history.append(open);
  frame.history.closest('.frame-bar').append(box);

  // ----- holding the live game's drawing while looking back -------------------------------
  let past = false;
  let held = null; // {snap, events, viewer, turn: [player, snap] | null, over: snap | null}
  const live = { render: ui.render.bind(ui), yourTurn: ui.yourTurn.bind(ui), over: ui.over.bind(ui) };
  // The other calls go straight to the screen (its methods keep their own `this`).
  const wrapper = { hide: () => ui.hide(), handoff: (p) => ui.handoff(p), seatsChanged: () => ui.seatsChanged && ui.seatsChanged() };
  wrapper.render = (snap, events, viewer) => {
    if (!past) { live.render(snap, events, viewer); return; }
    held = { ...(held || {}), snap, viewer, events: [...((held && held.events) || []), ...(events || [])], turn: null };
  };
  wrapper.yourTurn = (player, snap) => {
    if (!past) { live.yourTurn(player, snap); return; }
    held = { ...(held || { events: [] }), snap, viewer: player, turn: [player, snap] };
  };
  wrapper.over = (snap) => {
    if (!past) return live.over(snap);
    held = { ...(held || { events: [] }), over: snap };
    return undefined;
  };
  match.ui = wrapper;

  let at = 0; // the move shown
  let total = 0;
  let timer = null;
  let asked = 0;
  let gameOver = false;

  function povChoices() {
    if (gameOver) return [...seats.map((s, i) => [String(i), s.name]), ['', 'Spectator']];
    const me = match.viewer;
    return me === null || me === undefined ? [['', 'Spectator']] : [[String(me), seats[me].name]];
  }

  function fillPov() {
    const sel = $('[data-tl=pov]');
    const keep = sel.value;
    sel.replaceChildren(...povChoices().map(([v, l]) => new Option(l === 'Spectator' ? l : `As ${l}`, v)));
    if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
    $('.timeline-reveal').hidden = !gameOver;
  }

  async function show(k) {
    const ask = ++asked;
    at = Math.max(0, Math.min(total, k));
    const pov = $('[data-tl=pov]').value;
    const reveal = gameOver && $('[data-tl=reveal]').checked;
    const params = { id: session.id, move: at };
    if (pov !== '') params.player = Number(pov);
    if (reveal) params.reveal = true;
    const res = await match.engine.viewAt(params);
    if (ask !== asked || !past) return;
    if (!res.ok) { frame.announce(res.error.message); return; }
    const r = res.result;
    total = r.of;
    const viewer = pov === '' ? null : Number(pov);
    // the position's own move marks it (the last card, a winning line), not the live game
    live.render({ ...r, over: false }, [], viewer, { looking: r.events });
    $('[data-tl=scrub]').max = String(total);
    $('[data-tl=scrub]').value = String(at);
    const last = r.events.map((ev) => ev.text).filter(Boolean);
    $('.timeline-at').textContent = at === 0 ? `The deal (0 of ${total})` : `Move ${at} of ${total}`;
    box.dataset.at = String(at);
    // the bar's last move is the move looked at, in the log's words (it kept the live one)
    const told = r.events.map((ev) => [ev, ui.moveText ? ui.moveText(ev) : ev.text]).filter(([, t]) => t);
    const [ev, text] = told.length ? told[told.length - 1] : [{}, at === 0 ? 'The deal' : `Move ${at}`];
    frame.lookingAt({ text, colour: seats[ev.player] ? seats[ev.player].colour : null });
    frame.setStatus(`<span class="timeline-flag">Looking back</span> ${esc(at === 0 ? 'the deal' : `after move ${at} of ${total}`)}${last.length ? ` — ${esc(last[0])}` : ''}`);
    await showHands(reveal ? r.views : null);
    if (at >= total) pause();
  }

  async function showHands(views) {
    const panel = $('.timeline-hands');
    panel.hidden = !views;
    if (!views) { panel.replaceChildren(); return; }
    const words = await Promise.all(views.map((v) => handWords(session.game, v)));
    panel.innerHTML = words.map((w, i) => `<p><strong style="color:${seats[i].colour}">${esc(seats[i].name)}</strong>: ${w.length ? w.map(esc).join(', ') : 'no cards'}</p>`).join('');
  }

  async function enter(k) {
    if (!past) {
      past = true;
      const snap = await match.snapshot(null);
      total = snap.moveCount;
      gameOver = snap.over;
      fillPov();
      box.hidden = false;
      open.setAttribute('aria-expanded', 'true');
      frame.board.classList.add('looking-back');
      frame.board.inert = true; // the past is only looked at: no move can start from it
    }
    await show(k === undefined ? total - 1 : k);
  }

  function play() {
    if (timer) { pause(); return; }
    if (at >= total) show(0);
    $('[data-tl=play]').textContent = '❚❚';
    $('[data-tl=play]').setAttribute('aria-label', 'Pause');
    const tick = () => {
      timer = setTimeout(async () => {
        if (!timer) return;
        await show(at + 1);
        if (timer && at < total) tick(); else pause();
      }, STEP_MS / Number(speed.value));
    };
    tick();
  }

  function pause() {
    clearTimeout(timer);
    timer = null;
    $('[data-tl=play]').textContent = '▶';
    $('[data-tl=play]').setAttribute('aria-label', 'Play');
  }

  function backToLive() {
    pause();
    if (!past) return;
    past = false;
    asked += 1;
    box.hidden = true;
    open.setAttribute('aria-expanded', 'false');
    frame.board.classList.remove('looking-back');
    frame.board.inert = false;
    frame.lookingAt(null);
    const h = held;
    held = null;
    (async () => {
      if (h && h.snap) live.render(h.snap, h.events, h.viewer);
      else live.render(await match.snapshot(), [], match.viewer);
      if (h && h.turn && match.waiting && match.waiting.player === h.turn[0]) live.yourTurn(...h.turn);
      else if (match.waiting) live.yourTurn(match.waiting.player, await match.snapshot(match.waiting.player));
      if (h && h.over) live.over(h.over);
      onLive();
    })();
  }

  open.addEventListener('click', () => (past ? backToLive() : enter()));
  $('[data-tl=first]').addEventListener('click', () => show(0));
  $('[data-tl=back]').addEventListener('click', () => { pause(); show(at - 1); });
  $('[data-tl=next]').addEventListener('click', () => { pause(); show(at + 1); });
  $('[data-tl=last]').addEventListener('click', () => { pause(); show(total); });
  $('[data-tl=play]').addEventListener('click', play);
  $('[data-tl=scrub]').addEventListener('input', (e) => { pause(); show(Number(e.target.value)); });
  $('[data-tl=pov]').addEventListener('change', () => show(at));
  $('[data-tl=reveal]').addEventListener('change', () => show(at));
  $('[data-tl=live]').addEventListener('click', backToLive);
  box.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT' && e.target.type === 'range') return; // the slider's own keys
    if (e.key === 'ArrowLeft') { e.preventDefault(); pause(); show(at - 1); }
    if (e.key === 'ArrowRight') { e.preventDefault(); pause(); show(at + 1); }
    if (e.key === 'Home') { e.preventDefault(); pause(); show(0); }
    if (e.key === 'End') { e.preventDefault(); pause(); show(total); }
    if (e.key === 'Escape') { e.preventDefault(); backToLive(); }
  });

  return {
    /** Open the timeline at move k (default: one move back), e.g. a replay from the deal. */
    enter,
    play,
    backToLive,
    get past() { return past; },
    detach() { pause(); past = false; match.ui = ui; open.remove(); box.remove(); },
  };
}
