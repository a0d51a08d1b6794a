// Score cards (issue 24, docs/leaderboard.md). "Share your score" on a finished game's end
// screen and a score link opened in a fresh page show the same card: the seat's final city or
// the winning line, drawn by the game's own renderer, with the name, score, rank, faction,
// date and favourite buildings, and a QR code of the link. The engine makes the card and
// checks it (scoreCard, verifyScore): this module only shows what the engine said.
import { esc } from './frame.js';
import { loadStyle } from './style.js';
import { GAMES, firstGame, isGame } from './games.js';
import { SEAT_COLOURS } from './seats.js';
import { scoreLink, submitUrl } from './score-links.js';
import { copyField } from './copy.js';
import { scoreArtModule } from '../games/score-arts.js';
import { scoreWords, hintWords, takeBackWords, dayText, cardImageLines, PICTURE, qrCorner } from './score-words.js';

const VERIFIED = 'Verified: this game reaches this score.';

/**
 * Show a score card in a dialog. `made`: {card, link, buildings} from scoreCard (the end
 * screen: the name and favourites can be chosen, `remake({name, favourites})` asks the engine
 * again), or
 * `verified`: {card, result, link} from verifyScore (a link opened; `link` its fragment). Resolves with the button the
 * person pressed ('replay', 'deal', 'close').
 */
/** "Share your score" at the end of `match`'s game: the engine makes the card for the person's
 * seat (a daily deal's scored attempt is stamped with its date), and it is shown. */
export async function shareScore(match, say) {
  const { session } = match;
  const seats = session.seats.map((s) => s.controller);
  const humans = seats.map((c, i) => (c === 'human' ? i : -1)).filter((i) => i >= 0);
  const seat = humans.includes(match.viewer) ? match.viewer : humans[0];
  if (seat === undefined) { say('Only a person’s seat has a score card.'); return; }
  const { dailyOf } = await import('./daily-record.js');
  const daily = dailyOf(session);
  const name = session.seats[seat].name;
  const ask = ({ name: who, favourites } = {}) => match.engine.call('scoreCard', {
    id: session.id, seat, seats, name: who ?? name,
    date: daily ? daily.date : new Date().toISOString().slice(0, 10), daily: Boolean(daily && daily.scored),
    ...(favourites ? { favourites } : {}),
  });
  const first = await ask();
  if (!first.ok) { say(first.error.message); return; }
  await showScoreCard({ engine: match.engine, id: session.id, made: first.result, remake: ask });
}

