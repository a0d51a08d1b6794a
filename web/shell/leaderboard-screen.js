// The Leaderboard screen (issue 24, docs/leaderboard.md): leaderboard/board.json as the site
// publishes it (verified entries, committed by the leaderboard workflow), read-only. The
// service worker precaches the file, so the last published board shows offline too.
import { GAMES, PARTS } from './games.js';
import { esc } from './frame.js';
import { loadStyle } from './style.js';
import { closeGame } from './game-screen.js';
import { ordinal } from './score-words.js';
import { repository } from './score-links.js';

const FORMAT = 'pipes-and-ducks/leaderboard';
const TABS = [['daily', 'Daily deals'], ['solo', 'Best solo'], ['wins', 'Multiplayer wins']];

async function readBoard() {
  try {
    const res = await fetch(new URL('leaderboard/board.json', document.baseURI), { cache: 'no-cache' });
    if (!res.ok) return { error: 'The leaderboard could not be loaded.' };
    const data = await res.json();
    if (!data || data.format !== FORMAT || data.version !== 1 || typeof data.tables !== 'object') {
      return { error: 'The leaderboard file is not one this page can read; reload to update the site.' };
    }
    return { tables: data.tables };
  } catch {
    return { error: 'The leaderboard could not be loaded: you are offline and it was not kept yet.' };
  }
}

/** Ranks with ties shared, as the board ranks them (py/arcade/board.py). */
function ranks(entries, key) {
  const out = [];
  entries.forEach((e, i) => { out.push(i && key(e) === key(entries[i - 1]) ? out[i - 1] : i + 1); });
  return out;
}

/** An entry's score, in its game's words (its shell parts' boardScore). */
const scoreOf = (e) => PARTS[e.game].boardScore(e);

/** An entry's details: what its game says first (a faction), the table's size, the favourites
 *  by name (`names`: {game: (key) => name}). */
function detailOf(e, names) {
  const parts = [...PARTS[e.game].boardDetail(e)];
  if (e.players > 1) parts.push(`${e.players} players`);
  if (e.favourites && e.favourites.length) parts.push(e.favourites.map(names[e.game] || ((k) => k)).join(', '));
  return parts.join(' · ');
}

function table(title, entries, namesOf, testid) {
  if (!entries || !entries.length) return '';
  const key = (e) => JSON.stringify([e.claim.won, e.claim.turns, e.claim.line, e.claim.favour, e.claim.duckats]);
  const r = ranks(entries, key);
  const rows = entries.map((e, i) => `<tr><td class="lb-rank">${ordinal(r[i])}</td><td class="lb-name">${esc(e.name)}</td>
    <td class="lb-score">${esc(scoreOf(e))}</td><td class="lb-detail">${esc(detailOf(e, namesOf))}</td><td class="lb-date">${esc(e.date)}</td></tr>`).join('');
  return `<section class="lb-table" data-testid="${esc(testid)}"><h3>${esc(title)}</h3>
    <table><thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Score</th><th scope="col">Details</th><th scope="col">Date</th></tr></thead>
    <tbody>${rows}</tbody></table></section>`;
}

function render(panel, tables, tab, day, namesOf, empty) {
  const names = Object.keys(tables);
  let html = '';
  if (tab === 'daily') {
    const days = [...new Set(names.filter((n) => n.startsWith('daily/')).map((n) => n.split('/')[2]))].sort().reverse();
    const pick = days.includes(day) ? day : days[0];
    if (pick) {
      html += `<label class="lb-day">Day <select data-act="day">${days.map((d) => `<option${d === pick ? ' selected' : ''}>${esc(d)}</option>`).join('')}</select></label>`;
      for (const game of Object.keys(GAMES)) html += table(GAMES[game].title, tables[`daily/${game}/${pick}`], namesOf, `lb-daily-${game}`);
    }
  } else if (tab === 'solo') {
    // each game's own tables (solo scores), which it recognises by name
    for (const game of Object.keys(GAMES).filter((g) => PARTS[g].soloTable)) {
      for (const n of [...names].sort()) {
        const own = PARTS[game].soloTable(n);
        if (own) html += table(own.title, tables[n], namesOf, own.testid);
      }
    }
  } else {
    for (const game of Object.keys(GAMES)) html += table(`${GAMES[game].title} wins against bots`, tables[`wins/${game}`], namesOf, `lb-wins-${game}`);
  }
  panel.querySelector('.lb-body').innerHTML = html || `<p class="muted lb-empty" data-testid="lb-empty">${esc(empty)}</p>`;
  for (const b of panel.querySelectorAll('[role=tab]')) b.setAttribute('aria-selected', String(b.dataset.tab === tab));
}

