// Saved games: an autosave after every move, the list in the menu (resume, export, delete),
// and import from a file. Each save lives under its own localStorage key, so a damaged
// entry or a refused import can never touch the others.
//
// A saved game (also the exported .json file):
//   {format: "pipes-and-ducks/saved-game", version: 1, id, game, title, players,
//    seats: [{name, controller, colour}], moveCount, over, result, createdAt, updatedAt,
//    record: {format: "pipes-and-ducks/record", version, game, options, seed, moves},
//    online?: {room, signaling, friends: [null | {key, name}]}}
// `online` is kept only by a host's autosave of an online table, so a reload reopens the same
// room and the friends' devices get their seats back (web/online/host.js persist()); an
// export leaves it out (seat keys stay on the host's device).
// The record (seed + options + move log) is the engine's own, replayed by engine.load.
// A bare record file (engine.record output) is accepted by import too.
import { SEAT_COLOURS, cleanController, cleanName } from './seats.js';
import { GAMES, isGame } from './games.js';

export const SAVE_FORMAT = 'pipes-and-ducks/saved-game';
export const SAVE_VERSION = 1;
export const RECORD_FORMAT = 'pipes-and-ducks/record';
const PREFIX = 'pnd.save.';
// A file longer than the engine reads (1,000,000 characters, py/gamecore/jsonvalues.py) is
// sent cut to one character over it, so the engine refuses it as too large.
const MAX_FILE_CHARS = 1_000_001;

function storage() {
  try { return window.localStorage; } catch { return null; }
}

