// Solo best scores, kept by the page in localStorage under 'pnd.aqueducks.best' in the
// shape of py/aqueducks/scores.py: {faction: [{score, seed, date}, ...]}, best first, 10 each.
import { icon } from './icons.js';

const KEY = 'pnd.aqueducks.best';
const KEEP = 10;

export function loadBest() {
  try { return JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch { return {}; }
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
