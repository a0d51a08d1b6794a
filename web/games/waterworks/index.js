// Water Works in the browser: wires the shared frame and match loop to the pipe table,
// the hand and the action bar. The engine decides everything; this page draws and asks.
import { createFrame, esc } from '../../shell/frame.js';
import { Match } from '../../shell/match.js';
import { TableCanvas } from './table-canvas.js';
import { Hand } from './hand.js';
import { renderPlayers, renderPiles, renderLegend } from './info.js';
import { eventText } from './log-text.js';
import { RULES_HTML } from './rules.js';
import { drawPictures } from './pictures.js';
import { cardWords, canTurn, turnedCard, SHAPE_NAMES } from './card-art.js';
import { spotsFor, discardMove, plumberMove, anyPlumber, spoutMove, attemptAt } from './moves.js';
import { Controls } from './controls.js';
import { loadStyle } from '../../shell/style.js';
import { attachHistory } from '../../shell/history.js';
import { WwMotion } from './motion.js';
import { sound } from '../../shell/sound.js';
import { count, verb, withArticle, Possessive } from '../../shell/words.js';
import { keyHints } from '../../shell/keys.js';
import { moveTargets } from './move-targets.js';
import { fitHand } from './hand-fit.js';
import { attachBlindPlay } from './blind-play.js';

const SPEED_KEY = 'pnd.waterworks.speed';

