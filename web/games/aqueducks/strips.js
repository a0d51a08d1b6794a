// The two one-line strips above the city, sized to what they hold. The news strip is a few
// lines tall and scrolled to its newest line; left at its CSS height it showed half a line at
// its top (the lines do not divide the height), so it is cut to the whole lines that fit, the
// newest always whole. The action track is wider than a tablet or phone: it is scrolled so
// the current action is in view, and a fading edge says there is more on that side.

/** Show whole lines of the news box `box`, the newest last and whole. */
export function fitNews(box) {
  box.style.height = '';
  box.style.maxHeight = '';
  const items = box.querySelectorAll('li');
  if (box.hidden || !items.length || !box.clientHeight) return;
  box.scrollTop = box.scrollHeight;
  const cs = getComputedStyle(box);
  const b = box.getBoundingClientRect();
  // where a line may begin: under the heading when it sticks there, else under the padding
  const head = box.querySelector('h3');
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
