// The card data (cards/aqueducks.json), the same file the engine reads: names, tiers,
// storeys, requirements, resources and abilities for drawing cards. Never used for legality.

let cache = null;

export async function loadCatalog() {
  if (cache) return cache;
  const url = new URL('../../../cards/aqueducks.json', import.meta.url);
  const data = await (await fetch(url)).json();
  const byKey = Object.create(null); // keys from views (a host's too): 'constructor' is no card
  for (const c of data.starter) byKey[c.key] = { ...c, starter: true };
  for (const f of data.factions) for (const c of f.pair) byKey[c.key] = { ...c, starter: true };
  for (const c of data.tiered) byKey[c.key] = { ...c };
  const factions = Object.fromEntries(data.factions.map((f) => [f.key, f]));
  cache = { data, byKey, factions, resources: data.resources, pondifex: data.pondifex };
  return cache;
}

export const RES_COLOUR = {
  tree: '#dcefd6', brick: '#f3d3c2', column: '#e7eaee', water: '#cbeaf4', faith: '#efe2f7',
  military: '#dde3e8', luxury: '#f8d9ea', none: '#f3ead4',
};
export const RES_STRONG = {
  tree: '#3f9a4a', brick: '#b5522e', column: '#7d8791', water: '#1f7ea3', faith: '#7b4fa8',
  military: '#4b5966', luxury: '#b8407e', none: '#a08a5a',
};

export function mainResource(card) {
  return (card && card.produces && card.produces[0]) || 'none';
}

/** Short name for tight spaces on the canvas. */
export function shortName(name, max) {
  if (name.length <= max) return name;
  const words = name.replace(/^(The|Il) /, '').split(' ');
  let out = words[0];
  if (out.length > max) return out.slice(0, max - 1) + '…';
  let i = 1;
  for (; i < words.length; i++) {
    if ((out + ' ' + words[i]).length > max) break;
    out += ' ' + words[i];
  }
  // room left: cut the next word rather than dropping it
  if (i < words.length && out.length <= max - 4) out = (out + ' ' + words[i]).slice(0, max - 1) + '…';
  return out;
}
