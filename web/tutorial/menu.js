// "Learn to play" in the menu: a button under each game card, and a one-time offer to a
// first-time visitor (someone with no saved games who has not been offered it before).
import * as progress from './progress.js';

export function wireTutorialMenu({ start, firstVisit }) {
  for (const b of document.querySelectorAll('button[data-tutorial]')) {
    b.addEventListener('click', () => {
      const offer = document.querySelector('#tutorial-offer');
      if (offer) offer.hidden = true;
      start(b.dataset.tutorial);
    });
  }
  const offer = document.querySelector('#tutorial-offer');
  if (!offer) return;
  offer.querySelector('[data-act=dismiss]').addEventListener('click', () => { offer.hidden = true; });
  if (firstVisit && !progress.wasOffered()) {
    offer.hidden = false;
    progress.markOffered();
  }
}
