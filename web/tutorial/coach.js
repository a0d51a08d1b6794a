// The coach: a bubble with the step's sentence (read out through an aria-live region), the
// hint after a move that does not advance, and Next / Skip step / Leave; numbered rings
// around what to press, in order, and a soft outline around what the sentence explains (the
// step's `explains`: a cell, the news, the turn status), found through the game screen's
// locate(target) hook. The bubble places itself where it covers least of them (coach-place.js).

import { keyHints } from '../shell/keys.js';
import { placeRing, covered, visibleRect, bringIntoView, inSight } from '../shell/rings.js';
import { placeCoach } from './coach-place.js';

const REFRESH_MS = 200; // rings follow the screen's layout (scrolling, resizing, redraws)
// how much the bubble minds covering each thing: what to press most, then what the step
// explains, and a little the turn status, which the person reads as the coach talks
const WEIGHT = { press: 3, explained: 2, status: 0.5 };

export function createCoach({ onNext, onSkip, onLeave, onFinish }) {
  const box = document.createElement('section');
  box.className = 'coach';
  box.dataset.testid = 'coach';
  box.setAttribute('aria-label', 'Tutorial coach');
  box.innerHTML = `
    <p class="coach-count" data-testid="coach-count"></p>
    <p class="coach-text" data-testid="coach-text" aria-live="polite"></p>
    <p class="coach-hint" data-testid="coach-hint" role="alert" hidden></p>
    <div class="coach-buttons">
      <button type="button" class="btn btn-small btn-primary" data-act="next" data-testid="coach-next">Next</button>
      <button type="button" class="btn btn-small" data-act="skip" data-testid="coach-skip">Skip step</button>
      <button type="button" class="btn btn-small" data-act="finish" data-testid="coach-finish" hidden></button>
      <button type="button" class="btn btn-small btn-quiet" data-act="leave" data-testid="coach-leave">Leave</button>
    </div>`;
  const rings = document.createElement('div');
  rings.className = 'coach-rings';
  rings.setAttribute('aria-hidden', 'true');
  const looks = rings.cloneNode(); // the outlines of what a step explains, beside the rings
  const $ = (s) => box.querySelector(s);
  let targets = [];
  let explains = [];
  let screen = null;
  let busy = false;
  // The next target to press is brought into view when it is out of sight (scrolled into its
  // panel, the page): the first one not pressed yet in this step, never a later one, so two
  // targets that do not fit in one strip together (two hand cards) are shown in turn, not
  // fought over. It is tried a few times at most (a screen that scrolls it away again is not
  // fought forever); once the person scrolls, the view is theirs until their next press.
  let pressedUpTo = 0;    // targets before this one were pressed in this step
  let personScrolled = false;
  let tries = 0;
  let offFor = 0;         // refreshes running the next target has been out of sight
  let nextEl = null;      // what the next target was found as (a redraw may find another)

  box.addEventListener('click', async (e) => {
    const b = e.target.closest('button[data-act]');
    if (!b || busy) return;
    busy = true;
    try {
      const act = b.dataset.act;
      if (act === 'next') await onNext();
      else if (act === 'skip') await onSkip();
      else if (act === 'leave') await onLeave();
      else if (act === 'finish') await onFinish(b.dataset.mode);
    } finally { busy = false; }
  });

  /** Bring the next target to press into view when it is out of sight; true if it did. */
  function reveal(found) {
    if (personScrolled) return false;
    const i = found.findIndex((f, n) => n >= pressedUpTo && f);
    if (i < 0) return false;
    const f = found[i];
    if (f.el !== nextEl) { nextEl = f.el; tries = 0; offFor = 0; }
    const off = f.el ? !inSight(f.el)
      : f.rect.bottom > window.innerHeight || f.rect.top < 0 || covered(f.rect);
    // out of sight on two refreshes running: not just while the screen redraws after a press
    offFor = off ? offFor + 1 : 0;
    if (offFor < 2 || tries >= 3) return false;
    tries += 1;
    if (f.el) bringIntoView(f.el);
    else window.scrollBy(0, f.rect.top - window.innerHeight / 2 + f.rect.height / 2);
    return true;
  }

  /** Where target `t` is: the screen's locate(t) gives an element, or a box for a thing
   *  drawn on a canvas; the turn status is the shell's own. */
  function find(t) {
    const got = t.kind === 'status' ? document.querySelector('[data-testid=turn-status]')
      : screen && screen.locate ? screen.locate(t) : null;
    if (!got) return null;
    if (got instanceof Element) return got.isConnected ? { el: got, rect: visibleRect(got) } : null;
    return { el: null, rect: got };
  }

  /** The numbered rings around the targets found (placeRing, as the Hint's) and a dashed
   *  outline around each thing explained found; returns the boxes of each shown. */
  function outline(found, explained) {
    const pressHere = [];
    found.forEach((f, i) => { if (placeRing(rings, i, f && f.rect, 'coach-ring-')) pressHere.push(f.rect); });
    for (const extra of [...rings.children].slice(found.length)) extra.remove();
    const shown = [];
    explained.forEach((f, i) => {
      const look = looks.children[i] || looks.appendChild(Object.assign(document.createElement('div'),
        { className: 'coach-look' }));
      look.dataset.testid = `coach-look-${i}`;
      const r = f && f.rect;
      look.hidden = !r || r.width <= 0 || r.height <= 0;
      if (look.hidden) return;
      shown.push(r);
      Object.assign(look.style, { left: `${r.left - 4}px`, top: `${r.top - 4}px`, width: `${r.width + 8}px`, height: `${r.height + 8}px` });
    });
    for (const extra of [...looks.children].slice(explained.length)) extra.remove();
    return [pressHere, shown];
  }

  function place() {
    let found = targets.map(find);
    if (reveal(found)) found = targets.map(find);
    const [pressHere, explained] = outline(found, explains.map(find));
    const status = document.querySelector('[data-testid=turn-status]');
    const statusShown = status && status.getClientRects().length ? [status.getBoundingClientRect()] : [];
    placeCoach(box, [...pressHere.map((rect) => ({ rect, weight: WEIGHT.press })),
      ...explained.map((rect) => ({ rect, weight: WEIGHT.explained })),
      ...statusShown.map((rect) => ({ rect, weight: WEIGHT.status }))]);
  }

  // after each press (a click, or a key that presses a focused button) the next target may
  // bring itself into view; a press on a target counts it, and those before it, as pressed
  const pressed = (e) => {
    personScrolled = false; tries = 0; offFor = 0;
    if (!e) return;
    const at = 'clientX' in e && e.detail ? [e.clientX, e.clientY] : null;
    for (let i = pressedUpTo; i < targets.length; i += 1) {
      const f = find(targets[i]);
      const hit = f && (f.el ? f.el.contains(e.target)
        : !!at && at[0] >= f.rect.left && at[0] <= f.rect.right && at[1] >= f.rect.top && at[1] <= f.rect.bottom);
      if (hit) { pressedUpTo = i + 1; return; }
    }
  };
  const scrolledByPerson = () => { personScrolled = true; };
  const onKey = (e) => { if (e.key === 'Enter' || e.key === ' ') pressed(e); };
  const timer = setInterval(place, REFRESH_MS);
  window.addEventListener('resize', place);
  window.addEventListener('scroll', place, { capture: true, passive: true });
  document.addEventListener('click', pressed, true);
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('wheel', scrolledByPerson, { capture: true, passive: true });
  document.addEventListener('touchmove', scrolledByPerson, { capture: true, passive: true });

  return {
    /** Put the coach on the page next to the game screen it talks about. */
    attach(gameScreen, parent) {
      screen = gameScreen;
      if (!box.isConnected) parent.before(box);
      if (!rings.isConnected) document.body.append(looks, rings);
      place();
    },
    /** Show a step: `t` is the engine's tutorial description. */
    show(t) {
      $('.coach-count').textContent = t.done ? t.title : `${t.title} · step ${t.index + 1} of ${t.count}`
        + (t.repeat && t.repeat.of > 1 ? ` (${t.repeat.done + 1} of ${t.repeat.of})` : '');
      if (!t.done) $('.coach-text').textContent = keyHints(t.text);
      $('.coach-hint').hidden = true;
      $('[data-act=next]').hidden = t.done || t.needsMove;
      $('[data-act=skip]').hidden = t.done || !t.needsMove;
      $('[data-act=finish]').hidden = !t.done;
      targets = t.done ? [] : t.targets || [];
      explains = t.done ? [] : t.explains || [];
      rings.replaceChildren();
      looks.replaceChildren();
      pressedUpTo = 0;
      pressed();
      place();
    },
    hint(text) {
      const p = $('.coach-hint');
      p.textContent = keyHints(text);
      p.hidden = false;
    },
    /** The tutorial is over: offer to go on with this game, or a full game when it is over. */
    finish({ over, title }) {
      const b = $('[data-act=finish]');
      b.dataset.mode = over ? 'full' : 'keep';
      b.textContent = over ? 'Play a full game' : 'Keep playing this game';
      $('.coach-count').textContent = title;
      $('.coach-text').textContent = over
        ? 'Tutorial complete. Ready for a full game against a bot?'
        : 'Tutorial complete. Keep playing this game against the bot, or leave for the menu.';
      $('[data-act=leave]').textContent = 'Menu';
    },
    focus() { (box.querySelector('button:not([hidden])') || box).focus(); },
    destroy() {
      clearInterval(timer);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
      document.removeEventListener('click', pressed, true);
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('wheel', scrolledByPerson, { capture: true });
      document.removeEventListener('touchmove', scrolledByPerson, { capture: true });
      box.remove();
      rings.remove();
      looks.remove();
    },
  };
}
