// Aqueducks game screen: mounts the frame, runs the Match, and draws the table from the
// engine's snapshots. The engine decides everything; this module only presents the legal
// moves it lists and sends the one the person picks.
import { createFrame, esc } from '../../shell/frame.js';
import { Match } from '../../shell/match.js';
import { loadStyle } from '../../shell/style.js';
import { attachHistory } from '../../shell/history.js';
import { loadCatalog } from './catalog.js';
import { CityCanvas } from './city-canvas.js';
import { cardFace, cardLabel, abilityText } from './card-face.js';
import { playerBoard, pondifexBoard, actionTrack, ACTION_NAME } from './boards.js';
import { eventText, winnersText } from './log-text.js';
import { RULES_HTML } from './rules.js';
import { drawPictures } from './pictures.js';
import { icon } from './icons.js';
import { loadBest, recordBest, bestHtml } from './scores.js';
import * as Build from './phases/build.js';
import * as Publican from './phases/publican.js';
import * as Protect from './phases/protect.js';
import * as Draft from './phases/draft.js';
import { Minis } from './minis.js';
import { AqMotion } from './motion.js';
import { fitNews, fitTrack, edges } from './strips.js';

const SPEED_KEY = 'pnd.aqueducks.speed';
// where the other cities' miniatures fold into the tabs (style.css: the same widths): phones
// and portrait tablets, where a strip of them would leave the person's own city two rows
const FOLD_MINIS = '(max-width: 900px), (max-height: 560px)';
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
    this.build = Build.newBuildState();
    this.protectSel = new Set();
    this.draftSel = null;
    this.errorText = null;
    this.news = [];
    this.detail = null;
    this.overSnap = null;
    this.toppled = {};
    this.layout();
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
    // phones fold the miniatures into the seats' tabs (minis.js); crossing the line redraws
    this.foldQuery = matchMedia(FOLD_MINIS);
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
    this.foldQuery.removeEventListener('change', this.foldChange);
    if (this.match) this.match.stop();
    if (this.history) this.history.detach();
    clearTimeout(this.toppleTimer);
    this.city.destroy();
    this.minis.destroy();
    this.moves.stop();
    this.frame.destroy();
  }

  exit() { this.session.exit(); }

  /** The element a tutorial target (docs/tutorials.md) is, or the box it is drawn in, or null
   *  while it is not on screen. */
  locate(t) {
    const q = (sel) => this.root.querySelector(sel);
    const sel = {
      'hand-card': `.aq-hand [data-card-id="${t.card}"]`,
      'draft-card': t.card === undefined ? '.aq-hand [data-card-id]' : `.aq-hand [data-card-id="${t.card}"]`,
      slot: `[data-testid="place-${t.x}-${t.y}-${t.storey}"]`,
      button: `.aq-panel [data-act="${t.act}"]`, 'pondifex-space': `[data-space="${t.space}"]`,
      pondifex: '.aq-pondifex', favour: '.aq-favour, [data-testid=favour]',
    }[t.kind];
    if (sel) return q(sel);
    if (t.kind !== 'district') return null;
    const hit = q(`[data-testid="protect-${t.district}"]`);
    if (hit) return hit;
    const faces = [...this.root.querySelectorAll(`[data-face^="${t.district}:"]`)].map((f) => f.getBoundingClientRect());
    if (!faces.length) return null;
    const left = Math.min(...faces.map((r) => r.left)); const top = Math.min(...faces.map((r) => r.top));
    return new DOMRect(left, top, Math.max(...faces.map((r) => r.right)) - left, Math.max(...faces.map((r) => r.bottom)) - top);
  }

  // ------------------------------------------------------------- layout
  layout() {
    const b = this.frame.board;
    b.innerHTML = `
      <div class="aq" data-testid="aqueducks">
        <div class="aq-top"></div>
        <div class="aq-news" data-testid="news" role="region" aria-label="Since your last move" tabindex="0"></div>
        <div class="aq-main">
          <div class="aq-citycol">
            <div class="aq-citybar">
              <div class="aq-tabs" role="tablist" aria-label="Whose city"></div>
              <button type="button" class="btn btn-small aq-boards-toggle" data-testid="boards-toggle" aria-expanded="false" aria-controls="aq-boards">Boards<span class="aq-long">&nbsp;&amp; Pondifex</span></button>
              <div class="aq-views" role="radiogroup" aria-label="City view">
                <button type="button" role="radio" data-view="overview" data-testid="view-overview" title="Overview (key 1)">Overview</button>
                <button type="button" role="radio" data-view="left" data-testid="view-left" title="Seen from the left (key 2)">◀ Left<span class="aq-long"> view</span></button>
                <button type="button" role="radio" data-view="right" data-testid="view-right" title="Seen from the right (key 3)">Right<span class="aq-long"> view</span> ▶</button>
              </div>
            </div>
            <div class="aq-legend" aria-hidden="true">
              <span><i class="lg lg-active"></i>active (seen)</span><span><i class="lg lg-hidden"></i>hidden</span>
              <span>${icon('water')}doused</span><span>${icon('protect')}protected</span><span>${icon('eye')}line of sight</span>
            </div>
            <div class="aq-minis" role="group" aria-label="The other cities" data-testid="minis" hidden></div>
            <div class="aq-citybox" role="group"></div>
            <div class="aq-detail" aria-live="off"></div>
          </div>
          <div class="aq-side">
            <section class="aq-panel" data-testid="action-panel" aria-label="Your move"></section>
            <section class="aq-handbox">
              <h3 class="aq-hand-title">Your hand</h3>
              <div class="aq-hand" role="group" aria-label="Your hand" data-testid="hand"></div>
            </section>
            <div class="aq-boards" id="aq-boards" role="region" aria-label="Player board and the Pondifex" tabindex="0"></div>
          </div>
        </div>
      </div>`;
    this.el = {
      top: b.querySelector('.aq-top'), news: b.querySelector('.aq-news'), tabs: b.querySelector('.aq-tabs'),
      views: b.querySelector('.aq-views'), cityBox: b.querySelector('.aq-citybox'), detail: b.querySelector('.aq-detail'),
      panel: b.querySelector('.aq-panel'), hand: b.querySelector('.aq-hand'), handTitle: b.querySelector('.aq-hand-title'),
      boards: b.querySelector('.aq-boards'),
    };
    this.city = new CityCanvas(this.el.cityBox, {
      cardOf: (key) => this.cat.byKey[key],
      onFace: (f) => this.showFace(f),
      onPlace: (t) => Build.clickPlace(this, t),
      onToggle: (id) => { this.errorText = null; Protect.toggle(this, id); },
      tipHtml: (f) => this.tipHtml(f),
    });
    this.built = {}; // player -> the names of what they built last (the miniatures' captions)
    this.minis = new Minis(b.querySelector('.aq-minis'), {
      cardOf: (key) => this.cat.byKey[key],
      onPick: (p) => { this.shown = p; this.refresh(); },
    });
    this.moves = new AqMotion(this);
    // scroll does not bubble: caught on the way down to the track, redrawn with every render
    this.el.top.addEventListener('scroll', (e) => { if (e.target.matches('.aq-track')) edges(e.target); }, true);
    const toggle = b.querySelector('.aq-boards-toggle');
    toggle.addEventListener('click', () => {
      const open = b.querySelector('.aq').classList.toggle('boards-open');
      toggle.setAttribute('aria-expanded', String(open));
    });
    this.el.views.addEventListener('click', (e) => {
      const v = e.target.closest('[data-view]');
      if (v) this.viewMode(v.dataset.view);
    });
    this.el.tabs.addEventListener('click', (e) => {
      const t = e.target.closest('[data-player]');
      if (t) { this.shown = Number(t.dataset.player); this.refresh(); }
    });
    this.el.panel.addEventListener('click', (e) => {
      const btn = e.target.closest('button');
      if (!btn || btn.disabled || btn.getAttribute('aria-disabled') === 'true' && !btn.dataset.protect) return;
      const ph = this.phase();
      if (ph && this.myTurn()) ph.onClick(this, btn);
      if (btn.dataset.act === 'again') this.showOver();
    });
    this.el.hand.addEventListener('click', (e) => {
      const z = e.target.closest('[data-zoom]');
      if (z) { this.zoom(z.dataset.zoom); return; }
      const c = e.target.closest('[data-card-id]');
      if (!c || c.getAttribute('aria-disabled') === 'true') return;
      const cid = Number(c.dataset.cardId);
      if (!this.myTurn()) { this.showCard(c.dataset.key); return; }
      const a = this.snap.view.action;
      if (a === 'build') Build.clickCard(this, cid);
      else if (a === 'draft') Draft.clickCard(this, cid);
      else this.showCard(c.dataset.key);
    });
    this.el.hand.addEventListener('focusin', (e) => {
      const c = e.target.closest('[data-card-id]');
      if (c) this.showCard(c.dataset.key, false);
    });
    this.el.boards.addEventListener('click', (e) => {
      const s = e.target.closest('[data-space]');
      if (s && !s.disabled && this.myTurn() && this.snap.view.action === 'publican') Publican.donate(this, s.dataset.space);
    });
  }

  // ------------------------------------------------------------- Match ui protocol
  /** A seat's name or kind changed (this.seats is the session's list): draw it again. */
  seatsChanged() { this.refresh(); }

  render(snap, events, viewer, { past = false } = {}) {
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
    if (this.shown === null) this.shown = viewer ?? 0;
    const before = this.moves.capture();
    if (events && events.length) this.events(events, past);
    this.refresh();
    if (events && events.length && !past) this.moves.play(events, before); // a resumed game's log is not played out
  }

  yourTurn(player, snap) {
    this.turn = player;
    this.shown = player;
    this.snap = snap;
    this.build = Build.newBuildState();
    this.protectSel = new Set();
    this.draftSel = null;
    this.errorText = null;
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
    this.showOver();
  }

  error(message) { this.errorText = message; this.refresh(); }

  // ------------------------------------------------------------- helpers
  myTurn() { return this.turn !== null && this.turn === this.viewer && !this.hidden; }
  myCity() { return this.snap.view.cities[this.viewer ?? 0]; }
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

  viewMode(mode, redraw = true) {
    this.mode = mode;
    if (redraw) this.refresh();
    this.frame.announce({ overview: 'Overview: every row seen from the front.', left: 'Left view: the city as seen from the left.', right: 'Right view: the city as seen from the right.' }[mode]);
  }

  promptWords() {
    const a = this.snap.view.action;
    return { build: 'build a district: pick two buildings, then a place.', publican: 'donate to the Publican or pass.', protect: 'choose districts to protect.', draft: 'pick a building from the draft.' }[a] || '';
  }

  // ------------------------------------------------------------- events
  events(events, past = false) {
    const notable = [];
    for (const ev of events) {
      if (ev.type === 'build') this.built[ev.player] = ev.keys.map((k) => (this.cat.byKey[k] ? this.cat.byKey[k].name : k)).join(' + ');
      const text = eventText(ev, this.seats, (k) => (this.cat.byKey[k] ? this.cat.byKey[k].name : k), (id) => this.cardName(id));
      if (!text) continue;
      const p = ev.player;
      this.frame.log(text, p !== undefined ? this.seats[p].colour : null);
      if (['build', 'donate', 'favour', 'end_of_era', 'downfall', 'protect', 'publican', 'era', 'pushed_off', 'game_over', 'no_build'].includes(ev.type)) {
        notable.push({ text, type: ev.type, player: p });
      }
    }
    if (notable.length && !past) { // a resumed game's log is not read out
      // everything that happened since this person's last decision, newest last
      this.news = [...this.news, ...notable].slice(-14);
      const builds = notable.filter((n) => n.type === 'build').length;
      this.frame.announce(builds > 1 ? `Revealed together: ${notable.map((n) => n.text).join(' ')}` : notable.map((n) => n.text).join(' '));
    }
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
    const viewer = this.viewer ?? 0;
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
    // track + news
    this.el.top.innerHTML = actionTrack(v);
    this.el.news.innerHTML = this.news.length ? `<h3>${this.news.filter((x) => x.type === 'build').length > 1 ? 'Since your last move (simultaneous choices are revealed together)' : 'Since your last move'}</h3><ul>${this.news.map((x) =>
      `<li class="news-${x.type}" style="--seat:${x.player !== undefined ? this.seats[x.player].colour : 'var(--line)'}">${esc(x.text)}</li>`).join('')}</ul>` : '';
    this.el.news.hidden = !this.news.length;
    this.fitStrips();

    // tabs + view switch
    this.el.tabs.innerHTML = v.cities.map((c, p) => `<button type="button" role="tab" data-player="${p}" data-testid="city-tab-${p}" aria-selected="${p === this.shown}"
      style="--seat:${this.seats[p].colour}"><span class="aq-dot"></span>${esc(this.seats[p].name)}${p === viewer && this.seats[p].controller === 'human' && this.seats[p].name !== 'You' ? ' (you)' : ''}
      <span class="aq-tab-mini" data-mini-slot="${p}"></span><span class="aq-tab-meta">${icon('duckat')}${c.duckats}${v.solo ? '' : ` ${icon('favour')}${c.favour}`}${c.has_chosen ? ' ✓' : ''}</span></button>`).join('');
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
      place = { targets, chosen: this.build.place, ghost };
      if (this.mode !== 'overview') this.mode = 'overview';
    }
    if (turn && mine && action === 'protect') {
      const info = Protect.protectInfo(this);
      protect = { selectable: info.selectable, selected: this.protectSel };
      if (this.mode !== 'overview') this.mode = 'overview';
    }
    for (const b of this.el.views.querySelectorAll('[data-view]')) b.setAttribute('aria-checked', String(b.dataset.view === this.mode));
    this.city.set({ city: shownCity, board: v.board, mode: this.mode, place, protect, toppled: this.toppledOf(this.shown) });
    const fold = this.foldQuery.matches;
    this.minis.set({ view: v, seats: this.seats, shown: this.shown, built: this.built,
      slot: fold ? (p) => this.el.tabs.querySelector(`[data-mini-slot="${p}"]`) : null, toppled: (p) => this.toppledOf(p) });
    this.el.cityBox.setAttribute('aria-label', `${this.seats[this.shown].name}'s city, ${this.mode}`);

    // panel
    let panelHtml = '';
    const visit = !this.snap.over && !this.hidden && !v.solo && action === 'publican' && !!v.pondifex;
    if (this.snap.over) {
      panelHtml = this.overPanel();
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
    this.el.panel.innerHTML = panelHtml;
    const backBtn = this.el.panel.querySelector('[data-testid=back-to-mine]');
    if (backBtn) backBtn.addEventListener('click', () => { this.shown = viewer; this.refresh(); });

    // hand
    this.renderHand(turn, action);

    // boards
    const legal = turn ? this.snap.legal : [];
    this.el.boards.innerHTML = playerBoard(shownCity, this.seats[this.shown], { solo: v.solo }) +
      (v.solo ? this.soloBoard() : visit ? '' : pondifexBoard(v, this.seats, []));
    // during a Publican visit the Pondifex is in the panel, beside the prompt
    this.el.boards.classList.toggle('aq-boards-publican', visit);
  }

  renderHand(turn, action) {
    const v = this.snap.view;
    const el = this.el.hand;
    this.el.hand.parentElement.hidden = !!this.snap.over;
    if (this.hidden || this.snap.over) {
      el.innerHTML = this.hidden ? '<p class="muted">Hidden.</p>' : '';
      this.el.handTitle.textContent = this.hidden ? 'Hand hidden' : 'Your hand';
      return;
    }
    const drafting = action === 'draft' && v.draft_hand && v.draft_hand.length && turn;
    const cards = drafting ? v.draft_hand : (v.hand || []);
    this.el.handTitle.textContent = drafting ? `Drafting hand (${cards.length})` : `Your hand (${cards.length})`;
    let enabled = null;
    let selected = new Set();
    let bridge = null;
    if (turn && action === 'build') {
      const info = Build.buildInfo(this);
      enabled = info.enabled;
      for (const c of [this.build.a, this.build.b]) if (c !== null) selected.add(c);
      if (info.move && info.move.bridge !== null) { bridge = info.move.bridge; for (const b of info.bridges) enabled.add(b); }
    } else if (turn && action === 'draft') {
      enabled = new Set(this.snap.legal.map((m) => m.card));
      if (this.draftSel !== null) selected.add(this.draftSel);
    }
    const prev = document.activeElement && el.contains(document.activeElement) ? document.activeElement.dataset.cardId : null;
    el.innerHTML = cards.map(({ card, key }) => {
      const c = this.cat.byKey[key];
      const on = selected.has(card);
      const isBridge = bridge === card;
      const dis = enabled && !enabled.has(card) && !on;
      const role = on ? (this.build.a === card ? ' (first pick)' : ' (picked)') : isBridge ? ' (bridge)' : '';
      return `<div class="aq-handcard ${on ? 'sel' : ''} ${isBridge ? 'bridge' : ''} ${dis ? 'dis' : ''}">
        <button type="button" class="aq-cardbtn" data-card-id="${card}" data-key="${key}" aria-pressed="${on}" ${dis ? 'aria-disabled="true"' : ''}>${cardFace(c, { size: 'small' })}
          <span class="visually-hidden">${role}${dis ? ' (cannot be used now)' : ''}</span>
          ${on ? `<span class="aq-badge">${this.build.a === card ? '1' : '2'}</span>` : isBridge ? '<span class="aq-badge aq-badge-bridge">bridge</span>' : ''}</button>
        <button type="button" class="aq-zoom" data-zoom="${key}" aria-label="Zoom: ${esc(c.name)}" title="Zoom">+</button>
      </div>`;
    }).join('') || '<p class="muted">No cards in hand.</p>';
    if (prev) { const again = el.querySelector(`[data-card-id="${prev}"]`); if (again) again.focus({ preventScroll: true }); }
  }

  soloBoard() {
    const v = this.snap.view;
    const best = loadBest()[v.cities[0].faction] || [];
    return `<section class="aq-pondifex"><h3>Solo</h3><p class="aq-small">No Publican in solo: your score is your duckats at the end of era 4.</p>
      ${bestHtml(best, v.cities[0].faction_name, this.bestRank)}</section>`;
  }

  showFace(f) {
    if (!f) return;
    const city = this.snap.view.cities[this.shown];
    const d = city.districts.find((q) => q.id === f.district);
    if (!d) return;
    const face = d[f.side];
    const card = this.cat.byKey[face.key];
    const other = f.side === 'left' ? 'right' : 'left';
    let why;
    if (face.active) {
      why = `<b class="ok">Active</b>: it is the first ${f.side} face seen from the ${f.side} edge on storey ${d.storey} of row ${d.y + 1}.`;
    } else {
      const blocker = city.districts.find((q) => q.y === d.y && q.storey === d.storey && (f.side === 'left' ? q.x < d.x : q.x > d.x));
      why = `<b class="bad">Hidden</b>: ${blocker ? `the district at column ${blocker.x + 1} stands ${f.side === 'left' ? 'to its left' : 'to its right'} on the same storey and blocks the view` : 'another district blocks the view'}. It gives nothing.`;
    }
    const adj = (face.adjacent || []).map((c) => this.cardName(c)).join(', ');
    this.el.detail.innerHTML = `<div class="aq-detail-card">${cardFace(card, { size: 'normal' })}</div>
      <div class="aq-detail-text"><h4>${esc(card.name)} <span class="muted">· ${f.side} face of district ${d.id}</span></h4>
      <p>Row ${d.y + 1}, column ${d.x + 1}, storey ${d.storey}${d.storey > 1 ? ' (on a bridge)' : ''}. Back to back with ${esc(this.cat.byKey[d[other].key].name)}.</p>
      <p>${why}</p>
      ${face.active ? `<p>${icon('adjacent')}Adjacent (${f.side} picture): ${adj ? esc(adj) : 'none'}.</p>` : ''}
      ${face.doused ? `<p>${icon('water')}Doused.</p>` : ''}${d.protected ? `<p>${icon('protect')}Protected: survives the Downfall.</p>` : ''}</div>`;
  }

  tipHtml(f) {
    const city = this.snap.view.cities[this.shown];
    const d = city.districts.find((q) => q.id === f.district);
    if (!d) return '';
    const face = d[f.side];
    const card = this.cat.byKey[face.key];
    let why;
    if (face.active) why = `<b class="ok">Active</b> · first face seen from the ${f.side}`;
    else {
      const blocker = city.districts.find((q) => q.y === d.y && q.storey === d.storey && (f.side === 'left' ? q.x < d.x : q.x > d.x));
      why = `<b class="bad">Hidden</b> · ${blocker ? `the district in column ${blocker.x + 1} blocks the ${f.side} view` : 'blocked'}`;
    }
    const n = (face.adjacent || []).length;
    const adj = face.active ? `<br>${icon('adjacent')}${n ? `${n} adjacent building${n > 1 ? 's' : ''} (dashed orange)` : 'nothing adjacent yet'}` : '';
    return `<b>${esc(card.name)}</b><br>${why}${face.doused ? `<br>${icon('water')}doused` : ''}${adj}`;
  }

  showCard(key, announce = true) {
    const card = this.cat.byKey[key];
    if (!card) return;
    this.el.detail.innerHTML = `<div class="aq-detail-card">${cardFace(card, { size: 'normal' })}</div>
      <div class="aq-detail-text"><h4>${esc(card.name)}</h4><p>${abilityText(card.ability)}</p><p class="muted"><i>${esc(card.flavour || '')}</i></p></div>`;
    if (announce) this.frame.announce(cardLabel(card));
  }

  zoom(key) {
    const card = this.cat.byKey[key];
    this.frame.dialog({ title: card.name, html: `<div class="aq-zoomed">${cardFace(card, { size: 'big' })}<p class="muted"><i>${esc(card.flavour || '')}</i></p></div>`, buttons: [['Close', 'close', true]], testid: 'zoom' });
  }

  // ------------------------------------------------------------- end
  scoreRows() {
    const v = this.snap.view;
    const r = this.snap.result || v.result;
    const rows = [...v.cities].map((c, p) => ({ p, c })).sort((a, b) => (v.solo ? 0 : (b.c.favour - a.c.favour) || (b.c.duckats - a.c.duckats)));
    return { r, rows };
  }

  overPanel() {
    const v = this.snap.view;
    const { r, rows } = this.scoreRows();
    const winners = r ? r.winners : [];
    const head = v.solo ? `<h3>Solo score: ${icon('duckat')}${r ? r.score : v.cities[0].duckats} duckats</h3>`
      : `<h3>${esc(winnersText(winners, this.seats))}!</h3>`;
    return `<div data-testid="game-over">${head}
      <table class="aq-scores"><thead><tr><th>Player</th><th>Faction</th>${v.solo ? '' : '<th>Favour</th>'}<th>Duckats</th></tr></thead><tbody>
      ${rows.map(({ p, c }) => `<tr class="${winners.includes(p) ? 'win' : ''}"><td><span class="aq-dot" style="--seat:${this.seats[p].colour}"></span>${esc(this.seats[p].name)}${winners.includes(p) && !v.solo ? ' <span class="aq-winner">winner</span>' : ''}</td><td>${esc(c.faction_name)}</td>${v.solo ? '' : `<td>${c.favour}</td>`}<td>${c.duckats}</td></tr>`).join('')}
      </tbody></table>
      <div class="aq-buttons"><button type="button" class="btn" data-act="again">Show final scores</button></div></div>`;
  }

  async showOver() {
    const v = this.snap.view;
    let extra = '';
    if (v.solo && this.best) {
      extra = bestHtml(this.best.list, v.cities[0].faction_name, this.best.rank);
      this.bestRank = this.best.rank;
    }
    const html = this.overPanel().replace('<button type="button" class="btn" data-act="again">Show final scores</button>', '') + extra;
    this.frame.announce(v.solo ? `Game over. You scored ${this.snap.result.score} duckats.` : `Game over. ${this.snap.result.winners.map((p) => this.seats[p].name).join(' and ')} won.`);
    const buttons = [['Look at the cities', 'close'], ['Back to the menu', 'menu', !this.session.rematch]];
    if (this.session.rematch) buttons.push(['Rematch', 'rematch', true]);
    const res = await this.frame.dialog({ title: 'Game over', html, buttons, wide: true, testid: 'game-over-dialog' });
    if (res === 'menu') this.exit();
    else if (res === 'rematch') this.session.rematch();
  }

  // ------------------------------------------------------------- keys
  keys(e) {
    if (document.querySelector('dialog[open]')) return;
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
