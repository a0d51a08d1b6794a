// Aqueducks game screen: mounts the frame, runs the Match, and draws the table from the
// engine's snapshots. The engine decides everything; this module only presents the legal
// moves it lists and sends the one the person picks. Here: the Match's ui protocol (render,
// yourTurn, hide, handoff, over, error), whose turn and view it is, and refresh(), which draws
// the status, tabs, city, panel and boards; the screen's skeleton and its clicks are
// screen-layout.js, the hand hand.js, the news news.js, a face or card's detail
// face-detail.js, the end game-over.js, and each decision's panel phases/.
import { createFrame, esc } from '../../shell/frame.js';
import { setHtml } from '../../shell/dom-write.js';
import { Match } from '../../shell/match.js';
import { loadStyle } from '../../shell/style.js';
import { attachHistory } from '../../shell/history.js';
import { loadCatalog } from './catalog.js';
import { playerBoard, pondifexBoard, actionTrack, ACTION_NAME } from './boards.js';
import { RULES_HTML } from './rules.js';
import { drawPictures } from './pictures.js';
import { icon } from './icons.js';
import { recordBest, soloBoard } from './scores.js';
import * as Build from './phases/build.js';
import * as Publican from './phases/publican.js';
import * as Protect from './phases/protect.js';
import * as Draft from './phases/draft.js';
import { fitNews, fitTrack } from './strips.js';
import { foldBoards } from './boards-fold.js';
import { layoutScreen } from './screen-layout.js';
import { renderHand } from './hand.js';
import { readEvents, newsHtml } from './news.js';
import { eventText } from './log-text.js';
import { overPanel, showOver } from './game-over.js';
import { moveTargets } from './move-targets.js';

const SPEED_KEY = 'pnd.aqueducks.speed';
// where the other cities' miniatures fold into the seats' tabs: every size now (a strip of
// them over the city took the room the whole city needs to fit the screen without scrolling);
// a tab shows its city at full size
const FOLD_MINIS = 'all';
// the narrow screens' layout (style.css: the same widths): the decision on top, the city or the hand under it
const NARROW = '(max-width: 900px), (max-height: 560px)';
const PHASES = { build: Build, publican: Publican, protect: Protect, draft: Draft };

export async function mount(el, session) {
  const [cat] = await Promise.all([loadCatalog(), loadStyle(new URL('./style.css', import.meta.url))]);
  let speed = 'normal';
  try { speed = localStorage.getItem(SPEED_KEY) || 'normal'; } catch { /* private mode */ }
  const ui = new AqueducksUI(el, session, cat, speed);
  const match = new Match({ ...session, botSpeed: speed }, ui);
  ui.match = match;
  ui.history = attachHistory(match, ui.frame);
  match.run().catch((err) => {
    console.error(err);
    ui.frame.setStatus(`<span class="aq-error">Something went wrong: ${esc(err.message)}</span>`);
  });
  return ui;
}

