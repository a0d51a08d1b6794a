// English for every screen and both games' logs: counts with their plural, "a" or "an", a
// verb agreeing with its subject, a possessive. A seat called "You" is the person at this
// device ("You win", "your line"). The engine's own texts follow the same rules
// (py/gamecore/words.py; tests/gamecore/test_words_agree.py checks that both agree).

/** Nouns whose plural is not the noun and an "s". */
const PLURALS = { 'open end': 'open ends', 'Favour': 'Favour', 'reshuffle': 'reshuffles' };

/** "1 duckat", "5 duckats", "0 duckats", "2 Favour". */
export function count(n, noun, plural = PLURALS[noun] || `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}

// Words starting with a vowel letter but a consonant sound, and the other way round.
const SAYS_A = /^(one\b|once|uni|use|usu|uti|eu|ewe|u[bcfgklrst][aeiou])/i;
const SAYS_AN = /^(hour|honest|honou?r|heir)/i;

/** "a" or "an", by how `phrase` is said: "an iron bend", "a 5-pipe line", "an 8-pipe line",
 *  "an 11-pipe line", "an 18-duckat row", "a unique district". Numbers are read as words
 *  (8 "eight", 11 "eleven", 18 "eighteen", 80 "eighty", 800 "eight hundred", 1100 "one
 *  thousand one hundred"). */
export function article(phrase) {
  const s = String(phrase).trim();
  const digits = /^\d+/.exec(s);
  if (digits) {
    const d = digits[0];
    // the number is said from its first group of up to three digits: 11 / 18 thousand say
    // "eleven" / "eighteen"; otherwise only an 8 at the front starts with a vowel
    const head = d.length % 3 === 2 ? d.slice(0, 2) : d.slice(0, 1);
    return head === '11' || head === '18' || head[0] === '8' ? 'an' : 'a';
  }
  if (SAYS_AN.test(s)) return 'an';
  if (SAYS_A.test(s)) return 'a';
  return /^[aeiou]/i.test(s) ? 'an' : 'a';
}

/** `phrase` with its article: "an 8-pipe line". */
export function withArticle(phrase) { return `${article(phrase)} ${phrase}`; }

/** The verb for `name`: "You win" but "Bo wins" (and "You and Bo win"). */
export function verb(name, third, second) { return name === 'You' || / and /.test(name) ? second : third; }

/** "your", "Bo's", "Jules'". */
export function possessive(name) {
  if (name === 'You') return 'your';
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/** The same at the start of a sentence: "Your", "Bo's". */
export function Possessive(name) { const p = possessive(name); return p[0].toUpperCase() + p.slice(1); }

/** "their" for a seat talking of its own things, "your" for You. */
export function own(name) { return name === 'You' ? 'your' : 'their'; }

/** "Bo", "Bo and Cleo", "Bo, Cleo and Dax". */
export function list(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