export async function mount(el, session) {
  await loadStyle(new URL('./style.css', import.meta.url));
  // The seats' names live in the session's seat list (a friend who sits down online names
  // their seat there): read again when it changes (ui.seatsChanged), so every line says it.
  const names = session.seats.map((s) => s.name);
  const colours = session.seats.map((s) => s.colour);
  let speed = 'normal';
  try { speed = localStorage.getItem(SPEED_KEY) || 'normal'; } catch { /* private mode */ }

  let match = null;
  let history = null;
  let alive = true;
  const frame = createFrame(el, {
    title: 'Water Works',
    game: 'waterworks',
    rulesHtml: RULES_HTML,
    illustrate: (body) => drawPictures(body, session.engine, colours),
    speed,
    onExit: () => session.exit(),
    onSpeed: (v) => {
      speed = v;
      if (match) match.botSpeed = v;
      try { localStorage.setItem(SPEED_KEY, v); } catch { /* ignore */ }
    },
  });
  frame.board.innerHTML = `
    <div class="ww" data-testid="waterworks">
      <div class="ww-seats">
        <div class="ww-players" aria-label="Players"></div>
        <div class="ww-piles"></div>
      </div>
      <div class="ww-tablebox">
        <div class="ww-tabletools"><div class="ww-zoombox"></div>
          <button type="button" class="btn btn-small ww-keybtn" aria-expanded="false" aria-controls="ww-legend">Key</button></div>
        <div class="ww-legend" id="ww-legend" hidden></div>
      </div>
      <div class="ww-dock">
        <p class="ww-msg" data-testid="ww-message" role="status"></p>
        <div class="ww-bottom">
          <div class="ww-handbox"></div>
          <div class="ww-actionbox"></div>
        </div>
      </div>
    </div>`;
  const root = frame.board.querySelector('.ww');
  const $ = (s) => root.querySelector(s);

  // ----- state -------------------------------------------------------------------------
  const st = {
    snap: null, viewer: null, myTurn: null, hidden: false, over: false,
    selected: null, turned: false, last: null, win: null, msg: null,
    looking: null, // {last, win} of a past position the timeline shows; the live marks are kept
    lastText: '', // the latest move in the log's words (the `l` key says it)
  };

  const table = new TableCanvas($('.ww-tablebox'), {
    onCell: (x, y) => pointAt(x, y),
    onSpot: (spot) => playSpot(spot),
    onSpotKey: (e, spot) => spotKey(e, spot),
    zoomBox: $('.ww-zoombox'),
    minCell: () => (Math.min(window.innerWidth, window.innerHeight) < 560 ? 40 : 44),
  });
  // a seat tapped (or Enter on it) brings that player's line into view
  const seatLine = (e) => {
    const seat = e.target.closest('.ww-player[data-line]');
    if (seat) table.showLine(Number(seat.dataset.line));
  };
  $('.ww-players').addEventListener('click', seatLine);
  $('.ww-players').addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); seatLine(e); } });
  renderLegend($('.ww-legend'));
  const keyBtn = $('.ww-keybtn');
  keyBtn.addEventListener('click', () => {
    const open = $('.ww-legend').hidden;
    $('.ww-legend').hidden = !open;
    keyBtn.setAttribute('aria-expanded', String(open));
  });
  const moves = new WwMotion({ root, table, colours });
  const hand = new Hand($('.ww-handbox'), {
    onPick: (id, viaKey) => pick(id, viaKey),
    onKey: (e) => {
      if (e.key === 'ArrowUp' && st.selected !== null) {
        const spots = currentSpots();
        if (spots.length) { e.preventDefault(); table.focusSpot(spots[0]); }
      }
    },
  });
  // the cards as large as the dock beside the table allows, again whenever its room changes
  const handFit = new ResizeObserver(() => { if (fitHand(root)) hand.repaint(); });
  handFit.observe($('.ww-dock'));
  handFit.observe($('.ww-bottom'));
  const controls = new Controls($('.ww-actionbox'), {
    turn: () => turnCard(),
    discard: () => doDiscard(),
    plumber: () => doPlumber(),
    spout: () => doSpout(),
    why: (act) => whyOff(act),
  });
  // the table as text, the moves as a list and typed commands, the command keys (issue 56)
  const blind = attachBlindPlay({
    root, frame, names,
    read: () => ({ view: view(), legal: legal(), viewer: st.viewer, myTurn: st.myTurn, hidden: st.hidden, over: st.over }),
    play: (move) => submit(move),
    pick: (id) => { if (st.selected !== id) pick(id, false, true); },
    lastMove: () => st.lastText,
  });

  // ----- derived ------------------------------------------------------------------------
  const view = () => st.snap && st.snap.view;
  const legal = () => (st.myTurn !== null && st.snap ? st.snap.legal : []);
  const handCards = () => (view() && view().hand) || [];
  const selectedCard = () => handCards().find((c) => c.id === st.selected) || null;
  const currentSpots = () => spotsFor(legal(), selectedCard(), st.turned);
  /** The card as the hand shows it: turned round once Turn was pressed. */
  const shownCard = (card) => (st.turned && canTurn(card) ? turnedCard(card) : card);

  function message(text, kind = 'info') {
    text = text ? keyHints(text) : '';
    st.msg = text ? { text, kind } : null;
    const p = $('.ww-msg');
    p.textContent = text;
    p.className = `ww-msg${text ? ` ${kind}` : ''}`;
    if (text && kind === 'error') frame.announce(text, { now: true }); // the answer to what was just tried
  }

  function hint() {
    const v = view();
    if (!v || st.over) return;
    if (st.myTurn === null) return;
    const me = v.pipelines[st.myTurn];
    const card = selectedCard();
    if (spoutMove(legal())) { message('Your line is complete: press “Place spout” [S] to win!', 'good'); return; }
    if (!card) {
      if (me.leak) {
        const leakCell = v.cards.find((c) => c.x === me.leak[0] && c.y === me.leak[1]);
        const what = leakCell && leakCell.kind === 'pipe' ? `a good ${SHAPE_NAMES[leakCell.shape]}` : 'a cap card with a good cap on that side';
        message(`Your line is leaking! Cover the leak with ${what}, or pick any card and send a plumber [P].`, 'warn');
      } else {
        message('Pick a card: the spots where it can go light up.', 'info');
      }
      return;
    }
    // the spots count both ways round: a card that fits only turned goes in turned (the spot
    // says so), and Turn picks the way at a spot where it fits both ways
    const spots = currentSpots();
    let text = `${cap(cardWords(shownCard(card)))}: `;
    if (!spots.length) {
      message(`${text}it fits nowhere, either way round. You can discard it [D].`, 'warn');
      return;
    }
    text += `${count(spots.length, 'spot')} lit — click ${spots.length === 1 ? 'it' : 'one'} [or use the arrow keys and Enter].`;
    const flips = spots.filter((sp) => sp.flip).length;
    if (flips === spots.length) text += ` It goes in turned round${spots.length > 1 ? ' at each' : ''}.`;
    else if (flips) text += ` At ${flips === 1 ? 'the spot' : `the ${flips} spots`} marked ⟲ it goes in turned round.`;
    const both = spots.filter((sp) => sp.both).length;
    if (both) text += ` ${both === spots.length ? 'It fits' : `At ${count(both, 'spot')} it fits`} both ways round: Turn [R] picks which.`;
    if (spots.some((sp) => sp.wins)) text += ' A spot marked WIN finishes your line: your spout goes on at once and you win!';
    message(text, 'info');
  }

  // ----- drawing ------------------------------------------------------------------------
  function redraw({ animate = false } = {}) {
    const v = view();
    if (!v) return;
    const card = selectedCard();
    if (!card) st.selected = null;
    const spots = st.hidden ? [] : currentSpots();
    const marks = st.looking || st; // a past position's marks, or the live game's
    renderPlayers($('.ww-players'), { view: v, names, colours, seats: session.seats, viewer: st.viewer, over: st.over && !st.looking });
    renderPiles($('.ww-piles'), v);
    table.set({
      view: v, names, colours, spots, card, turned: st.turned, viewer: st.viewer,
      previewCard: card ? shownCard(card) : null,
      last: marks.last, win: marks.win,
    }, { animate });
    const active = st.myTurn !== null && !st.hidden;
    hand.render({
      cards: st.hidden ? [] : v.hand, count: st.viewer !== null ? v.hand_sizes[st.viewer] : 0, hidden: st.hidden,
      selectedId: st.selected, turned: st.turned, active,
      // spots either way round: the count does not change with Turn
      fits: active ? (c) => spotsFor(legal(), c, false).length : null,
    });
    const lg = legal();
    controls.render({
      active,
      card,
      canTurn: !!card && canTurn(card),
      turned: st.turned,
      discard: !!card && !!discardMove(lg, card.id),
      plumber: anyPlumber(lg),
      plumbersLeft: st.viewer !== null ? v.pipelines[st.viewer].plumbers_left : 0,
      spout: !!spoutMove(lg),
      over: st.over,
    });
    status();
    blind.update();
  }

  function status() {
    const v = view();
    if (!v) return;
    if (st.over) {
      const w = v.result && v.result.winners && v.result.winners[0];
      frame.setStatus(w === undefined ? 'Game over — nobody finished a line.'
        : `<span class="who" style="background:${colours[w]}"></span>${esc(names[w])} ${names[w] === 'You' ? 'win' : 'wins'}!`);
      return;
    }
    const p = v.turn;
    const dot = `<span class="who" style="background:${colours[p]}"></span>`;
    if (st.myTurn === p) frame.setStatus(`${dot}${names[p] === 'You' ? 'Your' : `${esc(names[p])}, your`} turn — pick a card, then a lit spot`);
    else if (session.seats[p].controller !== 'human') frame.setStatus(`${dot}${esc(names[p])} is playing…`);
    else frame.setStatus(`${dot}Waiting for ${esc(names[p])}`);
  }

  // ----- the person's actions -------------------------------------------------------------
  /** quiet: the caller says the card's moves itself (a typed command). */
  function pick(id, viaKey, quiet = false) {
    if (st.myTurn === null || st.hidden) { message('Wait for your turn.', 'warn'); return; }
    if (st.selected === id) { st.selected = null; st.turned = false; }
    else { st.selected = id; st.turned = false; }
    table.follow(); // the camera goes back to where the card can go
    redraw();
    hint();
    const card = selectedCard();
    if (card && !quiet) {
      const spots = currentSpots();
      const flips = spots.filter((sp) => sp.flip).length;
      const turnedWords = !flips ? '' : flips === spots.length ? ', turned round to fit' : `, ${flips} of them with it turned round`;
      frame.announce(`${cap(cardWords(card))} picked. ${count(spots.length, 'spot')}${turnedWords}.${canTurn(card) ? ' R turns it.' : ''}`, { now: true });
      if (viaKey && spots.length) table.focusSpot(spots[0]);
    }
  }

  function turnCard() {
    const card = selectedCard();
    if (!card) { message('Pick a card first, then turn it.', 'warn'); return; }
    const wasOnSpot = document.activeElement && document.activeElement.classList.contains('ww-spot');
    st.turned = !st.turned;
    redraw();
    hint();
    const spots = currentSpots();
    const both = spots.filter((sp) => sp.both).length;
    frame.announce(`${cap(cardWords(shownCard(card)))}, turned ${st.turned ? 'round' : 'back'}.${both ? ` Where it fits both ways (${count(both, 'spot')}) it now goes in this way.` : ''}`, { now: true });
    if (wasOnSpot) { if (spots.length) table.focusSpot(spots[0]); else hand.focusCard(card.id); }
  }

  async function submit(move, doneText) {
    if (!match || st.myTurn === null) return false;
    // Nothing more to click while the move is on its way to the engine.
    const mine = st.myTurn;
    st.myTurn = null;
    redraw();
    const err = await match.submit(move);
    if (err && match.waiting && match.waiting.player === mine) {
      st.myTurn = mine;
      redraw();
    }
    if (err) {
      // the engine numbers players from 1; say their names instead
      message(err.message.replace(/\b[Pp]layer (\d+)('s)?/g, (m, n, poss) => {
        const name = names[Number(n) - 1];
        return name ? `${name}${poss || ''}` : m;
      }), 'error');
      return false;
    }
    st.selected = null;
    st.turned = false;
    if (doneText) frame.announce(doneText);
    return true;
  }

  function playSpot(spot) {
    if (st.myTurn === null) return;
    submit(spot.move);
  }

  function doDiscard() {
    const card = selectedCard();
    if (!card) { message('Pick the card to discard first.', 'warn'); return; }
    const mv = discardMove(legal(), card.id);
    submit(mv || { type: 'discard', card: card.id });
  }

  function doPlumber() {
    const card = selectedCard();
    const lg = legal();
    if (!card) {
      message(anyPlumber(lg) ? 'Pick the card you will discard when the plumber comes, then press Plumber [P].'
        : 'A plumber can only fix a leak in your own line.', 'warn');
      return;
    }
    const mv = plumberMove(lg, card.id);
    if (mv) { submit(mv); return; }
    // not offered: ask the engine anyway, so the person hears why
    const me = view().pipelines[st.myTurn];
    const at = me.leak || [0, 0];
    submit({ type: 'plumber', x: at[0], y: at[1], discard: card.id });
  }

  function doSpout() {
    const mv = spoutMove(legal());
    submit(mv || { type: 'spout' });
  }

  /** A button that is off says why when pressed (issue 15 item 20). */
  function whyOff(act) {
    const v = view();
    if (st.over) return;
    if (st.myTurn === null || st.hidden) { message(`Wait for your turn: ${act === 'spout' ? 'the spout' : act === 'plumber' ? 'a plumber' : 'that'} can only be used on your own turn.`, 'warn'); return; }
    const me = v.pipelines[st.myTurn];
    const card = selectedCard();
    if (act === 'turn') { message(card ? `${cap(cardWords(card))} looks the same turned round: there is nothing to turn.` : 'Pick a card first, then turn it.', 'warn'); return; }
    if (act === 'discard') { message('Pick the card to discard first.', 'warn'); return; }
    if (act === 'plumber') {
      if (!me.leak) message('Your line has no leak: a plumber only fixes a leak in your own line.', 'warn');
      else if (!me.plumbers_left) message('You have no plumbers left: cover the leak with a card instead.', 'warn');
      else message('Pick the card you will discard when the plumber comes, then press Plumber [P].', 'warn');
      return;
    }
    if (act === 'spout') {
      if (me.leak) message('Your line is leaking: fix the leak before the spout can go on.', 'warn');
      else if (me.open_ends > 1) message(`Your line has ${count(me.open_ends, 'open end')}: cap all but one before the spout.`, 'warn');
      else message(`The spout goes on when your line reaches ${count(v.target, 'pipe')} from the valve; it has ${me.pipes_best}.`, 'warn');
    }
  }

  function pointAt(x, y) {
    if (st.over) return;
    if (st.myTurn === null || st.hidden) { message('Wait for your turn.', 'warn'); return; }
    const card = selectedCard();
    if (!card) { message('Pick a card from your hand first.', 'warn'); return; }
    submit(attemptAt(view(), st.myTurn, card, st.turned, x, y));
  }

  function spotKey(e, spot) {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[e.key]) {
      e.preventDefault();
      const next = nearest(currentSpots(), spot, dirs[e.key]);
      if (next) table.focusSpot(next);
      return;
    }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); hand.focusCard(st.selected); }
  }

  /** Let go (cleanup) or no longer on the page: a key is not this screen's to answer. */
  function gone() {
    return !alive || !root.isConnected;
  }

  function onKey(e) {
    if (gone() || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (el.querySelector('dialog[open]')) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (!el.contains(t) && t !== document.body) return;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (k === '+' || k === '=') { table.setZoom(table.zoom * 1.25); return; }
    if (k === '-') { table.setZoom(table.zoom * 0.8); return; }
    if (st.myTurn === null || st.hidden) return;
    if (/^[1-9]$/.test(k)) {
      const c = handCards()[Number(k) - 1];
      if (c) { e.preventDefault(); hand.focusCard(c.id); pick(c.id, true); }
    } else if (k === 'r') { e.preventDefault(); turnCard(); }
    else if (k === 'd') { e.preventDefault(); doDiscard(); }
    else if (k === 'p') { e.preventDefault(); doPlumber(); }
    else if (k === 's') { e.preventDefault(); doSpout(); }
    else if (k === 'Escape' && st.selected !== null) {
      e.preventDefault();
      const id = st.selected;
      st.selected = null; st.turned = false;
      redraw(); hint(); hand.focusCard(id);
    }
  }
  document.addEventListener('keydown', onKey);

  // ----- the match loop's view --------------------------------------------------------------
  const ui = {
    /** An event in the log's words (the timeline says the move it looks at with them). */
    moveText: (ev) => eventText(ev, names),
    seatsChanged() {
      session.seats.forEach((s, i) => { names[i] = s.name; });
      redraw();
    },
    /** `looking`: the events of the past position the timeline shows (web/shell/timeline.js):
     *  its marks are drawn, not the live game's (the end's winning line over move 1). */
    render(snap, events, viewer, { past = false, looking = null } = {}) {
      if (gone()) return;
      st.snap = snap;
      st.viewer = viewer;
      if (!snap.legal.length) st.myTurn = null;
      st.looking = looking ? { last: lastCell(looking, null), win: winLine(snap) } : null;
      for (const ev of events || []) {
        const text = eventText(ev, names);
        if (text) frame.log(text, colours[ev.player] || null);
      }
      const placed = (events || []).some((ev) => typeof ev.x === 'number' && ev.type !== 'won');
      st.last = lastCell(events || [], st.last);
      const said = (events || []).map((ev) => eventText(ev, names)).filter(Boolean);
      if (said.length) st.lastText = said.join(' ');
      if (said.length && !past) frame.announce(said.join(' ')); // a resumed game's log is not read out
      if (snap.over) st.win = winLine(snap);
      // a resumed game's earlier moves fill the log only: nothing flies or splashes for them
      const before = past ? null : moves.capture(st.viewer);
      redraw({ animate: placed && !past });
      if (!past) moves.play(events || [], before, { view: snap.view, viewer, win: st.win });
      if (st.myTurn === null && !snap.over) message(null);
    },
    yourTurn(player, snap) {
      if (gone()) return;
      st.snap = snap;
      st.viewer = player;
      st.myTurn = player;
      st.hidden = false;
      if (!handCards().some((c) => c.id === st.selected)) { st.selected = null; st.turned = false; }
      redraw();
      hint();
      sound.play('turn');
      frame.announce(`${Possessive(names[player])} turn. You drew a card; pick one of your ${count(handCards().length, 'card')} to play.`);
      const a = document.activeElement;
      if (!a || a === document.body || !el.contains(a) || !a.isConnected) hand.focusCard();
      blind.yourTurn();
    },
    hide() {
      st.hidden = true;
      st.myTurn = null;
      st.selected = null;
      redraw();
      message(null);
    },
    handoff(player) {
      return frame.handoff(names[player], colours[player]).then(() => { st.hidden = false; });
    },
    async over(snap) {
      if (gone()) return;
      st.snap = snap;
      st.over = true;
      st.myTurn = null;
      st.hidden = false;
      const res = snap.result || {};
      st.win = winLine(snap);
      redraw();
      const w = res.winners && res.winners[0];
      let title; let html;
      if (w === undefined) {
        title = 'The pipes ran dry';
        html = '<p>The draw pile is empty and nobody finished a line. No winner this time.</p>';
      } else {
        const you = session.seats[w].controller === 'human';
        title = `${names[w]} ${verb(names[w], 'wins', 'win')}!`;
        html = `<p class="ww-win"><span class="handoff-dot" style="background:${colours[w]}"></span>
          ${esc(names[w])} ran ${withArticle(`${res.pipes}-pipe line`)} from valve to spout${you ? ' — well plumbed!' : '.'}
          The winning line is lit on the table.</p>`;
      }
      message(w === undefined ? 'Game over: nobody finished.' : `Game over: ${names[w]} ${verb(names[w], 'wins', 'win')}.`, 'good');
      frame.announce(title);
      controls.render({ over: true });
      root.dataset.over = 'true';
      // In a tutorial the coach's last step says the game is won and offers what comes next;
      // an end dialog would cover that step (and a modal one would make the coach inert).
      if (session.tutorial) return;
      const choice = await frame.dialog({
        title, html, testid: 'gameover',
        buttons: [['See the table', 'close'], ['New game', 'new'], ['Rematch', 'rematch', true]],
      });
      if (choice === 'rematch') rematch();
      else if (choice === 'new') session.exit();
    },
  };
  controls.onOver = { rematch: () => rematch(), newGame: () => session.exit() };

  // The host (the app shell or the embed page) starts the new game and saves it, and lets this
  // screen go (its cleanup) before it shows the next one.
  function rematch() { session.rematch(); }

  let cleaned = false;
  /** Stop the turn loop, the table and the motion, and drop listeners; safe to call twice.
   * Called by the shell that mounted the screen (web/shell/game-screen.js, web/embed.js) when
   * it lets it go. */
  function cleanup() {
    if (cleaned) return;
    cleaned = true;
    alive = false;
    if (match) match.stop();
    if (history) history.detach();
    table.destroy();
    handFit.disconnect();
    moves.stop();
    frame.destroy();
    blind.detach();
    document.removeEventListener('keydown', onKey);
  }

  match = new Match({ ...session, botSpeed: speed }, ui);
  history = attachHistory(match, frame);
  match.run().catch((err) => {
    console.error(err);
    message(`Something went wrong: ${err.message}`, 'error');
  });
  /** A tutorial target (docs/tutorials.md): the element of a hand card, an action button or a
   *  lit spot, else the box a cell is drawn in (null while the camera has it out of view). */
  function locate(t) {
    const el = t.kind === 'hand-card' ? root.querySelector(`.ww-hand [data-card-id="${t.card}"]`)
      : t.kind === 'button' ? root.querySelector(`.ww-actions [data-act="${t.act}"]`)
        : t.kind === 'cell' ? root.querySelector(`.ww-spot[data-key="${t.x},${t.y}"]`) : null;
    if (el) return el;
    if (t.kind !== 'cell' || !table.cw) return null;
    const box = table.canvas.getBoundingClientRect();
    const [x, y, w, h] = table.cellRect(t.x, t.y);
    const r = new DOMRect(box.left + x, box.top + y, w, h);
    const seen = r.left >= box.left - 1 && r.top >= box.top - 1 && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
    return seen ? r : null;
  }

  return { match, cleanup, locate, moveTargets };
}

