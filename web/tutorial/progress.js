// Tutorial progress on this device (localStorage 'pnd.tutorials.v1'): the step each
// tutorial was left at, and whether the first-visit offer was shown. Whatever is read back
// is checked: a damaged or foreign value counts as no progress, and a missing or blocked
// storage (private mode) simply remembers nothing.
const KEY = 'pnd.tutorials.v1';
const NAME = /^[a-z0-9-]{1,48}$/;

function read() {
  const empty = { version: 1, steps: {}, offered: false };
  let data;
  try { data = JSON.parse(localStorage.getItem(KEY) || 'null'); } catch { return empty; }
  if (!data || typeof data !== 'object' || data.version !== 1) return empty;
  const steps = {};
  if (data.steps && typeof data.steps === 'object' && !Array.isArray(data.steps)) {
    for (const [name, step] of Object.entries(data.steps)) {
      if (NAME.test(name) && Number.isInteger(step) && step >= 0 && step < 100) steps[name] = step;
    }
  }
  return { version: 1, steps, offered: data.offered === true };
}

function write(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); } catch { /* storage full or blocked */ }
}

/** The step to resume `name` at (0: from the start). */
export function savedStep(name) {
  const { steps } = read();
  return Object.hasOwn(steps, name) ? steps[name] : 0;
}

export function saveStep(name, step) {
  const data = read();
  data.steps[name] = step;
  write(data);
}

/** Finished or started over: the next visit begins at the first step. */
export function clearStep(name) {
  const data = read();
  delete data.steps[name];
  write(data);
}

export function wasOffered() { return read().offered; }

export function markOffered() {
  const data = read();
  data.offered = true;
  write(data);
}
