// Saved games: an autosave after every move, the list in the menu (resume, export, delete),
// and import from a file. Each save lives under its own localStorage key, so a damaged
// entry or a refused import can never touch the others.
//
// A saved game (also the exported .json file):
//   {format: "pipes-and-ducks/saved-game", version: 1, id, game, title, players,
//    seats: [{name, controller, colour}], moveCount, over, result, createdAt, updatedAt,
//    record: {format: "pipes-and-ducks/record", version, game, options, seed, moves}}
// The record (seed + options + move log) is the engine's own, replayed by engine.load.
// A bare record file (engine.record output) is accepted by import too.
import { CONTROLLERS, DEFAULT_NAMES, SEAT_COLOURS } from './seats.js';

export const SAVE_FORMAT = 'pipes-and-ducks/saved-game';
export const SAVE_VERSION = 1;
export const RECORD_FORMAT = 'pipes-and-ducks/record';
const PREFIX = 'pnd.save.';
const MAX_SAVES = 40;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const TITLES = { waterworks: 'Water Works', aqueducks: 'Aqueducks' };

function storage() {
  try { return window.localStorage; } catch { return null; }
}

function newId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `${Date.now().toString(36)}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function readEntry(key) {
  const store = storage();
  try {
    const save = JSON.parse(store.getItem(key));
    if (save && save.format === SAVE_FORMAT && save.id && save.record) return save;
  } catch { /* a damaged entry is skipped, never fatal */ }
  return null;
}

/** All saved games, most recent first (damaged entries are skipped). */
export function listSaves() {
  const store = storage();
  if (!store) return [];
  const saves = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key && key.startsWith(PREFIX)) {
      const save = readEntry(key);
      if (save) saves.push(save);
    }
  }
  return saves.sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)));
}

export function getSave(id) {
  return readEntry(PREFIX + id);
}

export function deleteSave(id) {
  const store = storage();
  if (store) store.removeItem(PREFIX + id);
}

function writeSave(save) {
  const store = storage();
  if (!store) return false;
  const text = JSON.stringify(save);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      store.setItem(PREFIX + save.id, text);
      return true;
    } catch {
      // Full: make room by dropping the oldest finished game (never an unfinished one).
      const finished = listSaves().filter((s) => s.over && s.id !== save.id);
      if (!finished.length) return false;
      deleteSave(finished[finished.length - 1].id);
    }
  }
  return false;
}

function prune() {
  const saves = listSaves();
  if (saves.length <= MAX_SAVES) return;
  const victims = [...saves.filter((s) => s.over), ...saves.filter((s) => !s.over)].reverse();
  for (const s of victims.slice(0, saves.length - MAX_SAVES)) deleteSave(s.id);
}

/** Seats from outside (a file, a link) made safe: names trimmed, known controllers only. */
export function cleanSeats(seats, players) {
  const ids = new Set(CONTROLLERS.map((c) => c.id));
  return Array.from({ length: players }, (_, i) => {
    const s = Array.isArray(seats) && seats[i] && typeof seats[i] === 'object' ? seats[i] : {};
    return {
      name: typeof s.name === 'string' && s.name.trim() ? s.name.trim().slice(0, 16) : DEFAULT_NAMES[i] || `Player ${i + 1}`,
      controller: ids.has(s.controller) ? s.controller : (i === 0 ? 'human' : 'bot:greedy'),
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
    title: TITLES[session.game] || session.game,
    players: session.players,
    seats: session.seats.map(({ name, controller, colour }) => ({ name, controller, colour })),
    moveCount: snap.ok ? snap.result.moveCount : rec.result.moves.length,
    over: Boolean(over || (snap.ok && snap.result.over)),
    result: result ?? (snap.ok ? snap.result.result : null) ?? null,
    createdAt: previous ? previous.createdAt : now,
    updatedAt: now,
    record: rec.result,
  };
  session.saveId = save.id;
  if (!writeSave(save)) return null;
  if (!previous) prune();
  return save;
}

/**
 * The session hooks the app hands to Match (through the game screen's session). Match calls
 * them as methods of its own copy of the session, so `this` names the engine game actually
 * played, also after a screen's "rematch" re-mounts with a new engine id: each engine game
 * gets its own saved game.
 */
export function autosaveHooks(session) {
  const saveIds = new Map([[session.id, session.saveId]]);
  const target = (self) => {
    const s = self && self.engine && self.id ? self : session;
    return { ...s, saveId: saveIds.has(s.id) ? saveIds.get(s.id) : undefined };
  };
  const store = async (self, extra) => {
    const t = target(self);
    const saved = await autosave(t, extra);
    if (saved) {
      saveIds.set(t.id, saved.id);
      if (t.id === session.id) session.saveId = saved.id;
      session.latestSaveId = saved.id; // the game last played on this screen (after a rematch too)
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
  return { ok: true, session: { ...loaded.result, seats: cleanSeats(save.seats, loaded.result.players), saveId: save.id } };
}

/** The file a player downloads: the saved game itself, pretty-printed. */
export function exportText(id) {
  const save = getSave(id);
  return save ? JSON.stringify(save, null, 2) : null;
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
 * Refuses, with a sentence for people: unreadable or truncated JSON, foreign files,
 * future versions, unknown games, and records the engine will not replay.
 */
export async function checkImport(engine, text) {
  const refuse = (message) => ({ ok: false, message });
  if (typeof text !== 'string' || !text.trim()) return refuse('That file is empty.');
  if (text.length > MAX_FILE_BYTES) return refuse('That file is far too large to be a Pipes & Ducks saved game.');
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse('That file is damaged or incomplete: it is not a whole saved game (invalid JSON).');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return refuse('That file is not a Pipes & Ducks saved game.');
  }
  let wrapper = null;
  let record = data;
  if (data.format === SAVE_FORMAT) {
    if (!Number.isInteger(data.version) || data.version < 1) return refuse('That saved game is damaged: its version is missing or wrong.');
    if (data.version > SAVE_VERSION) {
      return refuse(`That saved game was made by a newer version of Pipes & Ducks (save format ${data.version}; this page reads up to ${SAVE_VERSION}). Reload to update, then try again.`);
    }
    wrapper = data;
    record = data.record;
  }
  if (!record || typeof record !== 'object' || record.format !== RECORD_FORMAT) {
    return refuse('That file is not a Pipes & Ducks saved game.');
  }
  if (!TITLES[record.game]) return refuse(`That saved game is for a game this page doesn't have (${String(record.game).slice(0, 40)}).`);
  if (wrapper && wrapper.game !== record.game) return refuse('That saved game is damaged: its parts disagree about which game it is.');
  const loaded = await engine.load({ data: record });
  if (!loaded.ok) {
    const why = loaded.error.code === 'bad_save' || loaded.error.code === 'bad_request'
      ? loaded.error.message : 'the engine could not replay it.';
    return refuse(`That saved game can't be opened: ${why}`);
  }
  const snap = await engine.state({ id: loaded.result.id });
  engine.close({ id: loaded.result.id });
  const now = new Date().toISOString();
  return {
    ok: true,
    save: {
      format: SAVE_FORMAT,
      version: SAVE_VERSION,
      id: newId(), // always a new entry: an import never overwrites another save
      game: record.game,
      title: TITLES[record.game],
      players: loaded.result.players,
      seats: cleanSeats(wrapper && wrapper.seats, loaded.result.players),
      moveCount: snap.ok ? snap.result.moveCount : (record.moves || []).length,
      over: Boolean(snap.ok && snap.result.over),
      result: snap.ok ? snap.result.result ?? null : null,
      createdAt: (wrapper && typeof wrapper.createdAt === 'string' && wrapper.createdAt) || now,
      updatedAt: now,
      record,
    },
  };
}

/** Import a file's text: stores it as a new saved game. {ok, save} or {ok:false, message}. */
export async function importText(engine, text) {
  const checked = await checkImport(engine, text);
  if (!checked.ok) return checked;
  if (!writeSave(checked.save)) return { ok: false, message: 'There is no room left to store saved games in this browser.' };
  prune();
  return checked;
}