export async function showScoreCard({ engine, id, made = null, verified = null, remake = null, actions = [] }) {
  await loadStyle(new URL('../styles/scores.css', import.meta.url));
  const card = (made || verified).card;
  const game = isGame(card.game) ? card.game : firstGame();
  const art = await scoreArtModule(game);
  const nameOf = await art.buildingNames();
  const dialog = document.createElement('dialog');
  dialog.className = 'frame-dialog wide score-dialog';
  dialog.dataset.testid = 'score-card-dialog';
  dialog.setAttribute('aria-labelledby', 'score-dialog-title');
  dialog.innerHTML = `
    <h2 id="score-dialog-title">${verified ? 'A shared score' : 'Share your score'}</h2>
    <div class="frame-dialog-body">
      ${verified ? `<p class="score-status verified" data-testid="score-status" role="status">✓ ${VERIFIED}</p>` : ''}
      <figure class="score-card" data-testid="score-card">
        <div class="score-art" aria-hidden="true"></div>
        <figcaption class="score-facts"></figcaption>
        <div class="score-qr" data-testid="score-qr"></div>
      </figure>
      <label class="score-name-field" hidden>Name on the card <input type="text" maxlength="32" autocomplete="nickname" data-testid="score-name-input"></label>
      <fieldset class="score-favourites" hidden><legend>Favourite buildings (up to 3)</legend><div class="score-chips"></div></fieldset>
      <label class="score-link-label">Score link <span class="muted score-link-size"></span>
        <textarea class="share-link" data-testid="score-link" readonly rows="3"></textarea></label>
      <p class="muted score-note" role="status"></p>
    </div>
    <div class="frame-dialog-actions"></div>`;
  document.body.append(dialog);
  dialog.showModal(); // open before drawing: the renderers size themselves to their box
  const $ = (s) => dialog.querySelector(s);
  let current = made || verified;
  let link = scoreLink((made || verified).link);
  const colours = card.seats.map((_, i) => SEAT_COLOURS[i % SEAT_COLOURS.length]);
  const drawn = await art.drawScoreArt($('.score-art'), { engine, id, seat: card.seat, colours }).catch((err) => { console.error(err); return null; });

  function facts() {
    const c = current.card;
    const w = scoreWords(c);
    const favs = c.favourites.map(nameOf);
    $('.score-facts').innerHTML = `
      <p class="score-game">${esc(GAMES[game].title)}${c.daily ? ' · <b>Daily deal</b>' : ''}</p>
      <p class="score-name" data-testid="score-name">${esc(c.name)}</p>
      <p class="score-big" data-testid="score-value"><b>${esc(w.big)}</b> ${esc(w.unit)}</p>
      <p class="score-line">${esc(w.line)}</p>
      <p class="score-date">${esc(dayText(c.date))}</p>
      <p class="score-hints" data-testid="score-hints">${esc(hintWords(c))}</p>
      <p class="score-hints" data-testid="score-takebacks">${esc(takeBackWords(c))}</p>
      ${c.claim.takebacks_revealed > 0 ? '<p class="score-line" data-testid="score-unranked">A move was taken back after a new card was seen, so this score goes on no leaderboard table.</p>' : ''}
      ${favs.length ? `<p class="score-favs"><span class="muted">Favourites</span> ${favs.map((f) => `<span class="score-fav">${esc(f)}</span>`).join('')}</p>` : ''}`;
    const area = $('.share-link');
    area.value = link;
    $('.score-link-size').textContent = `(${link.length.toLocaleString('en')} characters)`;
  }
  facts();
  const qrShown = await drawQr($('.score-qr'), link);

  if (made && remake) {
    // the name and the favourites are the person's to choose; the engine makes the card again
    const wish = { name: made.card.name, favourites: made.card.favourites };
    const again = async () => {
      const res = await remake(wish);
      if (!res.ok) { $('.score-note').textContent = res.error.message; return; }
      current = res.result;
      link = scoreLink(current.link);
      $('.score-note').textContent = '';
      facts();
      await drawQr($('.score-qr'), link);
    };
    const field = $('.score-name-field');
    field.hidden = false;
    field.querySelector('input').value = made.card.name;
    field.addEventListener('change', () => { wish.name = field.querySelector('input').value; again(); });
    const box = $('.score-favourites');
    box.hidden = !made.buildings.length;
    const chosen = new Set(made.card.favourites);
    for (const key of made.buildings) {
      const label = document.createElement('label');
      label.className = 'score-chip';
      label.innerHTML = `<input type="checkbox" value="${esc(key)}"${chosen.has(key) ? ' checked' : ''}> ${esc(nameOf(key))}`;
      box.querySelector('.score-chips').append(label);
    }
    box.addEventListener('change', (e) => {
      const picked = [...box.querySelectorAll('input')].filter((b) => b.checked).map((b) => b.value);
      if (picked.length > 3) { e.target.checked = false; $('.score-note').textContent = 'Pick up to three.'; return; }
      wish.favourites = picked;
      again();
    });
  }

  const buttons = [['copy', 'Copy link', true]];
  if (navigator.share) buttons.push(['share', 'Share…']);
  buttons.push(['image', 'Save image']);
  const submit = made ? await submitUrl(current.card, link) : null;
  if (submit) buttons.push(['submit', 'Submit to the leaderboard']);
  for (const a of actions) buttons.push(a);
  buttons.push(['close', verified ? 'Back to the menu' : 'Close']);
  if (!qrShown) $('.score-note').textContent = 'This game is too long for a QR code: share the link.';

  return new Promise((resolve) => {
    const done = (value) => { if (drawn) drawn.destroy(); dialog.close(); dialog.remove(); resolve(value); };
    for (const [value, label, primary] of buttons) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `btn${primary ? ' btn-primary' : ''}`;
      b.dataset.act = value;
      b.textContent = label;
      b.addEventListener('click', async () => {
        if (value === 'copy') {
          await copyField($('.share-link'), $('.score-note'));
        } else if (value === 'image') {
          download(await cardImage(current.card, drawn, link, nameOf), `pipes-and-ducks-${current.card.game}-${current.card.date}.png`);
        } else if (value === 'share') {
          await share(current.card, link, await cardImage(current.card, drawn, link, nameOf));
        } else if (value === 'submit') {
          window.open(await submitUrl(current.card, link), '_blank', 'noopener');
        } else {
          done(value);
        }
      });
      $('.frame-dialog-actions').append(b);
    }
    dialog.addEventListener('cancel', () => done('close'), { once: true });
    $('.frame-dialog-actions .btn-primary').focus();
  });
}

