// Figures in a game's Rules dialog, drawn by that game's renderer: for each
// <figure data-picture="name"> in `body` the engine's `illustration` answer (the position,
// its caption and its text alternative) is handed to `draw(art, answer)`, which draws into the
// figure's picture box (`box`, the role="img" element, holds `art`) and returns how to let it
// go. The box is role="img" with the text
// alternative as its name; what is drawn inside is inert. An online guest's pictures come
// from its host (the answer is a public view). An engine that cannot answer leaves the
// caption and the words.
export async function fillFigures(body, engine, game, draw) {
  const releases = [];
  const figures = [...body.querySelectorAll('figure[data-picture]')];
  await Promise.all(figures.map(async (fig) => {
    const name = fig.dataset.picture;
    const art = fig.querySelector('.rules-pic-art');
    const res = await engine.call('illustration', { game, name });
    if (!res.ok || !fig.isConnected) {
      fig.dataset.drawn = 'no';
      fig.hidden = true;
      if (!res.ok) console.warn(`Rules picture ${name}: ${res.error.message}`);
      return;
    }
    const pic = res.result;
    art.setAttribute('aria-label', pic.alt);
    fig.querySelector('figcaption').textContent = pic.caption;
    const inner = document.createElement('div');
    inner.className = 'rules-pic-inner';
    inner.inert = true;
    art.append(inner);
    releases.push(draw(inner, pic, art));
    fig.dataset.drawn = 'yes';
  }));
  return () => { for (const release of releases) if (release) release(); };
}

/** The markup of a row of figures, named as in the game's picture file; their captions and
 *  text alternatives arrive with the positions. */
export function figures(...names) {
  return `<div class="rules-pics">${names.map((name) => `<figure class="rules-pic" data-picture="${name}" data-testid="picture-${name}">
    <div class="rules-pic-art" role="img" aria-label="Picture: drawing"></div><figcaption>…</figcaption></figure>`).join('')}</div>`;
}
