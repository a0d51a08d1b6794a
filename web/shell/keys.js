// Key hints only where there is a keyboard to press them. A text marks a key hint in square
// brackets ("press Turn [or R]", "send a plumber [P]", in code and in tutorial data alike): a
// device with a mouse or trackpad shows it in parentheses, "press Turn (or R)"; a device whose
// only pointer is a finger (a phone, a tablet) drops it, and "click" there reads "tap".

/** Whether the device has no fine pointer (and so, as far as a page can tell, no keyboard). */
export function touchOnly() {
  return typeof matchMedia === 'function' && !matchMedia('(any-pointer: fine)').matches;
}

/** `text` with its [key hints] shown for this device. */
export function keyHints(text) {
  if (!touchOnly()) return String(text).replace(/\[([^\]]*)\]/g, '($1)');
  return String(text).replace(/\s*\[[^\]]*\]/g, '').replace(/\bclick\b/g, 'tap').replace(/\bClick\b/g, 'Tap');
}
