// The Aqueducks screen's skeleton: the action track and news strip on top, the city with its
// tabs, view switch, legend, the other cities' miniatures and the detail box, and beside it the
// action panel, the hand and the boards; and what a click or key on each of them does.
import { CityCanvas } from './city-canvas.js';
import { Minis } from './minis.js';
import { AqMotion } from './motion.js';
import { icon } from './icons.js';
import { edges } from './strips.js';
import { showFace, faceTip, showCard, zoomCard } from './face-detail.js';
import { showOver } from './game-over.js';
import * as Build from './phases/build.js';
import * as Publican from './phases/publican.js';
import * as Protect from './phases/protect.js';
import * as Draft from './phases/draft.js';

/** Build the screen in ui.frame.board and wire its controls to ui; sets ui.el, ui.city,
 * ui.minis, ui.moves and ui.built. */
export function layoutScreen(ui) {
  const b = ui.frame.board;
  b.innerHTML = `
    <div class="aq" data-testid="aqueducks">
      <div class="aq-topbar">
        <div class="aq-top"></div>
        <div class="aq-news" data-testid="news" role="region" aria-label="Since your last move" tabindex="0"></div>
      </div>
      <div class="aq-main">
        <div class="aq-panes" role="tablist" aria-label="Show">
          <button type="button" role="tab" data-pane="board" data-testid="pane-board" hidden>Pondifex</button>
          <button type="button" role="tab" data-pane="city" data-testid="pane-city">City</button>
          <button type="button" role="tab" data-pane="hand" data-testid="pane-hand">Hand</button>
        </div>
        <div class="aq-citycol">
          <div class="aq-citybar">
            <div class="aq-tabs" role="tablist" aria-label="Whose city"></div>
            <button type="button" class="btn btn-small aq-boards-toggle" data-testid="boards-toggle" aria-expanded="false" aria-controls="aq-boards"><span class="aq-toggle-word">Boards</span><span class="aq-long">&nbsp;&amp; Pondifex</span></button>
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
          <div class="aq-float" aria-hidden="true"></div>
        </div>
        <div class="aq-side">
          <section class="aq-panel" data-testid="action-panel" aria-label="Your move"></section>
          <section class="aq-handbox">
            <div class="aq-handhead"><h3 class="aq-hand-title">Your hand</h3></div>
            <div class="aq-hand" role="group" aria-label="Your hand" data-testid="hand"></div>
          </section>
          <div class="aq-boards" id="aq-boards" role="region" aria-label="Player board and the Pondifex" tabindex="0"></div>
        </div>
      </div>
    </div>`;
  ui.el = {
    top: b.querySelector('.aq-top'), news: b.querySelector('.aq-news'), tabs: b.querySelector('.aq-tabs'),
    views: b.querySelector('.aq-views'), cityBox: b.querySelector('.aq-citybox'), detail: b.querySelector('.aq-detail'),
    panel: b.querySelector('.aq-panel'), hand: b.querySelector('.aq-hand'), handTitle: b.querySelector('.aq-hand-title'),
    boards: b.querySelector('.aq-boards'), float: b.querySelector('.aq-float'),
  };
  ui.city = new CityCanvas(ui.el.cityBox, {
    fit: true,
    cardOf: (key) => ui.cat.byKey[key],
    onFace: (f, { low = false, keep = false, leave = false } = {}) => {
      const d = ui.el.detail;
      if (leave) { if (d.dataset.keep !== 'true') d.replaceChildren(); return; }
      showFace(ui, f);
      d.dataset.at = low ? 'top' : 'bottom';   // away from the face it is about
      d.dataset.keep = String(keep);
    },
    onPlace: (t) => Build.clickPlace(ui, t),
    onToggle: (id) => { ui.errorText = null; Protect.toggle(ui, id); },
    tipHtml: (f) => faceTip(ui, f),
  });
  ui.built = {}; // player -> the names of what they built last (the miniatures' captions)
  ui.minis = new Minis(b.querySelector('.aq-minis'), {
    cardOf: (key) => ui.cat.byKey[key],
    onPick: (p) => { ui.shown = p; ui.refresh(); },
  });
  ui.moves = new AqMotion(ui);
  // scroll does not bubble: caught on the way down to the track, redrawn with every render
  ui.el.top.addEventListener('scroll', (e) => { if (e.target.matches('.aq-track')) edges(e.target); }, true);
  const toggle = b.querySelector('.aq-boards-toggle');
  toggle.addEventListener('click', () => {
    b.querySelector('.aq').classList.toggle('boards-open');
    ui.foldBoards();
  });
  // the news opens to every line over the screen, and closes with its button, a click
  // anywhere else or Escape (index.js keys)
  b.addEventListener('click', (e) => {
    const toggle = e.target.closest('.aq-news-all');
    if (!toggle && (!ui.newsOpen || ui.el.news.contains(e.target))) return;
    ui.newsOpen = !!toggle && !ui.newsOpen;
    ui.refresh();
    if (toggle) ui.el.news.querySelector('.aq-news-all').focus();
  }, true);
  // narrow screens show the city or the hand under the decision: a tab each (index.js pane)
  b.querySelector('.aq-panes').addEventListener('click', (e) => {
    const t = e.target.closest('[data-pane]');
    if (t) ui.showPane(t.dataset.pane);
  });
  ui.el.views.addEventListener('click', (e) => {
    const v = e.target.closest('[data-view]');
    if (v) ui.viewMode(v.dataset.view);
  });
  ui.el.tabs.addEventListener('click', (e) => {
    const t = e.target.closest('[data-player]');
    if (t) { ui.shown = Number(t.dataset.player); ui.refresh(); }
  });
  ui.el.panel.addEventListener('click', (e) => {
    const btn = e.target.closest('button');
    if (!btn || btn.disabled || btn.getAttribute('aria-disabled') === 'true' && !btn.dataset.protect) return;
    if (btn.dataset.testid === 'back-to-mine') { ui.shown = ui.me(); ui.refresh(); return; }
    const ph = ui.phase();
    if (ph && ui.myTurn()) ph.onClick(ui, btn);
    if (btn.dataset.act === 'again') showOver(ui);
  });
  ui.el.hand.addEventListener('click', (e) => {
    const z = e.target.closest('[data-zoom]');
    if (z) { zoomCard(ui, z.dataset.zoom); return; }
    const c = e.target.closest('[data-card-id]');
    if (!c || c.getAttribute('aria-disabled') === 'true') return;
    const cid = Number(c.dataset.cardId);
    if (!ui.myTurn()) { showCard(ui, c.dataset.key); return; }
    const a = ui.snap.view.action;
    if (a === 'build') Build.clickCard(ui, cid);
    else if (a === 'draft') Draft.clickCard(ui, cid);
    else showCard(ui, c.dataset.key);
  });
  // the detail floats over the foot of the city until it is closed (or the next decision)
  ui.el.detail.addEventListener('click', (e) => { if (e.target.closest('[data-act=detail-close]')) ui.el.detail.replaceChildren(); });
  ui.el.boards.addEventListener('click', (e) => {
    if (e.target.closest('[data-act=boards-close]')) { ui.closeBoards(); toggle.focus(); return; }
    const s = e.target.closest('[data-space]');
    if (s && !s.disabled && ui.myTurn() && ui.snap.view.action === 'publican') Publican.donate(ui, s.dataset.space);
  });
}
