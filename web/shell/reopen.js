// A reload (or an update applied during a game) reopens the saved game that was on screen.
// sessionStorage: this tab only; a tab opened later starts at the menu.
import { getSave } from './saves.js';

const RESUME_KEY = 'pnd.resumeAfterUpdate';
// The saved game on screen in this tab: a reload reopens it.
const OPEN_KEY = 'pnd.openGame';

export function rememberOpen(id) {
  try { sessionStorage.setItem(OPEN_KEY, id); } catch { /* storage blocked */ }
}

export function forgetOpen() {
  try { sessionStorage.removeItem(OPEN_KEY); } catch { /* storage blocked */ }
}

/** An update is about to reload the page during the game saved as id: reopen it after. */
export function reopenAfterUpdate(id) {
  try { sessionStorage.setItem(RESUME_KEY, id); } catch { /* private mode */ }
}

/** At start: resume(id) the game this tab had on screen, if it is still saved. */
export function reopenAfterReload(resume) {
  let reopen = null;
  try {
    reopen = sessionStorage.getItem(RESUME_KEY) || sessionStorage.getItem(OPEN_KEY);
    sessionStorage.removeItem(RESUME_KEY);
  } catch { /* private mode */ }
  if (reopen && getSave(reopen)) resume(reopen);
  else forgetOpen();
}
