// "Embed this game" in the menu: the <iframe> snippet a blogger pastes (embed.html with the
// menu's game and player count; docs/embedding.md), shown in a dialog with a copy button.
import { GAMES } from './games.js';
import { menu, playerCount } from './menu-settings.js';
import { copyField } from './copy.js';

const $ = (sel) => document.querySelector(sel);

export function embedSnippet(game = menu.game, players = playerCount()) {
  const url = new URL('embed.html', document.baseURI);
  url.search = new URLSearchParams({ game, players: String(players) }).toString();
  const title = `${GAMES[game].title} — Pipes & Ducks`;
  return `<iframe src="${url.href.replace(/&/g, '&amp;')}" title="${title.replace(/&/g, '&amp;')}" `
    + 'width="100%" height="680" style="max-width:760px;border:0" loading="lazy"></iframe>';
}

export function wireEmbed() {
  const dialog = $('#embed-dialog');
  const text = $('#embed-snippet');
  $('#embed-open').addEventListener('click', () => {
    text.value = embedSnippet();
    $('#embed-game-name').textContent = GAMES[menu.game].title;
    $('#embed-copied').textContent = '';
    dialog.showModal();
    text.focus();
    text.select();
  });
  $('#embed-copy').addEventListener('click', () => copyField(text, $('#embed-copied')));
  $('#embed-close').addEventListener('click', () => dialog.close());
}
