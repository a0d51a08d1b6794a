// The toast: one short sentence at the foot of the page (a refusal, a failed save, a hint),
// read out by screen readers, gone after a few seconds. Every part of the shell says things
// through this one element.
import { pageElement } from './page-element.js';

let hideTimer = 0;

export function showToast(message, ms = 5000) {
  const toast = pageElement('toast', 'toast', 'alert');
  toast.textContent = message;
  toast.hidden = false;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => { toast.hidden = true; }, ms);
}