function nearest(spots, from, [dx, dy]) {
  let best = null; let bestScore = Infinity;
  for (const s of spots) {
    if (s === from || (s.x === from.x && s.y === from.y)) continue;
    const ax = s.x - from.x; const ay = s.y - from.y;
    const along = ax * dx + ay * dy;
    if (along <= 0) continue;
    const across = Math.abs(ax * dy) + Math.abs(ay * dx);
    const score = along + across * 2;
    if (score < bestScore) { bestScore = score; best = s; }
  }
  if (best) return best;
  // nothing that way: cycle through the spots in reading order
  const i = spots.findIndex((s) => s.x === from.x && s.y === from.y);
  const step = dx + dy > 0 ? 1 : -1;
  return spots.length > 1 ? spots[(i + step + spots.length) % spots.length] : null;
}

function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

/** The cell of the last card laid by `events` (a discard or a take-back lays none), else `last`. */
function lastCell(events, last) {
  for (const ev of events) {
    if (typeof ev.x === 'number' && ev.type !== 'won') last = { x: ev.x, y: ev.y };
    if (ev.type === 'discard' || ev.type === 'undo') last = null; // nothing new on the table
  }
  return last;
}

/** The winning line a snapshot's result lights, if any. */
function winLine(snap) {
  const line = snap.result && snap.result.line;
  return line && line.length ? line : null;
}