class AqueducksUI {
  constructor(el, session, cat, speed) {
    this.session = session;
    this.seats = session.seats;
    this.cat = cat;
    this.root = el;
    this.esc = esc;
    this.frame = createFrame(el, {
      title: 'Aqueducks',
      game: 'aqueducks',
      rulesHtml: RULES_HTML,
      illustrate: (body) => drawPictures(body, session.engine),
      speed,
      onExit: () => this.exit(),
      onSpeed: (v) => { this.match.botSpeed = v; try { localStorage.setItem(SPEED_KEY, v); } catch { /* ignore */ } },
    });
    this.snap = null;
    this.viewer = null;
    this.turn = null; // the human seat whose decision is open
    this.hidden = false;
    this.shown = null; // whose city is on screen
    this.mode = 'overview';
    this.pane = 'hand'; // narrow screens: the city or the hand under the decision
    this.build = Build.newBuildState();
    this.protectSel = new Set();
    this.draftSel = null;
    this.errorText = null;
    this.news = [];
    this.detail = null;
    this.overSnap = null;
    this.toppled = {};
    layoutScreen(this);
    this.keyHandler = (e) => this.keys(e);
    document.addEventListener('keydown', this.keyHandler);
    // the sticky action panel sits just under the page's own sticky header
    const header = document.querySelector('.site-header');
    this.stickyTop = () => {
      const h = header && getComputedStyle(header).position === 'sticky' ? header.offsetHeight : 0;
      this.frame.board.style.setProperty('--aq-sticky-top', `${h}px`);
    };
    this.stickyTop();
    window.addEventListener('resize', this.stickyTop);
    // the strips are sized to their lines and the width: again when the window changes
    this.fitStrips = () => { fitNews(this.el.news); fitTrack(this.el.top.querySelector('.aq-track')); };
    window.addEventListener('resize', this.fitStrips);
    // the boards fold behind their button when the side column has no room left for them
    this.foldBoards = () => foldBoards(this.frame.board, this.narrowQuery.matches);
    window.addEventListener('resize', this.foldBoards);
    // phones fold the miniatures into the seats' tabs (minis.js); crossing the line redraws
    this.foldQuery = matchMedia(FOLD_MINIS);
    this.narrowQuery = matchMedia(NARROW);
    this.foldChange = () => this.refresh();
    this.foldQuery.addEventListener('change', this.foldChange);
  }

  /** Stop the turn loop and drop listeners; safe to call twice. The shell that mounted the
   *  screen calls it when it lets the screen go (on exit, a rematch, a tutorial's redraw):
   *  the screen itself only asks to leave. */
  cleanup() {
    if (this.closed) return;
    this.closed = true;
    document.removeEventListener('keydown', this.keyHandler);
    window.removeEventListener('resize', this.stickyTop);
    window.removeEventListener('resize', this.fitStrips);
    window.removeEventListener('resize', this.foldBoards);
    this.foldQuery.removeEventListener('change', this.foldChange);
    if (this.match) this.match.stop();
    if (this.history) this.history.detach();
    clearTimeout(this.toppleTimer);
    clearTimeout(this.boardTimer);
    this.city.destroy();
    this.minis.destroy();
    this.moves.stop();
    this.frame.destroy();
  }

  exit() { this.session.exit(); }

  /** What to press for an engine move, as tutorial targets (the Hint lights them). */
  moveTargets(m) { return moveTargets(m); }

  /** The element a tutorial target (docs/tutorials.md) is (or the button that shows it), or
   *  the box it is drawn in, or null while it is not on screen. */
  locate(t) {
    const q = (sel) => this.root.querySelector(sel);
    const sel = {
      'hand-card': `.aq-hand [data-card-id="${t.card}"]`,
      'draft-card': t.card === undefined ? '.aq-hand [data-card-id]' : `.aq-hand [data-card-id="${t.card}"]`,
      slot: `[data-testid="place-${t.x}-${t.y}-${t.storey}"]`,
      button: `.aq-panel [data-act="${t.act}"]`, 'pondifex-space': `[data-space="${t.space}"]`,
      pondifex: '.aq-pondifex', favour: '.aq-favour, [data-testid=favour]', news: '.aq-news:not([hidden])',
    }[t.kind];
    if (sel) {
      const el = q(sel);
      // the boards closed behind their button (a narrow screen, or a desktop column too short
      // for them), or open in the hand's place: point at that button
      const shut = el && !el.getClientRects().length && el.closest('.aq-boards, .aq-hand');
      return shut ? q('.aq-boards-toggle') : el;
    }
    if (t.kind !== 'district') return null;
    const hit = q(`[data-testid="protect-${t.district}"]`);
    if (hit) return hit;
    const faces = [...this.root.querySelectorAll(`[data-face^="${t.district}:"]`)].map((f) => f.getBoundingClientRect());
    if (!faces.length) return null;
    const left = Math.min(...faces.map((r) => r.left)); const top = Math.min(...faces.map((r) => r.top));
    return new DOMRect(left, top, Math.max(...faces.map((r) => r.right)) - left, Math.max(...faces.map((r) => r.bottom)) - top);
  }

