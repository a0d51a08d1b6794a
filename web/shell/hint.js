// The Hint button (and the H key) on a game screen: the engine's hard search thinks, in its
// worker, for the person whose turn it is, from their own view (the engine's `hint`, docs/api.md),
// and the move it found is lit on the table with numbered rings where the tutorial coach puts
// them (the screen's own moveTargets(move), each found by its locate(target)), with the
// reason in the game's words and how sure the search is ("clearly best", "a close call":
// docs/rulings/hints.md, H7); never its playouts. Nothing is played: the person still makes the move, and
// the engine still judges it. Pressing Hint again (or Escape) while it thinks cancels it; a
// move, a take-back or leaving drops its answer.
// Off in online games unless the host allows hints (session.online.hints).
import { loadStyle } from './style.js';
import { keyHints } from './keys.js';
import { placeRing, inSight, bringIntoView } from './rings.js';
import { placeCoach } from '../tutorial/coach-place.js';
import { pageSetting } from './page-setting.js';

/** How long the search thinks for a hint (ms): longer than a hard bot's move, since a person
 *  asked and waits for it (docs/bots.md, "Hints and analysis"). ?hint=<ms> in the address or
 *  localStorage 'pnd.hintMs' (50 to 10000) sets another. */
export const HINT_MS = 900;
const hintMs = () => pageSetting('hint', 'pnd.hintMs', (ms) => ms >= 50 && ms <= 10000) ?? HINT_MS;
const REFRESH_MS = 200;

const BULB = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.8.6 1.1 1.3 1.1 2.2h5c0-.9.3-1.6 1.1-2.2A6 6 0 0 0 12 3z" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Hints are for this device's people, in a game of people against bots or each other here;
 *  online only where the host allows them. */
export function hintsAllowed(session) {
  if (session.replay || session.tutorial) return false;
  if (session.online) return session.online.hints === true;
  return session.seats.some((s) => s.controller === 'human');
}

/**
 * Put the Hint button on a mounted game screen (`screen`: its match, moveTargets(move), the
 * tutorial targets to press for a move, and locate(target), where each is on screen).
 * Returns {cancel(), detach()}.
 */
