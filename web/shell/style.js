// A game screen's own stylesheet, loaded on first use. Mounting waits for it: a screen laid out
// before its CSS applies measures the wrong boxes (the Water Works table is not yet a scroll
// box, so it cannot be scrolled to the valves) and flashes unstyled.
const loading = new Map();

/** Add the stylesheet at `href` once; resolves when it has applied (or failed to load). */
export function loadStyle(href) {
  const url = new URL(href, document.baseURI).href;
  if (!loading.has(url)) {
    loading.set(url, new Promise((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      // a missing stylesheet must not stop the game: the page still works, only plainer
      link.onload = link.onerror = () => resolve();
      document.head.append(link);
    }));
  }
  return loading.get(url);
}
