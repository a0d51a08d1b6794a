// How to play, in our own words (shown by the frame's Rules button).
import { icon } from './icons.js';
import { figures } from '../../shell/figures.js';

export const RULES_HTML = `
<div class="aq-rules">
<p><b>Goal.</b> Build a city of duck-Roman buildings over four eras and win the Pondifex's ${icon('favour')} Favour by donating ${icon('duckat')} duckats.
Most Favour wins; ties go to the most duckats. Solo: score as many duckats as you can.</p>
<h3>Your city</h3>
<p>The city is 3 districts wide and 5 rows long, up to 3 storeys high. A <b>district</b> is two buildings back to back: one faces left, one faces right.
A district on storey 2 or 3 stands on the two districts below it, with a third card from your hand laid flat as a <b>bridge</b>.</p>
<p><b>Active or hidden.</b> Look along each storey of each row from the left edge: the first left face you see is <b>active</b>; the same from the right.
Faces behind another district are <b>hidden</b> (hatched, crossed eye): they give nothing. A lone district shows both faces. The overview draws these sight lines with an eye at each edge.</p>
${figures('hidden-face', 'bridge')}
<p><b>Adjacent</b> means next to it in the left or right picture: the same storey in the next row, or the storey above or below. Hover or focus a building to see its neighbours. ${icon('water')} Water buildings <b>douse</b> their neighbours; a ${icon('douse')} card must be placed doused.</p>
${figures('dousing')}
<h3>An era</h3>
<ol>
<li><b>Build</b> (5 times, everyone at once): pick two cards from your hand and a place. Active faces need the resources on their banner (never spent) and a legal storey; a face going into a hidden space needs nothing.</li>
<li><b>Publican visit</b> (twice): in Faith order each player may put a cube on a free donation space and pay its duckats. Higher Military pushes lower cubes to the right (strong-arming). Gain the Favour under your cube, +1 per Luxury.
${figures('strong-arm')}</li>
<li><b>End of Era</b>: ${icon('era_end')} abilities pay out.</li>
<li><b>Protect</b>: choose districts to keep (1, then 2, then 3). Upper districts need their supporters protected too.</li>
<li><b>Downfall</b>: every unprotected district falls; all cards go to your discard.</li>
<li><b>Draft</b>: take one card from a hand of new buildings and pass the rest on, until all are taken. Then shuffle and draw a new hand.</li>
</ol>
<p>Era 4 ends after its second Publican visit. Solo has no Publican: five builds, End of Era, Protect, Downfall and a Draft of 6 cards from 10.</p>
<h3>Keys</h3>
<ul>
<li><b>Tab</b> moves between controls; <b>Enter</b>/<b>Space</b> choose.</li>
<li><b>1</b>, <b>2</b>, <b>3</b>: overview, left view, right view. Arrow keys move between buildings in the city.</li>
<li><b>Esc</b>: undo the last step of a build. <b>S</b>: swap which card faces left. <b>B</b>: next bridge card.</li>
</ul>
</div>`;