  // ------------------------------------------------------------- Match ui protocol
  /** A seat's name or kind changed (this.seats is the session's list): draw it again. */
  seatsChanged() { this.refresh(); }

  /** An event in the log's words (the timeline says the move it looks at with them). */
  moveText(ev) { return eventText(ev, this.seats, (k) => (this.cat.byKey[k] ? this.cat.byKey[k].name : k), (id) => this.cardName(id)); }

  render(snap, events, viewer, { past = false } = {}) {
    // a visit ended by this batch (not a resumed game's replay)
    const visitEnded = !past && !!this.snap && this.snap.view.action === 'publican' && snap.view.action !== 'publican';
    // Downfall: remember the districts that fell so the city can show them toppling.
    for (const ev of past ? [] : events || []) {
      if (ev.type === 'downfall' && ev.removed.length && this.snap) {
        const ids = new Set(ev.removed.map((r) => r.district));
        const before = this.snap.view.cities[ev.player].districts.filter((d) => ids.has(d.id));
        this.toppled[ev.player] = { districts: before, until: Date.now() + 4500 };
        clearTimeout(this.toppleTimer);
        this.toppleTimer = setTimeout(() => this.refresh(), 4600);
      }
    }
    this.snap = snap;
    this.viewer = viewer;
    if (this.shown === null) this.shown = this.me();
    // the boards are behind their button on a desktop screen: the visit's last donations play
    // out on the Pondifex in the panel, which stays a moment after the visit ends
    if (visitEnded && (events || []).some((ev) => ev.type === 'donate')) {
      this.boardUntil = Date.now() + 2500;
      clearTimeout(this.boardTimer);
      this.boardTimer = setTimeout(() => this.refresh(), 2600);
    }
    const before = this.moves.capture();
    if (events && events.length) readEvents(this, events, past);
    this.refresh();
    if (events && events.length && !past) this.moves.play(events, before); // a resumed game's log is not played out
  }

  yourTurn(player, snap) {
    this.turn = player;
    // a decision that starts from the hand shows it on a narrow screen; the others, the city
    this.pane = { build: 'hand', draft: 'hand', publican: 'board' }[snap.view.action] || 'city';
    this.shown = player;
    this.snap = snap;
    this.build = Build.newBuildState();
    this.protectSel = new Set();
    this.draftSel = null;
    this.errorText = null;
    this.el.detail.replaceChildren();
    // a new decision shows the hand again where the open boards stood in its place
    if (this.frame.board.querySelector('.aq.boards-fold')) this.closeBoards();
    this.refresh();
    this.frame.announce(`${this.seats[player].name}, your turn: ${this.promptWords()}`);
    const first = this.root.querySelector('.aq-hand [data-card-id]:not([aria-disabled=true]), .aq-panel .btn-primary:not([disabled]), .aq-panel button:not([disabled])');
    if (first && !document.querySelector('dialog[open]')) first.focus({ preventScroll: true });
  }

  hide() {
    this.hidden = true;
    this.el.detail.replaceChildren(); // it may show the previous person's hand card
    this.refresh();
  }

  async handoff(player) {
    const s = this.seats[player];
    await this.frame.handoff(s.name, s.colour);
    this.hidden = false;
    this.shown = player;
  }

  over(snap) {
    this.snap = snap;
    this.overSnap = snap;
    this.turn = null;
    const v = snap.view;
    if (v.solo && snap.result) {
      this.best = recordBest(v.cities[0].faction, snap.result.score, this.session.seed);
    }
    this.refresh();
    showOver(this);
  }

  error(message) { this.errorText = message; this.refresh(); }

