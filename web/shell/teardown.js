// Letting a game screen go is the shell's job, done in one place per shell
// (web/shell/game-screen.js leaveScreen, web/embed.js closeOpen) before the next screen is
// shown: the screens only provide cleanup() and ask to leave through session.exit or
// session.rematch. A cleanup that fails must not keep the next screen out, so it is logged,
// not thrown.
export function tearDown(screen) {
  if (!screen || typeof screen.cleanup !== 'function') return;
  try { screen.cleanup(); } catch (err) { console.error(err); }
}
