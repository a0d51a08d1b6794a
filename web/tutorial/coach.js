// The coach: a bubble with the step's sentence (read out through an aria-live region), the
// hint after a move that does not advance, and Next / Skip step / Leave; and numbered rings
// around what to press, in order, found through the game screen's locate(target) hook.
// The bubble keeps out of the way of its own targets: it docks at the top or the bottom of
// the window, wherever the targets leave more room.

import { keyHints } from '../shell/keys.js';
import { placeRing, dockAway } from '../shell/rings.js';

const REFRESH_MS = 200; // rings follow the screen's layout (scrolling, resizing, redraws)

/** Is the middle of `r` under a fixed or sticky box (a sticky panel, the coach) that is not
 *  the target's own container? (For targets drawn on a canvas, which have no element.) */
function covered(r) {
  const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  for (let e = el; e && e !== document.body; e = e.parentElement) {
    const pos = getComputedStyle(e).position;
    if (pos === 'fixed' || pos === 'sticky') {
      const b = e.getBoundingClientRect();
      return !(b.left <= r.left && b.top <= r.top && b.right >= r.right && b.bottom >= r.bottom);
    }
  }
  return false;
}

/** The part of `el` its scrolling containers leave in sight (a button scrolled out of a
 *  panel has none): its box cut by every ancestor that clips its overflow. */
function visibleRect(el) {
  let { left, top, right, bottom } = el.getBoundingClientRect();
  for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
    const st = getComputedStyle(e);
    if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
    const b = e.getBoundingClientRect();
    left = Math.max(left, b.left); top = Math.max(top, b.top);
    right = Math.min(right, b.right); bottom = Math.min(bottom, b.bottom);
  }
  return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
}

/** Scroll every container of `el` that the person can scroll too (overflow auto or scroll,
 *  never a clipped overflow: hidden box, whose content would then be stuck off place), then
 *  the page, so that `el` stands in the middle of each. */
function bringIntoView(el) {
  for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
    const st = getComputedStyle(e);
    const r = el.getBoundingClientRect();
    const b = e.getBoundingClientRect();
    if (/auto|scroll/.test(st.overflowY) && e.scrollHeight > e.clientHeight) {
      e.scrollTop += (r.top + r.height / 2) - (b.top + e.clientHeight / 2);
    }
    if (/auto|scroll/.test(st.overflowX) && e.scrollWidth > e.clientWidth) {
      e.scrollLeft += (r.left + r.width / 2) - (b.left + e.clientWidth / 2);
    }
  }
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) window.scrollBy(0, r.top - window.innerHeight / 2 + r.height / 2);
}

/** Can the person press `el` where it is drawn: whole in the window, not clipped by a
 *  scrolling container, and its middle not under something else (the coach, a panel)? */
function inSight(el) {
  const r = el.getBoundingClientRect();
  const v = visibleRect(el);
  if (r.width <= 0 || r.height <= 0 || v.width < r.width - 1 || v.height < r.height - 1) return false;
  if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (el === hit || el.contains(hit));
}

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
  const $ = (s) => box.querySelector(s);
  let targets = [];
  let screen = null;
  let busy = false;
  let shownOnce = new Set(); // targets already brought into view in this step
  let revealed = false;      // one target brought into view since the last press

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

  /** Bring the first target the person cannot press where it is into view: at most one
   *  per step and per press, so the person can scroll away again, and the next thing to
   *  press comes into sight after each press. An element is scrolled into view in its
   *  scrolling containers (a panel, the page); a target drawn on a canvas scrolls the page. */
  function reveal(found) {
    // a pass over targets not all drawn yet (one appears after the engine answers) stays open
    revealed = found.every(Boolean);
    for (const [i, f] of found.entries()) {
      if (!f) continue;
      const off = f.el ? !inSight(f.el)
        : f.rect.bottom > window.innerHeight || f.rect.top < 0 || covered(f.rect);
      if (!off) continue;
      if (shownOnce.has(i)) continue;    // already brought into view once: leave it be
      shownOnce.add(i);
      revealed = true;
      if (f.el) bringIntoView(f.el);
      else window.scrollBy(0, f.rect.top - window.innerHeight / 2 + f.rect.height / 2);
      return;
    }
  }

  /** Where target `t` is: the screen's locate(t) gives an element, or a box for a thing
   *  drawn on a canvas. */
  function find(t) {
    const got = screen && screen.locate ? screen.locate(t) : null;
    if (!got) return null;
    if (got instanceof Element) return got.isConnected ? { el: got, rect: visibleRect(got) } : null;
    return { el: null, rect: got };
  }

  function place() {
    const rects = [];
    let found = targets.map(find);
    if (!revealed) {
      reveal(found);
      if (revealed) found = targets.map(find);
    }
    targets.forEach((t, i) => {
      const r = found[i] ? found[i].rect : null;
      if (placeRing(rings, i, r, 'coach-ring-')) rects.push(r);
    });
    for (const extra of [...rings.children].slice(targets.length)) extra.remove();
    dockAway(box, rects); // where the targets leave the most room
  }

  // after each press (a click, or a key that presses a focused button), the next target
  // may bring itself into view
  const pressed = () => { revealed = false; };
  const onKey = (e) => { if (e.key === 'Enter' || e.key === ' ') pressed(); };
  const timer = setInterval(place, REFRESH_MS);
  window.addEventListener('resize', place);
  window.addEventListener('scroll', place, { capture: true, passive: true });
  document.addEventListener('click', pressed, true);
  document.addEventListener('keydown', onKey, true);

  return {
    /** Put the coach on the page next to the game screen it talks about. */
    attach(gameScreen, parent) {
      screen = gameScreen;
      if (!box.isConnected) parent.before(box);
      if (!rings.isConnected) document.body.append(rings);
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
      rings.replaceChildren();
      shownOnce = new Set();
      revealed = false;
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
      box.remove();
      rings.remove();
    },
  };
}
