// What the differential specs share: the seed, the CLI run as a process,
// window.rscope called in bulk in the page, and the comparison that fails
// on any difference. Each answer is brought to one plain form on both
// sides ({out} or {error}, and the like) so that a difference is a
// difference of what the two print, not of how JavaScript and a process
// say it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { test, expect } from '../tests/fixtures.js';
import { seedOf } from './generate.js';

export { test, expect };

/** The seed of this run (RSCOPE_DIFF_SEED, or the fixed default). */
export const SEED = seedOf(process.env);

const root = new URL('../../', import.meta.url).pathname;

/**
 * The CLI: the newest of target/release and target/debug, so that the one
 * built last (scripts/test.sh's `cargo test` builds the debug one) answers.
 */
export const BINARY = ['target/release/rscope', 'target/debug/rscope']
  .map((p) => join(root, p))
  .filter(existsSync)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];

/**
 * Run the CLI with `input` on standard input: its status and both outputs.
 * A run that ends before reading its input (a bad shape is refused before
 * the R is read) leaves the write with EPIPE; its answer is still whole.
 */
export function cli(args, input = '') {
  expect(BINARY, 'build the rscope binary first (cargo build --release)').toBeTruthy();
  const r = spawnSync(BINARY, args, { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error && !(r.error.code === 'EPIPE' && r.status !== null)) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Standard error without the subcommand's `prefix: ` and the last newline. */
export const said = (stderr, prefix) => stderr.replace(new RegExp(`^${prefix}: `), '').replace(/\n$/, '');

/**
 * Call window.rscope[name](...args) for every [name, args] in the page at
 * once: its value, or its error's message and place (`line`, `column`),
 * and the warnings it wrote on the console. The API warns beside an
 * answer (two host names for one rank) where the CLI, reading one
 * standard input, keeps the first name silently; the warnings are
 * collected per call here and checked by [`checkWarnings`].
 */
export async function inPage(page, calls) {
  return page.evaluate((calls) => {
    const warn = console.warn;
    try {
      return calls.map(([name, args]) => {
        const warnings = [];
        console.warn = (...parts) => warnings.push(parts.map(String).join(' '));
        try {
          return { value: window.rscope[name](...args), warnings };
        } catch (e) {
          if (!(e instanceof Error)) return { error: `not an Error: ${String(e)}`, warnings };
          return { error: e.message, line: e.line, column: e.column, warnings };
        }
      });
    } finally {
      console.warn = warn;
    }
  }, calls);
}

/** A warning of the JS API about a rank with two host names. */
const TWO_NAMES = /^rscope\.[a-zA-Z]+: rank \d+ is \S+ in [A-Z] but \S+ in [A-Z][,:]/;

/**
 * The page warns about two host names for one rank exactly in the cases
 * whose documents give a rank two names (when `warns`, the set operations
 * over texts), and otherwise never: `decode`, `shape` and `fit` read one
 * text, as the CLI does, and say nothing beside their answer.
 */
export function checkWarnings(kind, cases, answers, warns) {
  const wrong = cases.flatMap((c, i) => {
    const w = answers[i].warnings;
    const right = warns && c.conflict ? w.length > 0 && w.every((x) => TWO_NAMES.test(x)) : w.length === 0;
    return right ? [] : [{ case: c.label, conflict: c.conflict, warnings: w }];
  });
  const warned = answers.filter((a) => a.warnings.length).length;
  console.log(`differential: ${kind}: ${warned} cases warned of a rank with two host names`);
  expect.soft(wrong.slice(0, 3), `${kind}: ${wrong.length} cases warn when they should not, or do not when they should (the first three)`).toEqual([]);
}

/**
 * Compare the page's answers with the CLI's, case by case, and fail (softly,
 * so every kind of a spec reports) on any difference. Prints the count of
 * cases and of differences, and how many of those have a rank with two
 * host names; the differing cases, with their texts, are written to the
 * test's output folder (and attached) so that one can be replayed by hand.
 */
export async function compare(kind, cases, fromPage, fromCli) {
  const at = cases.flatMap((c, i) => (isDeepStrictEqual(fromPage[i], fromCli[i]) ? [] : [i]));
  const differing = at.map((i) => ({ case: cases[i].label, conflict: cases[i].conflict, cli: fromCli[i], page: fromPage[i] }));
  const conflicts = differing.filter((d) => d.conflict).length;
  const named = cases.filter((c) => c.conflict).length;
  console.log(`differential: ${kind}: ${cases.length} cases (${named} with a rank named differently), `
    + `${differing.length} differ${differing.length ? ` (${conflicts} of them with a rank named differently)` : ''}`);
  if (differing.length) {
    const file = test.info().outputPath(`${kind}-differences.json`);
    writeFileSync(file, JSON.stringify(at.map((i, k) => ({ ...differing[k], input: cases[i] })), null, 2));
    await test.info().attach(`${kind}-differences.json`, { path: file, contentType: 'application/json' });
    console.log(`differential: ${kind}: every differing case, with its input, is in ${file}`);
  }
  expect.soft(differing.slice(0, 3).map(shortened), `${kind}: ${differing.length} of ${cases.length} cases answer differently in the page and the CLI (seed ${SEED}; the first three, long texts cut)`).toEqual([]);
}

/** The longest string shown in a failure; the file of differences has every byte. */
const SHOWN = 400;

/** `value` with each string longer than [`SHOWN`] cut, saying how much was left out. */
function shortened(value) {
  if (typeof value === 'string') return value.length > SHOWN ? `${value.slice(0, SHOWN)}… (${value.length - SHOWN} more characters)` : value;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v)]));
}

/** Print the seed once per spec, with how to run another. */
export function announce(spec) {
  console.log(`differential: ${spec}: seed ${SEED} (RSCOPE_DIFF_SEED overrides), CLI ${BINARY}`);
}
