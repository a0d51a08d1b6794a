// What changed between two JSON values, and the same change applied on the other device: the
// host sends a guest each view as a patch against the last view of that kind it sent that
// guest (the channel is reliable and ordered, so both ends hold the same base), so a move
// costs what it changed (a log line, a cell, a hand), not a whole snapshot (docs/online.md).
// A patch is [0, value] (the new value), [1, {key: patch}, [deleted keys]] (an object's
// changed keys), [2, {index: patch}] (an array's changed items, its length kept) or
// [3, start, count, [items]] (an array's `count` items from `start` replaced by `items`: a
// card played or drawn, a log line added); `null` is no change. A patch from a peer is
// checked as it is applied.
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The patch that turns `a` into `b` (JSON values), or null when they are equal. */
export function diff(a, b) {
  if (a === b) return null;
  if (isObject(a) && isObject(b)) {
    const changed = {};
    let any = false;
    for (const [k, v] of Object.entries(b)) {
      const d = Object.hasOwn(a, k) ? diff(a[k], v) : [0, v];
      if (d) { changed[k] = d; any = true; }
    }
    const gone = Object.keys(a).filter((k) => !Object.hasOwn(b, k));
    return any || gone.length ? [1, changed, gone] : null;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length === b.length) {
      const changed = {};
      let any = false;
      b.forEach((v, i) => {
        const d = diff(a[i], v);
        if (d) { changed[i] = d; any = true; }
      });
      return any ? [2, changed] : null;
    }
    // items taken out or put in: the run between the ends the two have in common
    const same = (i, j) => diff(a[i], b[j]) === null;
    let start = 0;
    while (start < a.length && start < b.length && same(start, start)) start += 1;
    let end = 0;
    while (end < a.length - start && end < b.length - start && same(a.length - 1 - end, b.length - 1 - end)) end += 1;
    return [3, start, a.length - start - end, b.slice(start, b.length - end)];
  }
  return [0, b];
}

const MALFORMED = 'The host sent a malformed update.';

/** `base` with `patch` applied (a new value; base is not changed); throws if the patch is not one. */
export function patch(base, p) {
  if (p === null) return base;
  if (!Array.isArray(p)) throw new Error(MALFORMED);
  if (p[0] === 0 && p.length === 2) return p[1];
  if (p[0] === 1 && p.length === 3 && isObject(base) && isObject(p[1]) && Array.isArray(p[2])) {
    const out = { ...base };
    for (const k of p[2]) delete out[k];
    for (const [k, d] of Object.entries(p[1])) {
      if (k === '__proto__') throw new Error(MALFORMED);
      out[k] = patch(Object.hasOwn(base, k) ? base[k] : undefined, d);
    }
    return out;
  }
  if (p[0] === 2 && p.length === 2 && Array.isArray(base) && isObject(p[1])) {
    const out = base.slice();
    for (const [k, d] of Object.entries(p[1])) {
      const i = Number(k);
      if (!Number.isInteger(i) || i < 0 || i >= base.length) throw new Error(MALFORMED);
      out[i] = patch(base[i], d);
    }
    return out;
  }
  const [, start, count, items] = p;
  if (p[0] === 3 && p.length === 4 && Array.isArray(base) && Number.isInteger(start) && Number.isInteger(count)
    && start >= 0 && count >= 0 && start + count <= base.length && Array.isArray(items)) {
    return [...base.slice(0, start), ...items, ...base.slice(start + count)];
  }
  throw new Error(MALFORMED);
}