export function attachHint(screen, session, root) {
  const match = screen && screen.match;
  const tools = root.querySelector('.frame-tools');
  if (!match || !tools || !hintsAllowed(session)) return null;
  loadStyle(new URL('../tutorial/coach.css', import.meta.url));
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-small frame-hint';
  button.dataset.act = 'hint';
  button.dataset.testid = 'hint';
  button.innerHTML = `${BULB}<span class="frame-hint-word">Hint</span>`;
  button.title = keyHints('Hint [or H]').replace(/[()]/g, '');
  button.setAttribute('aria-keyshortcuts', 'H');
  tools.before(button); // in the bar beside the tools; on a phone, in the log's row (game.css)

  const bubble = document.createElement('section');
  bubble.className = 'coach hint-bubble';
  bubble.dataset.testid = 'hint-bubble';
  bubble.setAttribute('aria-label', 'Hint');
  bubble.hidden = true;
  bubble.innerHTML = `<p class="coach-count">Hint</p><p class="coach-text" data-testid="hint-text" aria-live="polite"></p>
    <div class="coach-buttons"><button type="button" class="btn btn-small btn-quiet" data-act="hint-close" data-testid="hint-close">Hide</button></div>`;
  const rings = document.createElement('div');
  rings.className = 'coach-rings';
  rings.setAttribute('aria-hidden', 'true');
  root.append(bubble, rings); // let go with the screen (web/shell/teardown.js)

  let asking = null; // {epoch, player} while the engine thinks
  let shown = null; // {move, targets} while a hint is lit
  let timer = null;

  const text = bubble.querySelector('[data-testid=hint-text]');
  const say = (words) => { bubble.hidden = false; text.textContent = words; dock([]); };

  function clear() {
    delete bubble.dataset.move;
    shown = null;
    asking = null;
    clearInterval(timer);
    timer = null;
    rings.replaceChildren();
    bubble.hidden = true;
    button.classList.remove('thinking');
    button.setAttribute('aria-pressed', 'false');
    button.querySelector('.frame-hint-word').textContent = 'Hint';
  }

  function place() {
    if (!shown) return;
    const rects = [];
    shown.targets.forEach((t, i) => {
      const got = screen.locate ? screen.locate(t) : null;
      const r = got instanceof Element ? (got.isConnected ? got.getBoundingClientRect() : null) : got;
      if (placeRing(rings, i, r, 'hint-ring-')) rects.push(r);
    });
    dock(rects);
  }

  /** The bubble where it covers least of the rings (the coach's placement, coach-place.js)
   *  and never the bar, whose Hint button hides it. */
  function dock(rects) {
    const avoid = rects.map((rect) => ({ rect, weight: 3 }));
    const bar = root.querySelector('.frame-bar');
    if (bar) avoid.push({ rect: bar.getBoundingClientRect(), weight: 3 });
    placeCoach(bubble, avoid);
  }

  async function ask() {
    if (asking) { clear(); say('Hint cancelled.'); setTimeout(() => { if (!asking && !shown) bubble.hidden = true; }, 1500); return; }
    if (shown) { clear(); return; }
    const waiting = match.waiting;
    if (!waiting) { say('A hint is for your turn: wait until it is your move.'); return; }
    const mine = { epoch: match.epoch, player: waiting.player };
    asking = mine;
    button.classList.add('thinking');
    button.setAttribute('aria-pressed', 'true');
    button.querySelector('.frame-hint-word').textContent = 'Thinking…';
    say('Thinking about your move… (press Hint again to cancel)');
    const res = await match.engine.hint({ id: session.id, player: mine.player, ms: hintMs() });
    if (asking !== mine || match.epoch !== mine.epoch || match.stopped || !match.waiting) return; // cancelled or moved on
    asking = null;
    button.classList.remove('thinking');
    button.querySelector('.frame-hint-word').textContent = 'Hint';
    if (!res.ok) { say(res.error.message); return; }
    const move = res.result.move;
    shown = { player: mine.player, move, targets: screen.moveTargets ? screen.moveTargets(move) : [] };
    bubble.dataset.move = JSON.stringify(res.result.move);
    say(res.result.reason);
    // as the coach does: the first thing to press that is scrolled out of sight is brought in
    const out = shown.targets.map((t) => (screen.locate ? screen.locate(t) : null))
      .find((el) => el instanceof Element && el.isConnected && !inSight(el));
    if (out) bringIntoView(out);
    place();
    timer = setInterval(place, REFRESH_MS);
  }

  function onKey(e) {
    if (!root.isConnected || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector('dialog[open]')) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    // H is the Hint button's key: where the button is not shown (the game is over), neither is H
    if ((e.key === 'h' || e.key === 'H') && button.getClientRects().length) { e.preventDefault(); ask(); } else if (e.key === 'Escape' && (asking || shown)) clear();
  }

  button.addEventListener('click', ask);
  bubble.querySelector('[data-act=hint-close]').addEventListener('click', clear);
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', place);
  // The person's move, or a take-back: the hint was for the position before it. Another seat's
  // hidden choice made meanwhile (a bot's build beside the person's) leaves it standing.
  match.onMove(({ player, undo }) => {
    const mine = (shown && shown.player) ?? (asking && asking.player);
    if (undo || player === mine) clear();
  });

  return {
    cancel: clear,
    detach() {
      clear();
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', place);
      bubble.remove();
      rings.remove();
    },
  };
}

/** The hints each person used, in a sentence for the end of the game ("No hints used." is
 *  worth saying too), from the engine's record; '' when there is nobody to say it of. */
export async function hintsSaid(engine, session) {
  const rec = await engine.record({ id: session.id });
  if (!rec.ok) return '';
  const counts = session.seats.map((_, i) => (rec.result.hints ? rec.result.hints[i].length : 0));
  const people = session.seats.map((s, i) => ({ ...s, i })).filter((s) => s.controller === 'human');
  if (!people.length) return '';
  const used = (n) => (n === 0 ? 'no hints' : n === 1 ? '1 hint' : `${n} hints`);
  if (people.length === 1) {
    const n = counts[people[0].i];
    return n ? `${people[0].name === 'You' ? 'You' : people[0].name} used ${used(n)}.` : 'No hints used.';
  }
  return `${people.map((p) => `${p.name} used ${used(counts[p.i])}`).join('; ')}.`;
}
