// The coach: a bubble with the step's sentence (read out through an aria-live region), the
// hint after a move that does not advance, and Next / Skip step / Leave; and numbered rings
// around what to press, in order, found through the game screen's locate(target) hook.
// The bubble keeps out of the way of its own targets: it docks at the top or the bottom of
// the window, wherever the targets leave more room.

const REFRESH_MS = 200; // rings follow the screen's layout (scrolling, resizing, redraws)

/** Is the middle of `r` under a fixed or sticky box (a sticky panel, the coach) that is not
 *  the target's own container? */
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
  let scrolled = new Set();

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

  function place() {
    const rects = [];
    const have = [...rings.children];
    targets.forEach((t, i) => {
      const r = screen && screen.locate ? screen.locate(t) : null;
      let ring = have[i];
      if (!ring) {
        ring = document.createElement('div');
        ring.className = 'coach-ring';
        ring.dataset.testid = `coach-ring-${i}`;
        ring.innerHTML = `<span class="coach-ring-n">${i + 1}</span>`;
        rings.append(ring);
      }
      const shown = !!r && r.width > 0 && r.height > 0;
      ring.hidden = !shown;
      if (!shown) return;
      rects.push(r);
      // the first time a target shows up out of the window, bring it into view (once, so
      // the person can scroll away again)
      if (!scrolled.has(i) && (r.bottom > window.innerHeight || r.top < 0 || covered(r))) {
        scrolled.add(i);
        window.scrollBy(0, r.top - window.innerHeight / 2 + r.height / 2);
      }
      Object.assign(ring.style, { left: `${r.left - 4}px`, top: `${r.top - 4}px`, width: `${r.width + 8}px`, height: `${r.height + 8}px` });
      ring.dataset.x = String(Math.round(r.left + r.width / 2));
      ring.dataset.y = String(Math.round(r.top + r.height / 2));
    });
    for (const extra of have.slice(targets.length)) extra.remove();
    // dock where the targets leave the most room
    const h = window.innerHeight;
    const top = rects.length ? Math.min(...rects.map((r) => r.top)) : h;
    const bottom = rects.length ? Math.max(...rects.map((r) => r.bottom)) : h;
    box.classList.toggle('coach-top', top > h - bottom);
  }

  const timer = setInterval(place, REFRESH_MS);
  window.addEventListener('resize', place);
  window.addEventListener('scroll', place, { passive: true });

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
      if (!t.done) $('.coach-text').textContent = t.text;
      $('.coach-hint').hidden = true;
      $('[data-act=next]').hidden = t.done || t.needsMove;
      $('[data-act=skip]').hidden = t.done || !t.needsMove;
      $('[data-act=finish]').hidden = !t.done;
      targets = t.done ? [] : t.targets || [];
      rings.replaceChildren();
      scrolled = new Set();
      place();
    },
    hint(text) {
      const p = $('.coach-hint');
      p.textContent = text;
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
      window.removeEventListener('scroll', place);
      box.remove();
      rings.remove();
    },
  };
}