/** A refused score link: the sentence, and nothing of what the link claimed. */
export async function showScoreRefusal(message) {
  await loadStyle(new URL('../styles/scores.css', import.meta.url));
  const dialog = document.createElement('dialog');
  dialog.className = 'frame-dialog score-dialog';
  dialog.dataset.testid = 'score-card-dialog';
  dialog.innerHTML = `<h2>This score is not verified</h2>
    <p class="score-status refused" data-testid="score-status" role="alert"></p>
    <p class="muted">A score link carries its whole game; the engine replays it, and shows a score only when the game reaches it.</p>
    <div class="frame-dialog-actions"><button type="button" class="btn btn-primary" data-act="close">Back to the menu</button></div>`;
  dialog.querySelector('.score-status').textContent = message;
  document.body.append(dialog);
  return new Promise((resolve) => {
    const done = () => { dialog.close(); dialog.remove(); resolve('close'); };
    dialog.querySelector('button').addEventListener('click', done);
    dialog.addEventListener('cancel', done, { once: true });
    dialog.showModal();
    dialog.querySelector('button').focus();
  });
}

/** The QR code of `link` as SVG in `box` (vendored qrcode-generator); false when too long. */
async function drawQr(box, link) {
  try {
    const { default: qrcode } = await import('../vendor/qrcode/qrcode.mjs');
    const qr = qrcode(0, 'L');
    qr.addData(link);
    qr.make();
    box.innerHTML = qr.createSvgTag({ cellSize: 3, margin: 2, scalable: true, alt: 'QR code of the score link' });
    box.hidden = false;
    return true;
  } catch {
    box.replaceChildren();
    box.hidden = true;
    return false;
  }
}

/** The card as a 1200 x 630 PNG: the renderer's picture, the facts, the QR code. */
async function cardImage(card, drawn, link, nameOf) {
  const { width: W, height: H, textLeft, qr: box } = PICTURE;
  const c = document.createElement('canvas');
  c.width = W; c.height = H;
  const g = c.getContext('2d');
  const bg = g.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, '#0d3b4f'); bg.addColorStop(1, '#12506b');
  g.fillStyle = bg; g.fillRect(0, 0, W, H);
  const art = { x: 30, y: 30, w: 620, h: H - 60 };
  g.fillStyle = '#082633'; g.fillRect(art.x, art.y, art.w, art.h);
  if (drawn && drawn.canvas.width) {
    const s = Math.min(art.w / drawn.canvas.width, art.h / drawn.canvas.height);
    const w = drawn.canvas.width * s; const h = drawn.canvas.height * s;
    g.drawImage(drawn.canvas, art.x + (art.w - w) / 2, art.y + (art.h - h) / 2, w, h);
  }
  for (const line of cardImageLines(card, nameOf)) {
    g.fillStyle = line.colour; g.font = line.font;
    g.fillText(line.text, textLeft, line.y, line.width);
  }
  const qr = qrModules(link);
  if (qr) {
    const { size, margin } = box; const cell = size / qr.n;
    const corner = qrCorner(); const qx = corner.x + margin; const qy = corner.y + margin;
    g.fillStyle = '#fff'; g.fillRect(corner.x, corner.y, size + 2 * margin, size + 2 * margin);
    g.fillStyle = '#000';
    for (let r = 0; r < qr.n; r++) for (let col = 0; col < qr.n; col++) if (qr.dark(r, col)) g.fillRect(qx + col * cell, qy + r * cell, Math.ceil(cell), Math.ceil(cell));
  }
  return new Promise((resolve) => c.toBlob(resolve, 'image/png'));
}

let qrLib = null;
import('../vendor/qrcode/qrcode.mjs').then((m) => { qrLib = m.default; }).catch(() => {});

function qrModules(link) {
  if (!qrLib) return null;
  try {
    const qr = qrLib(0, 'L');
    qr.addData(link);
    qr.make();
    return { n: qr.getModuleCount(), dark: (r, c) => qr.isDark(r, c) };
  } catch { return null; }
}

function download(blob, name) {
  if (!blob) return;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

async function share(card, link, blob) {
  const w = scoreWords(card);
  const data = { title: 'Pipes & Ducks', text: `${card.name}: ${w.big} ${w.unit} in ${GAMES[card.game].title}${card.daily ? ` (daily deal ${card.date})` : ''}.`, url: link };
  const file = blob && new File([blob], `pipes-and-ducks-${card.date}.png`, { type: 'image/png' });
  try {
    if (file && navigator.canShare && navigator.canShare({ files: [file] })) await navigator.share({ ...data, files: [file] });
    else await navigator.share(data);
  } catch { /* the person closed the share sheet */ }
}