  // ------------------------------------------------------------- helpers
  /** The person at this screen decides now: their turn was given, and the match still waits
   *  for it (a take-back ends the turn it answered until the match asks again). */
  myTurn() {
    return this.turn !== null && this.turn === this.viewer && !this.hidden
      && (!this.match || (!this.match.undoing && this.match.waiting !== null && this.match.waiting.player === this.turn));
  }
  /** The seat whose city is 'mine': the viewer, or seat 0 when watching (a replay, a spectator). */
  me() { return this.viewer ?? 0; }
  myCity() { return this.snap.view.cities[this.me()]; }
  cardName(cid, key) {
    const k = key || this.keyOf(cid);
    return k && this.cat.byKey[k] ? this.cat.byKey[k].name : `card ${cid}`;
  }
  keyOf(cid) {
    const v = this.snap.view;
    const pools = [v.hand || [], v.draft_hand || []];
    for (const p of pools) { const h = p.find((x) => x.card === cid); if (h) return h.key; }
    for (const c of v.cities) for (const d of c.districts) for (const s of ['left', 'right']) if (d[s].card === cid) return d[s].key;
    return null;
  }
  phase() { return this.snap && !this.snap.over ? PHASES[this.snap.view.action] : null; }

  async submit(move) {
    const saved = this.news;
    this.news = []; // the events of this move and what follows start a fresh list
    // Nothing more to click while the move is on its way to the engine.
    const turn = this.turn;
    this.turn = null;
    this.refresh();
    const err = await this.match.submit(move);
    if (err) {
      this.news = [...saved, ...this.news];
      if (this.match.waiting && this.match.waiting.player === turn) this.turn = turn;
      return err;
    }
    this.turn = null;
    this.build = Build.newBuildState();
    this.protectSel = new Set();
    this.draftSel = null;
    this.errorText = null;
    this.refresh();
    return null;
  }

  async trySubmit(move) {
    const err = await this.submit(move);
    if (err) { this.errorText = err.message; this.frame.announce(err.message); this.refresh(); }
  }

  /** Narrow screens: show the city or the hand under the decision panel. */
  showPane(pane) {
    this.pane = pane;
    this.refresh();
  }

  viewMode(mode, redraw = true) {
    this.mode = mode;
    if (redraw) this.refresh();
    this.frame.announce({ overview: 'Overview: every row seen from the front.', left: 'Left view: the city as seen from the left.', right: 'Right view: the city as seen from the right.' }[mode]);
  }

  promptWords() {
    const a = this.snap.view.action;
    return { build: 'build a district: pick two buildings, then a place.', publican: 'donate to the Publican or pass.', protect: 'choose districts to protect.', draft: 'pick a building from the draft.' }[a] || '';
  }

  // ------------------------------------------------------------- drawing
  /** The districts the Gauls just toppled in p's city (drawn for a few seconds), or null. */
  toppledOf(p) {
    const tp = this.toppled[p];
    return tp && tp.until > Date.now() ? tp.districts : null;
  }

