// Shapes and fit on generated input: window.rscope.shape answers as
// `rscope shape` with the same options (its expansion, or the same error
// at the same column), and window.rscope.fit as `rscope fit` (the same
// text and verdict, the same R with `--r`, the same refusal) for shapes
// fitted into generated R and status documents under every policy.
import { test, expect, cli, said, inPage, compare, checkWarnings, announce, SEED } from './harness.js';
import { shapeCases, fitCases } from './generate.js';

/** `rscope shape`'s flags for the JS API's options. */
const flags = (o) => [
  ...(o.yaml ? ['--yaml'] : []), ...(o.rangedict ? ['--rangedict'] : []),
  ...(o.wrapresources ? ['--wrapresources'] : []), ...(o.label ? ['--label', o.label] : []),
];

/**
 * An error placed on a shape, in the form both sides are compared in: the
 * message without its place, and the column. The CLI ends the message with
 * `at column C` (and `rscope shape` draws a caret under column C); the JS
 * API ends it with `at line 1, column C` and sets `line` and `column`.
 */
function placed(error, column) {
  const suffix = ` at column ${column}`;
  return error.endsWith(suffix) ? { error: error.slice(0, -suffix.length), column } : { error, column };
}

/** The CLI's error: its first line placed at the column the message names, or its caret's. */
function placedOfCli(stderr) {
  const [message, , caret] = said(stderr, 'rscope').split('\n');
  const named = message.match(/ at column (\d+)$/);
  if (caret === undefined) return named ? placed(message, Number(named[1])) : { error: message };
  return placed(message, caret.indexOf('^') - 1);
}

/** The JS API's error in the same form: its place taken out of the message. */
function placedOfPage(a) {
  if (a.column === undefined) return { error: a.error };
  const suffix = ` at line ${a.line}, column ${a.column}`;
  const error = a.error.endsWith(suffix) ? `${a.error.slice(0, -suffix.length)} at column ${a.column}` : a.error;
  return placed(error, a.column);
}

/** The CLI's expansion of a shape, or its error. */
function shapeOfCli(c) {
  const r = cli(['shape', ...flags(c.options), '--', c.shape]);
  return r.status === 0 ? { out: r.stdout } : placedOfCli(r.stderr);
}

/** The page's expansion in the same form. */
const shapeOfPage = (a) => ('value' in a ? { out: a.value } : placedOfPage(a));

const VERDICTS = { 0: 'now', 3: 'notnow', 4: 'never' };

/**
 * `rscope fit`'s answer: the verdict (its status), what it prints, and,
 * when it fits now, the R `--r` prints; or its refusal, placed as a
 * shape's error is when it is one.
 */
function fitOfCli(c) {
  const args = ['fit', '--policy', c.options.policy, ...(c.options.requires ? ['--requires', c.options.requires] : []), '--', c.shape];
  const r = cli(args, c.text);
  if (!(r.status in VERDICTS)) return placedOfCli(r.stderr);
  const R = r.status === 0 ? cli(['fit', '--r', ...args.slice(1)], c.text).stdout : null;
  return { status: VERDICTS[r.status], text: r.stdout, R };
}

/** The page's fit in the same form. */
function fitOfPage(a) {
  if ('error' in a) return placedOfPage(a);
  return { status: a.value.status, text: a.value.text, R: a.value.R };
}

test('shape and fit answer in the page as rscope shape and rscope fit do', async ({ page, rscope, problems }) => {
  announce('shape and fit');
  await rscope.load();
  const shapes = shapeCases(SEED);
  const rawShapes = await inPage(page, shapes.map((c) => ['shape', [c.shape, c.options]]));
  const expanded = rawShapes.map(shapeOfPage);
  const printed = shapes.map(shapeOfCli);
  await compare('shape', shapes, expanded, printed);
  checkWarnings('shape', shapes, rawShapes, false);
  expect(printed.filter((p) => 'out' in p).length, 'shape: expansions').toBeGreaterThanOrEqual(shapes.length / 2);
  expect(printed.some((p) => 'error' in p), 'shape: an error').toBe(true);

  const fits = fitCases(SEED);
  const rawFits = await inPage(page, fits.map((c) => ['fit', [c.shape, c.text, c.options]]));
  const fitted = rawFits.map(fitOfPage);
  const answered = fits.map(fitOfCli);
  await compare('fit', fits, fitted, answered);
  checkWarnings('fit', fits, rawFits, false);
  // Every verdict and a refusal occur among the generated cases.
  expect(new Set(answered.map((a) => a.status ?? 'refused')), 'fit: every verdict')
    .toEqual(new Set(['now', 'notnow', 'never', 'refused']));
  expect(problems).toEqual([]);
});
