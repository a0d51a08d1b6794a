// trystero's MQTT strategy (npm @trystero-p2p/mqtt, with mqtt.js's browser build) as one ES
// module for the page (web/online/introducers.js imports it when a person chooses online
// play): the published package imports bare names a browser cannot resolve, so Rollup
// (already the site's bundler) joins them. Called by tools/vendor.py with the output path.
import { rollup } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';

const [out] = process.argv.slice(2);
const bundle = await rollup({
  input: '@trystero-p2p/mqtt',
  plugins: [
    // mqtt.js keeps its timers in a Worker made from a Blob, which the pages' worker-src
    // ('self') refuses (and says so in the console); its plain timers do the same work
    replace({ preventAssignment: true, delimiters: ['', ''], values: { 'resubscribe: false\n': 'resubscribe: false,\n\t\t\ttimerVariant: "native"\n' } }),
    nodeResolve({ browser: true, exportConditions: ['browser', 'import'] }),
  ],
  onwarn(warning, warn) { if (warning.code !== 'THIS_IS_UNDEFINED' && warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning); },
});
await bundle.write({ file: out, format: 'es' });
await bundle.close();
// an upgrade that moved the line the replacement looks for must not pass unnoticed
const { readFileSync } = await import('node:fs');
if (!readFileSync(out, 'utf8').includes('timerVariant: "native"')) throw new Error('vendor_trystero: mqtt.connect\'s options not found: update the replacement');
