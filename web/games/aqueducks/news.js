// What happened, in words: every event in the game log, and the strip over the city with what
// happened since the person's last decision (simultaneous builds revealed together).
import { esc } from '../../shell/frame.js';

// the events worth a line in the news strip
const NOTABLE = ['build', 'donate', 'favour', 'end_of_era', 'downfall', 'protect', 'publican', 'era', 'pushed_off', 'game_over', 'no_build'];

/** A batch of the engine's events: each in the game log, the notable ones in the news strip
 * (everything since the person's last decision) and read out. */
export function readEvents(ui, events, past = false) {
  const notable = [];
  for (const ev of events) {
    if (ev.type === 'build') ui.built[ev.player] = ev.keys.map((k) => (ui.cat.byKey[k] ? ui.cat.byKey[k].name : k)).join(' + ');
    const text = ui.moveText(ev);
    if (!text) continue;
    const p = ev.player;
    ui.frame.log(text, p !== undefined ? ui.seats[p].colour : null);
    if (NOTABLE.includes(ev.type)) {
      notable.push({ text, type: ev.type, player: p });
    }
  }
  if (notable.length && !past) { // a resumed game's log is not read out
    // everything that happened since this person's last decision, newest last
    ui.news = [...ui.news, ...notable].slice(-14);
    const builds = notable.filter((n) => n.type === 'build').length;
    ui.frame.announce(builds > 1 ? `Revealed together: ${notable.map((n) => n.text).join(' ')}` : notable.map((n) => n.text).join(' '));
  }
}

/** The news strip: what happened since the person's last decision, each line in its seat's
 * colour; a button opens it to every line when the strip shows only the newest (strips.js
 * fitNews shows it then), and closes it again. */
export function newsHtml(news, seats, open = false) {
  if (!news.length) return '';
  const title = news.filter((x) => x.type === 'build').length > 1 ? 'Since your last move (simultaneous choices are revealed together)' : 'Since your last move';
  return `<div class="aq-news-head"><h3>${title}</h3><button type="button" class="aq-news-all" data-testid="news-all" aria-expanded="${open}" hidden>${open ? 'Fewer ▴' : `All ${news.length} ▾`}</button></div>
    <ul>${news.map((x) => `<li class="news-${x.type}" style="--seat:${x.player !== undefined ? seats[x.player].colour : 'var(--line)'}">${esc(x.text)}</li>`).join('')}</ul>`;
}
