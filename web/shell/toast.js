// The toast: one short sentence at the foot of the page (a refusal, a failed save, a hint),
// read out by screen readers, gone after a few seconds. Every part of the shell says things
// through this one element.
let hideTimer = 0;

export function showToast(message, ms = 5000) {
  let toast = document.querySelector('#toast');
  if (!toast) {
    toast = document.createElement('div');
    toast.id = 'toast';
    toast.className = 'toast';
    toast.setAttribute('role', 'alert');
    document.body.append(toast);
  }
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => { toast.hidden = true; }, ms);
}