  refresh() {
    if (!this.snap) return;
    const v = this.snap.view;
    const n = v.players;
    const viewer = this.me();
    if (this.shown === null || this.shown >= n) this.shown = viewer;
    const shownCity = v.cities[this.shown];
    const mine = this.shown === viewer;
    const ph = this.phase();
    const turn = this.myTurn();
    const action = v.action;

    // status bar
    const seat = this.seats[this.turn ?? viewer];
    let status;
    if (this.snap.over) status = 'Game over';
    else if (this.hidden) status = 'Hand hidden: pass the device';
    else if (turn) status = `<span class="who" style="background:${seat.colour}"></span>${esc(seat.name)}: ${esc(this.promptWords())}`;
    else {
      const waiting = v.to_act.map((p) => this.seats[p].name);
      status = `${ACTION_NAME[action]}: waiting for ${esc(waiting.join(', ') || '…')}`;
    }
    this.frame.setStatus(`<span class="aq-status-era">Era ${v.era} · ${ACTION_NAME[action]}</span> — ${status}`);

    const root = this.frame.board.querySelector('.aq');
    root.dataset.turn = turn ? action : '';
    root.dataset.action = action;
    root.dataset.over = String(!!this.snap.over);
    root.dataset.gameId = this.session.id;
    // narrow screens: a build's two cards picked, the city is where the next click goes
    const pane = turn && action === 'build' && this.build.b !== null && this.pane === 'hand' && this.build.place === null && !this.paneAuto ? 'city' : null;
    if (pane) { this.pane = pane; this.paneAuto = true; }
    if (this.build.b === null) this.paneAuto = false;
    const visiting = action === 'publican' && !v.solo && !!v.pondifex && !this.snap.over;
    if (this.pane === 'board' && !visiting) this.pane = 'city';
    root.dataset.pane = this.pane;
    root.querySelector('.aq-panes [data-pane=board]').hidden = !visiting;
    for (const t of root.querySelectorAll('.aq-panes [data-pane]')) {
      t.setAttribute('aria-selected', String(t.dataset.pane === this.pane));
      if (t.dataset.pane === 'hand') t.textContent = action === 'draft' && turn ? 'Draft' : `Hand (${(v.hand || []).length})`;
    }
    // track + news
    const track = setHtml(this.el.top, actionTrack(v));
    if (!this.news.length) this.newsOpen = false;
    const news = setHtml(this.el.news, newsHtml(this.news, this.seats, this.newsOpen));
    this.el.news.classList.toggle('open', !!this.newsOpen);
    this.el.news.setAttribute('aria-expanded', String(!!this.newsOpen));
    this.el.news.hidden = !this.news.length;
    if (track || news) this.fitStrips(); // sized to what they hold (and again on a resize)

    // tabs + view switch
    setHtml(this.el.tabs, v.cities.map((c, p) => `<button type="button" role="tab" data-player="${p}" data-testid="city-tab-${p}" aria-selected="${p === this.shown}"
      style="--seat:${this.seats[p].colour}"><span class="aq-dot"></span>${esc(this.seats[p].name)}${p === viewer && this.seats[p].controller === 'human' && this.seats[p].name !== 'You' ? ' (you)' : ''}
      <span class="aq-tab-mini" data-mini-slot="${p}"></span><span class="aq-tab-meta">${icon('duckat')}${c.duckats}${v.solo ? '' : ` ${icon('favour')}${c.favour}`}${c.has_chosen ? ' ✓' : ''}</span></button>`).join(''));
    for (const b of this.el.views.querySelectorAll('[data-view]')) b.setAttribute('aria-checked', String(b.dataset.view === this.mode));

    // city
    let place = null;
    let protect = null;
    if (turn && mine && action === 'build' && this.build.b !== null) {
      const info = Build.buildInfo(this);
      const targets = Build.placeTargets(this, info);
      let ghost = null;
      if (this.build.place && info.move) {
        const g = Build.ghostFaces(this.myCity(), this.build.place);
        ghost = { storey: this.build.place.storey, left: { key: this.keyOf(info.move.cards[0]), active: g.left }, right: { key: this.keyOf(info.move.cards[1]), active: g.right } };
      }
      // the left and right views show it too: where it would stand, seen from that side
      place = { targets, chosen: this.build.place, ghost };
    }
    if (turn && mine && action === 'protect') {
      const info = Protect.protectInfo(this);
      protect = { selectable: info.selectable, selected: this.protectSel };
    }
    for (const b of this.el.views.querySelectorAll('[data-view]')) b.setAttribute('aria-checked', String(b.dataset.view === this.mode));
    this.city.set({ city: shownCity, board: v.board, mode: this.mode, place, protect, toppled: this.toppledOf(this.shown) });
    const fold = this.foldQuery.matches;
    this.minis.set({ view: v, seats: this.seats, shown: this.shown, built: this.built,
      slot: fold ? (p) => this.el.tabs.querySelector(`[data-mini-slot="${p}"]`) : null, toppled: (p) => this.toppledOf(p) });
    this.el.cityBox.setAttribute('aria-label', `${this.seats[this.shown].name}'s city, ${this.mode}`);

    // panel
    let panelHtml = '';
    const visit = !this.snap.over && !this.hidden && !v.solo && !!v.pondifex && (action === 'publican' || Date.now() < (this.boardUntil || 0));
    if (this.snap.over) {
      panelHtml = overPanel(this);
    } else if (this.hidden) {
      panelHtml = '<p class="aq-prompt">Hands are hidden while the device changes hands.</p>';
    } else if (turn && ph) {
      panelHtml = ph === Build ? Build.panel(this).html : ph.panel(this);
      if (ph === Publican) panelHtml += pondifexBoard(v, this.seats, this.snap.legal);
      if (!mine) panelHtml = `<p class="aq-prompt">You are looking at ${esc(this.seats[this.shown].name)}'s city. <button type="button" class="btn btn-small" data-testid="back-to-mine">Back to my city</button></p>` + panelHtml;
    } else {
      const waiting = v.to_act.map((p) => this.seats[p].name);
      const chosen = v.my_choice ? ' Your choice is in; it is revealed when everyone has chosen.' : '';
      panelHtml = `<p class="aq-prompt muted">${waiting.length ? `Waiting for ${esc(waiting.join(', '))}…` : 'Moving on…'}${chosen}</p>`;
      // others' donations are watched where the decision is, not in a column that may be off screen
      if (visit) panelHtml += pondifexBoard(v, this.seats, []);
    }
    setHtml(this.el.panel, panelHtml);
    // a visit just over: its last donations play out on the Pondifex, floated over the city a moment
    setHtml(this.el.float, visit && action !== 'publican' ? pondifexBoard(v, this.seats, []) : '');

    // hand
    renderHand(this, turn, action);

    // boards
    // (a drawer over the screen on a narrow one: its Close button stays at its top)
    setHtml(this.el.boards, '<button type="button" class="btn btn-small aq-boards-close" data-act="boards-close" data-testid="boards-close">Close</button>' +
      playerBoard(shownCity, this.seats[this.shown], { solo: v.solo }) +
      (v.solo ? soloBoard(v, this.bestRank) : visit ? '' : pondifexBoard(v, this.seats, [])));
    // during a Publican visit the Pondifex is in the panel, beside the prompt
    this.el.boards.classList.toggle('aq-boards-publican', visit);
    this.foldBoards();
  }

