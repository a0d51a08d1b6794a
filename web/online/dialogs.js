// Online play's dialogs: each made once and kept in the page, and a dialog that asks a
// question resolves with the button the person pressed.
const $ = (sel, el = document) => el.querySelector(sel);

/** One of online play's dialogs, made once and kept in the page (its title is `${id}-title`). */
export function newDialog(id, html) {
  const dialog = document.createElement('dialog');
  dialog.id = id;
  dialog.className = 'frame-dialog wide';
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.innerHTML = html;
  document.body.append(dialog);
  return dialog;
}

/** The dialog `id` (made from `html` the first time) opened as a question: resolves with the
 *  `data-act` of the button pressed, or 'cancel' when it is closed otherwise (Escape). */
export function ask(id, html, fill = () => {}) {
  const dialog = $(`#${id}`) || newDialog(id, html);
  fill(dialog);
  return new Promise((resolve) => {
    const pressed = (e) => {
      const b = e.target.closest('button[data-act]');
      if (b) dialog.close(b.dataset.act);
    };
    dialog.addEventListener('click', pressed);
    dialog.addEventListener('close', () => {
      dialog.removeEventListener('click', pressed);
      resolve(dialog.returnValue || 'cancel');
    }, { once: true });
    dialog.returnValue = '';
    dialog.showModal();
    $('.btn-primary', dialog)?.focus();
  });
}
