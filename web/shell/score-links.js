// Score links (#score=..., made by the engine's scoreCard; docs/leaderboard.md): the address
// that carries a card and the prefilled leaderboard issue of the project's repository.
// Opening one is score-link-open.js (it shows the card, so it imports score-card.js, which
// makes links with this module).

const TAG = 'score=';

export const isScoreHash = (hash) => String(hash).replace(/^#/, '').startsWith(TAG);

/** The whole address for a card's fragment (`score=...`). */
export function scoreLink(fragment, base = document.baseURI) {
  const url = new URL('./', base);
  url.hash = fragment;
  return url.href;
}

let repo;
/** "owner/name" of the repository whose issues take submissions: leaderboard/config.json's
 * `repository`, else read from a GitHub Pages address (owner.github.io/name/); or null. */
export async function repository() {
  if (repo !== undefined) return repo;
  repo = null;
  try {
    const res = await fetch(new URL('leaderboard/config.json', document.baseURI));
    const config = res.ok ? await res.json() : null;
    if (config && typeof config.repository === 'string' && /^[\w.-]+\/[\w.-]+$/.test(config.repository)) repo = config.repository;
  } catch { /* offline, or no such file: the address may still say */ }
  const pages = location.hostname.match(/^([a-z0-9-]+)\.github\.io$/i);
  if (!repo && pages) {
    const first = location.pathname.split('/').filter(Boolean)[0];
    repo = `${pages[1]}/${first && !first.includes('.') ? first : `${pages[1]}.github.io`}`;
  }
  return repo;
}

/** The new-issue address with the leaderboard form and the link filled in, or null. */
export async function submitUrl(card, link) {
  const name = await repository();
  if (!name) return null;
  const q = new URLSearchParams({ template: 'leaderboard.yml', title: `Leaderboard: ${card.name}, ${card.game}${card.daily ? ` daily ${card.date}` : ''}`, score: link });
  return `https://github.com/${name}/issues/new?${q}`;
}
