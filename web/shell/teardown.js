// Letting a game screen go is the shell's job, done in one place per shell
// (web/shell/game-screen.js leaveScreen, web/embed.js closeOpen) before the next screen is
// shown: the screens only provide cleanup() and ask to leave through session.exit or
// session.rematch. A cleanup that fails must not keep the next screen out, so it is logged,
// not thrown.
export function tearDown(screen) {
  if (!screen || typeof screen.cleanup !== 'function') return;
  try { screen.cleanup(); } catch (err) { console.error(err); }
}

/**
 * Take a left screen's elements off the page (`box`: #game), the elements under the pointer
 * first, one by one from the innermost. After a modal dialog was closed with Escape (the
 * Rules, the end of a game) Chromium marks only part of the chain under the pointer as
 * hovered; removing the screen whole then leaves those marks set, and the document's table
 * of hovered elements holds the left screen alive, its canvases, listeners and game with it.
 * An element that is itself marked is unmarked when it is removed.
 */
export function clearScreen(box) {
  for (const el of [...box.querySelectorAll(':hover, :active')].reverse()) el.remove();
  box.replaceChildren();
}