function newId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `${Date.now().toString(36)}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const isCount = (n, lo, hi) => Number.isInteger(n) && n >= lo && n <= hi;
const ROOM = /^pnd-[0-9a-f]{20}$/;
const SEAT_KEY = /^[0-9a-f]{32}$/;

/** A stored online table checked field by field, or null (then the game resumes as a local
 *  one). The seat 0 is the host's; a friend's seat has a key (or null while free). The
 *  signaling address is checked again, as any address, before it is contacted (lobby.js). */
export function cleanTable(data, players) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  if (typeof data.room !== 'string' || !ROOM.test(data.room)) return null;
  if (typeof data.signaling !== 'string' || data.signaling.length > 300) return null;
  if (!Array.isArray(data.friends) || data.friends.length !== players || data.friends[0] !== null) return null;
  const friends = [];
  for (const f of data.friends) {
    if (f === null) { friends.push(null); continue; }
    if (!f || typeof f !== 'object' || (f.key !== null && !(typeof f.key === 'string' && SEAT_KEY.test(f.key)))) return null;
    friends.push({ key: f.key, name: typeof f.name === 'string' && f.name ? cleanName(f.name, friends.length) : '' });
  }
  if (!friends.some(Boolean)) return null;
  return { room: data.room, signaling: data.signaling, friends, hints: data.hints === true };
}

/**
 * A stored entry checked field by field: the save (its id is always its key's, its seats and
 * counts made sound), or null when it cannot be a saved game (no record of a known game).
 * Only the record decides what is replayed, and the engine checks it again on resume.
 */
function readEntry(key) {
  let data;
  try { data = JSON.parse(storage().getItem(key)); } catch { return null; }
  if (!data || typeof data !== 'object' || Array.isArray(data) || data.format !== SAVE_FORMAT) return null;
  const record = data.record;
  if (!record || typeof record !== 'object' || Array.isArray(record) || record.format !== RECORD_FORMAT
      || !isGame(record.game) || !Array.isArray(record.moves)) return null;
  const players = isCount(data.players, 1, 6) ? data.players
    : (Array.isArray(data.seats) && isCount(data.seats.length, 1, 6) ? data.seats.length : null);
  if (players === null) return null;
  const text = (v) => (typeof v === 'string' ? v.slice(0, 40) : '');
  const online = cleanTable(data.online, players);
  return {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    id: key.slice(PREFIX.length),
    game: record.game,
    title: GAMES[record.game].title,
    players,
    seats: cleanSeats(data.seats, players, online),
    moveCount: isCount(data.moveCount, 0, 1e6) ? data.moveCount : record.moves.length,
    over: data.over === true,
    result: data.result && typeof data.result === 'object' ? data.result : null,
    createdAt: text(data.createdAt),
    updatedAt: text(data.updatedAt),
    record,
    ...(online ? { online } : {}),
  };
}

function saveKeys() {
  const store = storage();
  const keys = [];
  try {
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key && key.startsWith(PREFIX)) keys.push(key);
    }
  } catch { /* storage blocked */ }
  return keys;
}

/** Remove the entries that cannot be saved games and return how many there were, so the
 * menu can say so once (they are unreadable: nothing a person could open is lost). */
export function dropDamaged() {
  if (!storage()) return 0;
  const damaged = saveKeys().filter((key) => !readEntry(key));
  for (const key of damaged) {
    try { storage().removeItem(key); } catch { /* storage blocked */ }
  }
  return damaged.length;
}

/** All saved games, most recent first (damaged entries are skipped). */
export function listSaves() {
  if (!storage()) return [];
  const saves = saveKeys().map(readEntry).filter(Boolean);
  return saves.sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)));
}

export function getSave(id) {
  if (typeof id !== 'string' || !storage()) return null;
  return readEntry(PREFIX + id);
}

/** Delete a save; returns it as it was stored (for the menu's Undo), or null. */
export function deleteSave(id) {
  const store = storage();
  try {
    if (!store) return null;
    const kept = store.getItem(PREFIX + id);
    store.removeItem(PREFIX + id);
    return kept;
  } catch { return null; /* storage blocked */ }
}

/** Put back a save the person just deleted, as it was stored (the menu's Undo): null when
 *  stored, else why not. */
export function restoreSave(id, stored) { return storeText(PREFIX + id, stored); }

/** Store a save: null when stored, else why not ('full' or 'unavailable'). Never makes room
 * by deleting another save: that is the person's choice (the menu lists them to delete). */
function writeSave(save) { return storeText(PREFIX + save.id, JSON.stringify(save)); }

function storeText(key, text) {
  const store = storage();
  if (!store) return 'unavailable';
  try {
    store.setItem(key, text);
    return null;
  } catch (err) {
    return err && (err.name === 'QuotaExceededError' || err.code === 22) ? 'full' : 'unavailable';
  }
}

/** A saved game's record replaced by the same game's newer one (its analysis worked out
 * while watching its replay, web/shell/analysis.js); false when it is not kept. */
export function keepRecord(id, record) {
  const save = getSave(id);
  if (!save || !record || record.game !== save.game || record.seed !== save.record.seed) return false;
  return writeSave({ ...save, record }) === null;
}

/** What a person is told when a game could not be saved, and what they can do. */
export const SAVE_FAILED = {
  full: "This game could not be saved: this browser's storage for the site is full. In the menu, export the saved games you want to keep and delete old ones; this game goes on meanwhile.",
  unavailable: 'This browser does not let the site store anything (private mode or blocked storage): games can be played, but they cannot be saved and are lost when the page closes.',
};

/** Does this browser refuse the site its storage (private mode, blocked storage)? Then games
 *  are played but not kept. A full storage is still read: a save says so when it fails. */
export function storageBlocked() {
  const store = storage();
  if (!store) return true;
  try { store.getItem(PREFIX); return false; } catch { return true; }
}

let blockedSaid = false;
/** Say once a page, not once a game, that nothing can be kept here: at the start (the menu)
 *  or when a game's first save finds it so. */
export function sayBlocked(toast) {
  if (blockedSaid) return;
  blockedSaid = true;
  toast(SAVE_FAILED.unavailable, 12_000);
}

/** Seats from outside (storage, a file, a link) made safe: names cleaned, known controllers
 * only; a friend's seat of a checked online table (cleanTable) is played from its device. */
export function cleanSeats(seats, players, online = null) {
  return Array.from({ length: players }, (_, i) => {
    const s = Array.isArray(seats) && seats[i] && typeof seats[i] === 'object' ? seats[i] : {};
    return {
      name: cleanName(s.name, i),
      controller: online && online.friends[i] ? 'remote' : cleanController(s.controller, i),
      colour: SEAT_COLOURS[i % SEAT_COLOURS.length],
    };
  });
}

// Saves are written one after another, in the order they were asked for: the engine answers
// asynchronously, and a game's first save must have named it before the next one looks.
let saving = Promise.resolve();

/**
 * Store the current state of an open engine game. `session` is the app's session
 * ({engine, id, game, players, seats, saveId?}); sets session.saveId the first time.
 * Resolves with the save, or null.
 */
export function autosave(session, options = {}) {
  const done = saving.then(() => store(session, options));
  saving = done.catch(() => null);
  return done;
}

async function store(session, { over = false, result = null } = {}) {
  const rec = await session.engine.record({ id: session.id });
  if (!rec.ok) return null;
  const snap = await session.engine.state({ id: session.id });
  const now = new Date().toISOString();
  const previous = session.saveId ? getSave(session.saveId) : null;
  const save = {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    id: session.saveId || newId(),
    game: session.game,
    title: isGame(session.game) ? GAMES[session.game].title : session.game,
    players: session.players,
    seats: session.seats.map(({ name, controller, colour }) => ({ name, controller, colour })),
    moveCount: snap.ok ? snap.result.moveCount : rec.result.moves.length,
    over: Boolean(over || (snap.ok && snap.result.over)),
    result: result ?? (snap.ok ? snap.result.result : null) ?? null,
    createdAt: previous ? previous.createdAt : now,
    updatedAt: now,
    record: rec.result,
  };
  const table = session.online && typeof session.online.persist === 'function' ? session.online.persist() : null;
  if (table) save.online = table;
  session.saveId = save.id;
  const failed = writeSave(save);
  if (failed) {
    if (session.onSaveFailed) session.onSaveFailed(failed, SAVE_FAILED[failed]);
    return null;
  }
  return save;
}

/**
 * What one engine game's save is written from: the fields store() reads, and its save id,
 * looked up when the save is written, not when it is asked for (the game's first save may
 * still be on its way then, and must not be made twice). A class, not an object literal with
 * `get saveId()`: V8 keeps the first accessors of a literal in an object shape it shares with
 * the session's own literal, for the page's whole life, and with them the first session and
 * its screen (e2e/test_robustness.py, test_leaving_games_releases_them_in_the_engine).
 */
class SaveTarget {
  constructor(fields, idOf, keepId) {
    Object.assign(this, fields);
    this.idOf = idOf;
    this.keepId = keepId;
  }

  get saveId() { return this.idOf(this.id); }

  set saveId(id) { this.keepId(this.id, id); }
}

/**
 * The session hooks the app hands to Match (through the game screen's session). Match calls
 * them as methods of its own copy of the session, so `this` names the engine game actually
 * played, also after a screen's "rematch" re-mounts with a new engine id: each engine game
 * gets its own saved game.
 */
export function autosaveHooks(session) {
  const saveIds = new Map();
  const idOf = (gid) => (saveIds.has(gid) ? saveIds.get(gid) : (gid === session.id ? session.saveId : undefined));
  const keepId = (gid, id) => saveIds.set(gid, id);
  const store = async (self, extra) => {
    const s = self && self.engine && self.id ? self : session;
    const { engine, id, game, players, seats, online } = s;
    const t = new SaveTarget({ engine, id, game, players, seats, online, onSaveFailed: session.onSaveFailed }, idOf, keepId);
    const saved = await autosave(t, extra);
    if (saved) {
      if (s.id === session.id) session.saveId = saved.id;
      session.latestSaveId = saved.id; // the game last played on this screen (after a rematch too)
      if (session.onSaved) session.onSaved(saved);
    }
  };
  return {
    onMove() { store(this); },
    onOver(snap) { store(this, { over: true, result: snap && snap.result }); },
  };
}

/** Reopen a saved game in the engine: resolves {ok, session: {...loaded, seats, saveId}} or {ok:false, message}. */
export async function resumeSave(engine, id) {
  const save = getSave(id);
  if (!save) return { ok: false, message: 'That saved game is no longer there.' };
  const loaded = await engine.load({ data: save.record });
  if (!loaded.ok) return { ok: false, message: `This saved game can't be opened: ${loaded.error.message}` };
  const session = { ...loaded.result, seats: cleanSeats(save.seats, loaded.result.players, save.online), saveId: save.id };
  if (save.online) session.table = save.online; // an online table to reopen (web/shell/online-tables.js)
  return { ok: true, session };
}

