// Elements the page keeps one of (the toast, the update banner): found by id, or made the first
// time with their class and role and added at the foot of the page.

/** The page's element `id`; `made(el)` fills a new one before it is added. */
export function pageElement(id, className, role, made = () => {}) {
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    el.className = className;
    el.setAttribute('role', role);
    made(el);
    document.body.append(el);
  }
  return el;
}
