// `R decode` on generated documents, one or two concatenated, with
// combinations of its options: window.rscope.decode(text, options) gives
// what `rscope R decode` prints with the same flags, or throws what it
// refuses with (`decode: ` and the CLI's message).
import { test, expect, cli, said, inPage, compare, checkWarnings, announce, SEED } from './harness.js';
import { decodeCases } from './generate.js';

/** `rscope R decode`'s flags for the JS API's options. */
const flags = (o) => [
  ...(o.short ? ['--short'] : []), ...(o.nodelist ? ['--nodelist'] : []), ...(o.ranks ? ['--ranks'] : []),
  ...(o.count ? ['--count', o.count] : []), ...(o.include ? ['--include', o.include] : []),
  ...(o.exclude ? ['--exclude', o.exclude] : []), ...(o.properties ? ['--properties', o.properties] : []),
];

/** The CLI's answer: what it prints, or its refusal as the JS API words it. */
function fromCli(c) {
  const r = cli(['R', 'decode', ...flags(c.options)], c.text);
  return r.status === 0 ? { out: r.stdout } : { error: `decode: ${said(r.stderr, 'rscope R')}` };
}

/** The page's answer in the same form. */
const fromPage = (a) => ('value' in a ? { out: a.value } : { error: a.error });

test('decode answers in the page as rscope R decode does, option by option', async ({ page, rscope, problems }) => {
  announce('decode');
  await rscope.load();
  const cases = decodeCases(SEED);
  const raw = await inPage(page, cases.map((c) => ['decode', [c.text, c.options]]));
  const answers = raw.map(fromPage);
  const printed = cases.map(fromCli);
  await compare('decode', cases, answers, printed);
  checkWarnings('decode', cases, raw, false);
  // Both answers and refusals (unknown hosts, bad id sets, bad property lists) are exercised.
  expect(printed.filter((p) => 'out' in p).length, 'decode: answers').toBeGreaterThanOrEqual(cases.length / 2);
  expect(printed.some((p) => 'error' in p), 'decode: a refusal').toBe(true);
  expect(problems).toEqual([]);
});