/** The file a player downloads: the saved game itself, pretty-printed. */
export function exportText(id) {
  const save = getSave(id);
  if (!save) return null;
  const kept = { ...save };
  delete kept.online; // the seat keys stay on this device
  return JSON.stringify(kept, null, 2);
}

export function exportFileName(save) {
  const stamp = String(save.updatedAt || '').slice(0, 16).replace(/[:T]/g, '-');
  return `pipes-and-ducks-${save.game}-${stamp || save.id}.json`;
}

export function downloadSave(id) {
  const save = getSave(id);
  if (!save) return false;
  const blob = new Blob([exportText(id)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = exportFileName(save);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return true;
}

/**
 * Check an imported file without storing anything: {ok, save} or {ok:false, message}.
 * The engine reads and replays it (readFile, py/arcade/savefile.py), so the site and the
 * command line refuse a file with the same sentence: unreadable or truncated JSON, foreign
 * files, future versions, unknown games, and records the engine will not replay.
 */
export async function checkImport(engine, text) {
  // Only a bound on what crosses to the engine; the engine says when a file is too large.
  const checked = await engine.readFile({ text: typeof text === 'string' ? text.slice(0, MAX_FILE_CHARS) : '' });
  if (!checked.ok) {
    const known = checked.error.code === 'bad_save' || checked.error.code === 'bad_request';
    return { ok: false, message: known ? checked.error.message : "That saved game can't be opened: the engine could not replay it." };
  }
  const file = checked.result;
  const now = new Date().toISOString();
  return {
    ok: true,
    save: {
      format: SAVE_FORMAT,
      version: SAVE_VERSION,
      id: newId(), // always a new entry: an import never overwrites another save
      game: file.game,
      title: isGame(file.game) ? GAMES[file.game].title : file.game,
      players: file.players,
      seats: cleanSeats(file.seats, file.players),
      moveCount: file.moveCount,
      over: file.over,
      result: file.result ?? null,
      createdAt: (typeof file.createdAt === 'string' && file.createdAt.slice(0, 40)) || now,
      updatedAt: now,
      record: file.record,
    },
  };
}

/** Import a file's text: stores it as a new saved game. {ok, save} or {ok:false, message}. */
export async function importText(engine, text) {
  const checked = await checkImport(engine, text);
  if (!checked.ok) return checked;
  const failed = writeSave(checked.save);
  if (failed === 'full') return { ok: false, message: 'There is no room left to store saved games in this browser: delete old saved games (export them first to keep them), then import again.' };
  if (failed) return { ok: false, message: 'This browser does not let the site store saved games here.' };
  return checked;
}
