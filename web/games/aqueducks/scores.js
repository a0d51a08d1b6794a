// Solo best scores, kept by the page in localStorage under 'pnd.aqueducks.best' in the
// shape of py/aqueducks/scores.py: {faction: [{score, seed, date}, ...]}, best first, 10 each.
import { icon } from './icons.js';

const KEY = 'pnd.aqueducks.best';
const KEEP = 10;

/** The stored table, checked entry by entry: what is not a score is dropped (the list is
 * shown as HTML, so only numbers and dates that look like dates ever reach it). */
export function loadBest() {
  let table;
  try { table = JSON.parse(localStorage.getItem(KEY) || '{}'); } catch { return {}; }
  if (!table || typeof table !== 'object' || Array.isArray(table)) return {};
  const clean = {};
  for (const [faction, list] of Object.entries(table)) {
    if (!/^[a-z_]{1,32}$/.test(faction) || !Array.isArray(list)) continue;
    clean[faction] = list.filter((e) => e && Number.isInteger(e.score) && Math.abs(e.score) < 1e6)
      .map((e) => ({ score: e.score, seed: typeof e.seed === 'string' ? e.seed : String(e.seed ?? ''),
        date: typeof e.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(e.date) ? e.date : '' }))
      .sort((a, b) => b.score - a.score).slice(0, KEEP);
  }
  return clean;
}

export function recordBest(faction, score, seed) {
  const table = loadBest();
  const list = (table[faction] || []).slice();
  let rank = 0;
  while (rank < list.length && list[rank].score >= score) rank += 1;
  list.splice(rank, 0, { score, seed, date: new Date().toISOString().slice(0, 10) });
  list.length = Math.min(list.length, KEEP);
  table[faction] = list;
  try { localStorage.setItem(KEY, JSON.stringify(table)); } catch { /* private mode */ }
  return { list, rank: rank < KEEP ? rank : null };
}

export function bestHtml(list, factionName, rank) {
  if (!list.length) return `<p class="aq-small muted">No solo scores for ${factionName} yet.</p>`;
  return `<h4>Best solo scores · ${factionName}</h4><ol class="aq-best" data-testid="best-scores">${list.map((e, i) =>
    `<li class="${i === rank ? 'new' : ''}">${icon('duckat')}<b>${e.score}</b> <span class="muted">${e.date || ''}</span>${i === rank ? ' <b>← new</b>' : ''}</li>`).join('')}</ol>`;
}

/** The solo board beside the city: no Publican, the score rule and the best scores so far. */
export function soloBoard(view, rank) {
  const best = loadBest()[view.cities[0].faction] || [];
  return `<section class="aq-pondifex"><h3>Solo</h3><p class="aq-small">No Publican in solo: your score is your duckats at the end of era 4.</p>
      ${bestHtml(best, view.cities[0].faction_name, rank)}</section>`;
}