/** What an empty table says: how a score gets onto this board, or, on a copy of the site with
 *  no repository to send scores to (score-links.js), that none arrive and where scores go
 *  instead: the score card's "Submit to the leaderboard" is then not there to press. */
export async function emptyText() {
  if (await repository()) return 'No scores here yet. Finish a game, press Share your score, then Submit to the leaderboard.';
  return 'This copy of the site collects no scores, so its leaderboard stays empty. Your daily deals '
    + 'are kept on this device (Today’s deal), and at the end of a game Share your score gives a '
    + 'link anyone can open to check your score.';
}

/** {game: (key) => name} of the buildings favourites are, for the games that have them
 *  (their shell parts' favouriteNames); a key whose names fail to load is shown as it is. */
async function favouriteNames() {
  const games = Object.keys(GAMES).filter((g) => PARTS[g].favouriteNames);
  const named = await Promise.all(games.map((g) => PARTS[g].favouriteNames().catch(() => (k) => k)));
  return Object.fromEntries(games.map((g, i) => [g, named[i]]));
}

/** Show the Leaderboard screen in #game (Back returns to the menu). */
export async function showLeaderboard() {
  await loadStyle(new URL('../styles/scores.css', import.meta.url));
  const screen = document.querySelector('#game');
  document.querySelector('#menu').hidden = true;
  screen.hidden = false;
  document.documentElement.dataset.screen = 'leaderboard';
  const panel = document.createElement('div');
  panel.className = 'leaderboard';
  panel.dataset.testid = 'leaderboard';
  panel.innerHTML = `<div class="lb-head"><button type="button" class="btn btn-small btn-quiet" data-act="menu">‹ Menu</button>
      <h2>Leaderboard</h2></div>
    <p class="muted lb-lede">Every score here was replayed by the engine from its game's record before it was accepted.</p>
    <div class="lb-tabs" role="tablist" aria-label="Tables">${TABS.map(([t, label]) => `<button type="button" role="tab" class="btn btn-small" data-tab="${t}">${label}</button>`).join('')}</div>
    <div class="lb-body" role="tabpanel" aria-live="polite"><p class="muted">Loading the board…</p></div>`;
  screen.replaceChildren(panel);
  panel.querySelector('[data-act=menu]').addEventListener('click', () => closeGame());
  const [board, namesOf, empty] = await Promise.all([readBoard(), favouriteNames(), emptyText()]);
  if (board.error) { panel.querySelector('.lb-body').innerHTML = `<p class="lb-error" role="alert">${esc(board.error)}</p>`; return; }
  let tab = 'daily';
  let day = null;
  panel.addEventListener('click', (e) => {
    const b = e.target.closest('[data-tab]');
    if (b) { tab = b.dataset.tab; render(panel, board.tables, tab, day, namesOf, empty); }
  });
  panel.addEventListener('change', (e) => {
    if (e.target.dataset.act === 'day') { day = e.target.value; render(panel, board.tables, tab, day, namesOf, empty); }
  });
  render(panel, board.tables, tab, day, namesOf, empty);
  panel.querySelector('[role=tab][aria-selected=true]').focus();
}

export function wireLeaderboard() {
  const button = document.querySelector('#leaderboard-open');
  if (button) button.addEventListener('click', () => showLeaderboard());
}
