// A number the page takes from its address or, failing that, from localStorage: a test's or a
// slow device's budget (?think=, ?analyse=). Anything else, or nothing, gives null.

/** `?<param>=` in the address, else localStorage[key], as a number `ok` accepts, else null. */
export function pageSetting(param, key, ok) {
  try {
    const raw = new URLSearchParams(location.search).get(param) ?? localStorage.getItem(key);
    const n = Number(raw);
    return raw !== null && Number.isFinite(n) && ok(n) ? n : null;
  } catch { return null; }
}
