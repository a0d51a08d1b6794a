// The two one-line strips above the city, sized to what they hold. The news strip is a few
// lines tall and scrolled to its newest line; left at its CSS height it showed half a line at
// its top (the lines do not divide the height), so it is cut to the whole lines that fit, the
// newest always whole. The action track is wider than a tablet or phone: it is scrolled so
// the current action is in view, and a fading edge says there is more on that side.

/** Show whole lines of the news box `box`, the newest last and whole; its "All n" button
 *  shows while some lines are out of sight. Open (class "open"), the box drops down over what
 *  is under it to every line (to the window's foot at most, then it scrolls), keeping its
 *  closed height in the layout, so nothing under it moves. */
export function fitNews(box) {
  const open = box.classList.contains('open');
  box.classList.remove('open');
  Object.assign(box.style, { height: '', maxHeight: '', marginBottom: '' });
  // the button first: it makes the heading taller, and the lines are fitted under it
  const all = box.querySelector('.aq-news-all');
  if (all) all.hidden = !open && box.scrollHeight <= box.clientHeight + 1;
  fitLines(box);
  if (!open || box.hidden || !box.clientHeight) return;
  const closed = box.getBoundingClientRect();
  box.classList.add('open');
  Object.assign(box.style, { height: 'auto', maxHeight: `${Math.max(closed.height, innerHeight - closed.top - 8)}px` });
  box.style.marginBottom = `${closed.height - box.getBoundingClientRect().height}px`;
  box.scrollTop = box.scrollHeight;
}

function fitLines(box) {
  const items = box.querySelectorAll('li');
  if (box.hidden || !items.length || !box.clientHeight) return;
  box.scrollTop = box.scrollHeight;
  const cs = getComputedStyle(box);
  const b = box.getBoundingClientRect();
  // where a line may begin: under the heading when it sticks there, else under the padding
  const head = box.querySelector('.aq-news-head');
  const headed = head && head.getClientRects().length ? head.getBoundingClientRect().bottom : -Infinity;
  const from = Math.max(headed, b.top + box.clientTop + parseFloat(cs.paddingTop));
  const tops = [...items].map((li) => li.getBoundingClientRect().top);
  const whole = tops.findIndex((t) => t >= from - 0.5);
  const cut = whole === -1 ? tops[tops.length - 1] - from : whole === 0 ? 0 : tops[whole] - from;
  if (Math.abs(cut) < 0.5) return;
  // taller by what the newest line lacks, or shorter by the part of a line at the top; still
  // scrolled to the end, every line moves up (or down) by the same amount
  box.style.maxHeight = 'none';
  box.style.height = `${b.height - cut}px`;
  box.scrollTop = box.scrollHeight;
}

/** Keep the track's current action in view and mark the sides it scrolls to. */
export function fitTrack(track) {
  if (!track) return;
  const cur = track.querySelector('li.cur');
  const over = track.scrollWidth > track.clientWidth + 1;
  if (over && cur) {
    const t = track.getBoundingClientRect(); const c = cur.getBoundingClientRect();
    track.scrollLeft = Math.max(0, track.scrollLeft + c.left - t.left - (track.clientWidth - c.width) / 2);
  }
  edges(track);
}

/** data-more="left|right|both" while the track has actions out of view on that side. */
export function edges(track) {
  const left = track.scrollLeft > 1;
  const right = track.scrollLeft + track.clientWidth < track.scrollWidth - 1;
  track.dataset.more = left && right ? 'both' : left ? 'left' : right ? 'right' : '';
}
