// The search helper: a second engine worker that plays half of each hard-bot decision's (and
// each hint's) playouts at the same time as the engine plays the other half (py/arcade/shares.py,
// docs/bots.md "Two engines"), and works out half of a post-game analysis's decisions
// (py/arcade/analysis_shares.py). Pyodide runs Python at about 0.55 times CPython's speed, and a
// decision's rounds are independent, so on a machine with a core to spare two interpreters
// buy the search twice the playouts in the same wall time.
//
// It is the same engine again (web/engine/script-element.js: py/bridge.py, pyscript.toml, the
// wheel and the start-up snapshot), started the first time a decision asks for a search, so a
// page that never meets a hard bot never pays for it; until it answers, and whenever it
// cannot, the engine searches alone, exactly as before. `?helper=off` keeps it off (`make
// bench` compares the two), and so does a machine with a single core or little memory.
//
// <html data-search-helper="off|starting|ready|failed"> tells tests and benchmarks where it is.
import { inTurn, workerScript, workerOf } from './script-element.js';
import { answerWasmRequests } from './wasm-ahead.js';

const root = document.documentElement;
const NAME = 'search-helper';

let dispatch = null;   // the helper's xworker.sync.dispatch once it answers
let starting = null;

// A second Pyodide holds about 90 MB (150 MB when it starts without the snapshot; docs/bots.md):
// a device that says it has under 4 GB (navigator.deviceMemory, where the browser tells) keeps
// that memory for the page rather than for a stronger bot.
const LEAST_MEMORY_GB = 4;

function wanted() {
  if (new URLSearchParams(location.search).get('helper') === 'off') return false;
  if ((navigator.deviceMemory ?? LEAST_MEMORY_GB) < LEAST_MEMORY_GB) return false;
  return (navigator.hardwareConcurrency || 1) >= 2;
}

async function boot() {
  root.dataset.searchHelper = 'starting';
  const xworker = await workerOf(workerScript(NAME));
  answerWasmRequests(xworker);
  // web/interpreter.mjs tells of a failed download beside PyScript's messages
  const failed = new Promise((_, reject) => xworker.addEventListener('message', ({ data }) => {
    if (data && typeof data === 'object' && data.pnd === 'failed') reject(new Error(String(data.message)));
  }));
  await Promise.race([xworker.ready, failed]);
  const send = (request) => xworker.sync.dispatch(request);
  const ping = JSON.parse(await send(JSON.stringify({ method: 'ping', params: {} })));
  if (!ping.ok) throw new Error(ping.error.message);
  dispatch = send;
  root.dataset.searchHelper = 'ready';
}

/** Start the helper once, if this machine should have one; never throws. */
export function startHelper() {
  if (!starting) {
    if (!wanted()) {
      root.dataset.searchHelper = 'off';
      starting = Promise.resolve();
    } else {
      starting = boot().catch((err) => {
        console.warn('The search helper did not start; the engine searches alone.', err);
        dispatch = null;
        root.dataset.searchHelper = 'failed';
      });
    }
  }
  return starting;
}

/** One request to the helper, one at a time; an envelope, never a rejection. */
const ask = inTurn(async () => dispatch, () => 'The search helper is not running.',
  'The search helper did not answer.');

// The plan of each method that goes in shares: a hard bot's decision and a hint (one search
// each); an analysis is many searches, worked a slice at a time (analyseInShares below).
const PLANS = { botMove: 'botPlan', hint: 'hintPlan' };

/**
 * `method` through the engine's `call`, in two shares when it has a budget and the helper is
 * up: the engine plans the shares (`plan`: botPlan, hintPlan), it and the helper play one each
 * (searchShare), and the engine adds the tallies up and answers (`method` with `tallies`).
 * Anything that does not go to plan falls back to the engine's own `method`, so a person never
 * sees the helper fail, only a search that ran in one engine.
 */
export async function inShares(call, method, params = {}) {
  if (method === 'analyse') return analyseInShares(call, params);
  const budgeted = params && (params.ms !== undefined || params.iterations !== undefined);
  if (!budgeted || !(method in PLANS)) return call(method, params);
  startHelper();
  if (!dispatch) return call(method, params);
  const planned = await call(PLANS[method], { ...params, shares: 2 });
  const shares = planned.ok ? planned.result.shares : null;
  if (!shares) return call(method, params);
  const [mine, theirs] = await Promise.all([call('searchShare', shares[0]), ask('searchShare', shares[1])]);
  if (mine.ok && theirs.ok) {
    const answer = await call(method, { ...params, tallies: [mine.result, theirs.result] });
    if (answer.ok) return answer;
  }
  return call(method, params);
}

// Analyses in shares under way, by game and budget: {shares, done: [result or null]}, or ALONE
// once a share was refused (the engine then finishes that analysis by itself).
const analyses = new Map();
const ALONE = 'alone';

/**
 * `analyse` a slice at a time (web/shell/analysis.js asks until it is complete), in two shares
 * when the helper is up: the engine cuts the game's decisions in two (analysisPlan), it and the
 * helper each work one part for the slice at the same time (analysisShare, from the game's
 * record), and when both parts are done the engine checks their rows and keeps them (`analyse`
 * with `rows`): the analysis it would have worked out alone, in about half the time. Every
 * decision's search has its own seed, so it is the same analysis either way.
 */
async function analyseInShares(call, params) {
  if (!params || params.ms === undefined) return call('analyse', params);
  const key = `${params.id} ${params.iterations ?? ''}`;
  let job = analyses.get(key);
  if (job === ALONE) return call('analyse', params);
  const alone = () => { analyses.set(key, ALONE); return call('analyse', params); };
  if (!job) {
    // planned first: a game that has its analysis already (a saved game's, a replay link's)
    // answers at once, without starting the helper
    const budget = params.iterations === undefined ? {} : { iterations: params.iterations };
    const planned = await call('analysisPlan', { id: params.id, ...budget });
    if (!planned.ok || !planned.result.shares) return call('analyse', params);
    await startHelper(); // an analysis takes a while: worth the helper's start (1-3 s, once)
    if (!dispatch) return alone();
    job = { shares: planned.result.shares, done: [null, null] };
    analyses.set(key, job);
  }
  const part = (i, send) => (job.done[i] ? { ok: true, result: job.done[i] }
    : send('analysisShare', { ...job.shares[i], ms: params.ms }));
  const answers = await Promise.all([part(0, call), part(1, ask)]);
  if (!answers.every((a) => a.ok)) return alone();
  answers.forEach((a, i) => { if (a.result.complete) job.done[i] = a.result; });
  if (job.done.every(Boolean)) {
    analyses.delete(key);
    const answer = await call('analyse', { ...params, rows: job.done.map((d) => d.rows) });
    return answer.ok ? answer : alone();
  }
  const [a, b] = answers.map((x) => x.result.progress);
  const progress = { done: (a.done + b.done) / 2, of: a.of };
  return { ok: true, result: { complete: false, progress, iterations: job.shares[0].iterations, shares: 2 } };
}
