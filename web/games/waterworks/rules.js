// The rules of Water Works in our own words, shown from the Rules button, with pictures the
// table's renderer draws from positions the engine builds (pictures.js).
import { figures } from '../../shell/figures.js';

export const RULES_HTML = `
<div class="ww-rules">
<p><strong>Goal:</strong> be first to run one unbroken, leak-free pipeline from your
<em>valve</em> (on the right edge of the table) to your <em>spout</em>. The line needs at least
<strong>15 pipe cards</strong> with 2 players, <strong>12</strong> with 3 and <strong>10</strong>
with 4 (house rules can change this). You build from right to left.</p>
<h3>Your turn</h3>
<p>You draw a card automatically, so you hold six. Then make <strong>one</strong> play and you are back to five:</p>
<ul>
<li><strong>Lay a good pipe</strong> (copper or plain iron) on an open end of your own line.
Pick a card and the spots where it fits light up.</li>
<li><strong>Lay a leaky pipe</strong> on an opponent: after the last card of their line, or on
top of their last iron pipe of exactly the same shape. A line can carry only one leak at a time.</li>
<li><strong>Repair your leak</strong>: cover it with a good pipe of the same shape, or send one of
your two <em>plumbers</em> (the yellow discs) and discard a card.</li>
<li><strong>Discard</strong> a card face up.</li>
</ul>
${figures('leak-after', 'leak-on-top', 'copper', 'cover', 'plumber')}
<h3>Pipes</h3>
<ul>
<li><span class="ww-chip copper">Copper</span> never leaks. <span class="ww-chip iron">Iron</span> is good but
can be made to leak. <span class="ww-chip leaky">Leaky</span> pipes show cracks and drips.</li>
<li>Cards stay upright; you may <strong>turn one round 180°</strong> (button or <kbd>R</kbd>).
Pipes must join opening to opening, must stay on the table and may never block a line for good.</li>
<li>While your line leaks, you cannot extend it — except to cap an end of a leaky T.</li>
<li>A <strong>T</strong> splits your line in two. Before you can win, every other branch must be closed
with a <strong>cap card</strong>. Only the cap that touches the pipe counts (the others are shown faded).
Cap cards are not counted as pipes.</li>
</ul>
${figures('tee-cap')}
<h3>Winning</h3>
<p>When your line is long enough, leak-free and has a single open end, you add your spout — on its
own turn or straight after the card that finishes the line — and win. If the draw pile runs out
(after one reshuffle of the discards) nobody wins.</p>
${figures('spout')}
<h3>Keys</h3>
<ul class="ww-keys">
<li><kbd>1</kbd>–<kbd>6</kbd> or <kbd>Tab</kbd> + <kbd>Enter</kbd>: pick a card</li>
<li><kbd>←</kbd><kbd>↑</kbd><kbd>→</kbd><kbd>↓</kbd>: move between the lit spots; <kbd>Enter</kbd>: play there</li>
<li><kbd>R</kbd>: turn the card · <kbd>D</kbd>: discard it · <kbd>P</kbd>: plumber · <kbd>S</kbd>: spout · <kbd>Esc</kbd>: put the card back</li>
<li><kbd>+</kbd> / <kbd>−</kbd>: zoom the table</li>
</ul>
<h3>Playing with a screen reader</h3>
<p>The heading <strong>Table as text</strong> (after the table) holds the whole table in words:
each player's standing, the piles, and each line from its valve to its open ends, card by card.
Under <strong>Your moves</strong> every move you can make now is a button, grouped by the card
in your hand; or type a move in the field <strong>Type a move or a command</strong>:</p>
<ul class="ww-keys">
<li><kbd>1</kbd>: hear card 1's moves, numbered · <kbd>1 2</kbd>: play card 1's move 2</li>
<li><kbd>1 d</kbd>: discard card 1 · <kbd>1 p</kbd>: send a plumber, discarding card 1 · <kbd>s</kbd>: place your spout</li>
</ul>
<p>Command keys (anywhere but in a text field; typed in the field they work too):
<kbd>T</kbd> whose turn · <kbd>C</kbd> your cards · <kbd>M</kbd> your line · <kbd>O</kbd> /
<kbd>Shift+O</kbd> the next / previous opponent's line · <kbd>A</kbd> all players' pipes ·
<kbd>L</kbd> last move · <kbd>G</kbd> go to your moves · <kbd>/</kbd> go to the field ·
<kbd>?</kbd> keyboard help. Every move of every player is said in the log's words, one after
another at the bots' speed.</p>
</div>`;
