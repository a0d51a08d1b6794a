// A frame sandboxed without allow-same-origin (<iframe sandbox="allow-scripts">) has no origin
// of its own ('null'): the browser refuses it the game's modules (fetched with CORS from
// 'null'; where a host allows them, the engine's worker, storage and the service worker are
// refused next, and Play would do nothing). This classic script, fetched without CORS, runs
// there all the same: it says why on the preview and to the host page (the documented `error`
// event, docs/embedding.md), hides Play, and marks the page so that web/embed.js, if it runs,
// does not offer it again.
(function sandboxed() {
  if (self.origin !== 'null' || window.parent === window) return;
  var text = 'This game cannot run in a frame sandboxed without its own origin: the browser '
    + 'refuses it its scripts, storage and game engine. The page that embeds it should add '
    + 'allow-same-origin to the frame\'s sandbox (sandbox="allow-scripts allow-same-origin").';
  document.documentElement.dataset.sandboxed = 'true';
  var box = document.getElementById('embed-message');
  if (box) { box.textContent = text; box.hidden = false; }
  var play = document.getElementById('embed-play');
  if (play) play.hidden = true; // a Play that could only fail
  try {
    window.parent.postMessage({ source: 'pipes-and-ducks', version: 1, type: 'error', message: text }, '*');
  } catch (err) { /* the host page is gone: the sentence is on the preview */ }
}());
