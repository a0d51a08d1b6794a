// A replay link (#replay=..., made by Share link in Saved games): checked, loaded by the
// engine, and shown from the deal, when the page opens with one or one is pasted later.
import engine from '../engine.js';
import * as saves from './saves.js';
import * as share from './share.js';
import { showToast } from './toast.js';
import { openGame } from './game-screen.js';
import { watchedNames } from './seats.js';

async function openReplayLink(hash) {
  const link = await share.readReplay(hash);
  history.replaceState(null, '', location.pathname + location.search); // once is enough
  if (!link.ok) { showToast(link.message); return; }
  try { await engine.ready; } catch { return; }
  const loaded = await engine.load({ data: link.record });
  if (!loaded.ok) { showToast(`This replay link can't be opened: ${loaded.error.message}`); return; }
  const snap = await engine.state({ id: loaded.result.id });
  if (!snap.ok || !snap.result.over) {
    engine.close({ id: loaded.result.id });
    showToast('This replay link holds a game that is not finished, so it is not shown.');
    return;
  }
  await openGame({ ...loaded.result, seats: watchedNames(saves.cleanSeats(link.seats, loaded.result.players)), replay: true });
}

export function wireReplayLinks() {
  if (share.isReplayHash(location.hash)) openReplayLink(location.hash);
  window.addEventListener('hashchange', () => { if (share.isReplayHash(location.hash)) openReplayLink(location.hash); });
}
