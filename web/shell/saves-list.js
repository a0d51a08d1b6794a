// Saved games in the menu (the saves themselves are shell/saves.js): "Continue your game" at
// the top, and the list with Resume or View, Replay, Share link, Export and Delete for each,
// and Import from a file. Another tab's saves show up here as they change.
import engine from '../engine.js';
import * as saves from './saves.js';
import * as share from './share.js';
import { openGame } from './game-screen.js';
import { resumeOnline } from './online-tables.js';
import { withArticle } from './words.js';

const $ = (sel, el = document) => el.querySelector(sel);

function describe(save) {
  const when = new Date(save.updatedAt);
  const time = Number.isNaN(when.getTime()) ? '' : when.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
  const who = save.seats.map((s) => s.name).join(', ');
  const state = save.over ? 'finished' : `move ${save.moveCount}`;
  return { time, who, state };
}

/** "Continue your game" at the top of the menu: the latest unfinished saved game. */
function renderContinue(all) {
  const box = $('#continue');
  const latest = all.find((s) => !s.over);
  box.hidden = !latest;
  if (!latest) return;
  const { time, state } = describe(latest);
  const button = $('#continue-button');
  button.dataset.saveId = latest.id;
  $('.continue-what', box).textContent = `${latest.title} · ${latest.players === 1 ? 'solo' : `${latest.players} players`} · ${state}${time ? ` · ${time}` : ''}`;
}

export function renderSaves() {
  const list = $('#saves-list');
  if (!list) return;
  const all = saves.listSaves();
  renderContinue(all);
  $('#saves-empty').hidden = all.length > 0;
  if (saves.storageBlocked()) $('#saves-empty').textContent = saves.SAVE_FAILED.unavailable; // not 'every game is saved'
  list.replaceChildren(...all.map((save) => {
    const { time, who, state } = describe(save);
    const li = document.createElement('li');
    li.className = 'save';
    li.dataset.saveId = save.id;
    li.dataset.testid = 'save';
    li.innerHTML = `
      <div class="save-text">
        <span class="save-title"></span>
        <span class="save-meta"></span>
      </div>
      <div class="save-actions">
        <button type="button" class="btn btn-small btn-primary" data-act="resume"></button>
        <button type="button" class="btn btn-small" data-act="replay" hidden>Replay</button>
        <button type="button" class="btn btn-small" data-act="share" hidden>Share link</button>
        <button type="button" class="btn btn-small" data-act="export"></button>
        <button type="button" class="btn btn-small btn-quiet" data-act="delete"></button>
      </div>`;
    $('.save-title', li).textContent = `${save.title} · ${save.players === 1 ? 'solo' : `${save.players} players`} · ${state}`;
    $('.save-meta', li).textContent = [who, time].filter(Boolean).join(' — ');
    const label = `${save.title}, ${state}, ${time}`;
    const resume = $('[data-act=resume]', li);
    resume.textContent = save.over ? 'View' : 'Resume';
    resume.setAttribute('aria-label', `${resume.textContent} ${label}`);
    // A finished game can be watched again and shared (a game in progress never: its
    // record would show every hand).
    for (const act of ['replay', 'share']) {
      const b = $(`[data-act=${act}]`, li);
      b.hidden = !save.over;
      b.setAttribute('aria-label', `${b.textContent} ${label}`);
    }
    $('[data-act=export]', li).textContent = 'Export';
    $('[data-act=export]', li).setAttribute('aria-label', `Export ${label} as a file`);
    $('[data-act=delete]', li).textContent = 'Delete';
    $('[data-act=delete]', li).setAttribute('aria-label', `Delete ${label}`);
    return li;
  }));
}

function savesMessage(text, kind = 'info') {
  const box = $('#saves-message');
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = !text;
}

export async function resumeGame(id, extra = {}) {
  try { await engine.ready; } catch { return; }
  const res = await saves.resumeSave(engine, id);
  if (!res.ok) { savesMessage(res.message, 'error'); return; }
  savesMessage('');
  const { table, ...session } = res.session;
  if (table && !extra.replay) { await resumeOnline(session, table); return; }
  await openGame({ ...session, ...extra });
}

/** A finished saved game's replay link, shown under the list to copy. */
async function shareSave(id) {
  const save = saves.getSave(id);
  if (!save || !save.over) { savesMessage('Only a finished game can be shared.', 'error'); return; }
  const link = await share.replayLink(save.record, save.seats);
  savesMessage(`A link to the replay of this ${save.title} game (${link.length.toLocaleString('en')} characters); anyone who opens it watches the game:`);
  const field = document.createElement('input');
  field.type = 'text';
  field.readOnly = true;
  field.className = 'share-link';
  field.dataset.testid = 'share-link';
  field.setAttribute('aria-label', 'Replay link');
  field.value = link;
  $('#saves-message').append(' ', field);
  field.focus();
  field.select();
  try { await navigator.clipboard.writeText(link); } catch { /* selected: Ctrl+C copies it */ }
}

/** Delete at once (one click), and offer Undo until the next message: a delete by mistake
 *  is put back whole, under the same id. */
function deleteWithUndo(id) {
  const save = saves.getSave(id);
  const stored = saves.deleteSave(id);
  renderSaves();
  ($('#saves-list button') || $('#import-button')).focus();
  if (!save || !stored) { savesMessage(''); return; }
  savesMessage(`Deleted the saved ${save.title} game.`);
  const undo = document.createElement('button');
  undo.type = 'button';
  undo.className = 'btn btn-small';
  undo.dataset.testid = 'undo-delete';
  undo.textContent = 'Undo';
  undo.setAttribute('aria-label', `Undo: put back the saved ${save.title} game`);
  undo.addEventListener('click', () => {
    const why = saves.restoreSave(id, stored);
    renderSaves();
    if (why) { savesMessage(`The saved ${save.title} game could not be put back: this browser's storage refused it.`, 'error'); return; }
    savesMessage(`Put back the saved ${save.title} game.`);
    const again = $(`#saves-list [data-save-id="${CSS.escape(id)}"] button`);
    if (again) again.focus();
  });
  $('#saves-message').append(' ', undo);
}

export function wireSaves() {
  const list = $('#saves-list');
  list.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-act]');
    if (!button) return;
    const id = button.closest('.save').dataset.saveId;
    if (button.dataset.act === 'resume') resumeGame(id);
    else if (button.dataset.act === 'replay') resumeGame(id, { replay: true });
    else if (button.dataset.act === 'share') shareSave(id);
    else if (button.dataset.act === 'export') saves.downloadSave(id);
    else if (button.dataset.act === 'delete') deleteWithUndo(id);
  });
  const input = $('#import-file');
  $('#import-button').addEventListener('click', () => input.click());
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    input.value = '';
    if (!file) return;
    let text;
    try { text = await file.text(); } catch { savesMessage('That file could not be read.', 'error'); return; }
    try { await engine.ready; } catch { savesMessage('The game engine is not running, so the file cannot be checked.', 'error'); return; }
    const res = await saves.importText(engine, text);
    if (!res.ok) { savesMessage(res.message, 'error'); return; }
    renderSaves();
    savesMessage(`Imported ${withArticle(res.save.title)} game (${res.save.over ? 'finished' : `move ${res.save.moveCount}`}).`);
  });
  // Another tab saved or deleted a game.
  window.addEventListener('storage', (e) => { if (!e.key || e.key.startsWith('pnd.save.')) renderSaves(); });
  $('#continue-button').addEventListener('click', (e) => resumeGame(e.currentTarget.dataset.saveId));
}