  /** Close the boards where they are open over the screen or in the hand's place; whether
   *  they were. */
  closeBoards() {
    const aq = this.frame.board.querySelector('.aq');
    if (!aq.classList.contains('boards-open')) return false;
    aq.classList.remove('boards-open');
    this.foldBoards();
    return true;
  }

  // ------------------------------------------------------------- keys
  keys(e) {
    if (document.querySelector('dialog[open]')) return;
    if (e.key === 'Escape' && this.newsOpen) { this.newsOpen = false; this.refresh(); e.preventDefault(); return; }
    if (e.key === 'Escape' && this.closeBoards()) { e.preventDefault(); return; }
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === '1' || k === '2' || k === '3') { this.viewMode(['overview', 'left', 'right'][Number(k) - 1]); e.preventDefault(); return; }
    if (!this.myTurn()) return;
    const a = this.snap.view.action;
    if (a === 'build') {
      if (k === 'Escape') { Build.back(this); e.preventDefault(); }
      else if (k === 's' || k === 'S') Build.swap(this);
      else if (k === 'b' || k === 'B') Build.nextBridge(this);
    } else if (a === 'protect' && k === 'Escape') { this.protectSel.clear(); this.refresh(); }
    else if (a === 'draft' && k === 'Escape') { this.draftSel = null; this.refresh(); }
  }
}
