// The set operations on generated pairs of R: window.rscope.diff, intersect
// (with and without keepData), append and union answer as `rscope R diff`,
// `intersect [--keep-data]`, `append` and `decode` do on the same documents
// concatenated on standard input: the same text, or a refusal in the same
// words. The pairs include ranks that are one host in one document and
// another in the other.
import { test, expect, cli, said, inPage, compare, checkWarnings, announce, SEED } from './harness.js';
import { setopsCases } from './generate.js';

/** The JS API call of a set-operation case: [function, arguments]. */
function call(c) {
  switch (c.kind) {
    case 'diff': return ['diff', c.texts];
    case 'intersect': return ['intersect', [...c.texts, { keepData: c.keepData }]];
    case 'append': return ['append', c.texts];
    default: return ['union', c.texts];
  }
}

/** The CLI's arguments for a set-operation case (a union is `R decode`). */
function command(c) {
  switch (c.kind) {
    case 'intersect': return ['R', 'intersect', ...(c.keepData ? ['--keep-data'] : [])];
    case 'union': return ['R', 'decode'];
    default: return ['R', c.kind];
  }
}

/** The CLI's answer to a set-operation case: its R text, or its refusal. */
function fromCli(c) {
  const r = cli(command(c), c.texts.join('\n'));
  return r.status === 0 ? { out: r.stdout } : { error: said(r.stderr, 'rscope R') };
}

/** The page's answer in the same form. */
const fromPage = (a) => ('value' in a ? { out: a.value } : { error: a.error });

test('diff, intersect, append and union answer in the page as rscope R does', async ({ page, rscope, problems }) => {
  announce('set operations');
  await rscope.load();
  const cases = setopsCases(SEED);
  const raw = await inPage(page, cases.map(call));
  const answers = raw.map(fromPage);
  const printed = cases.map(fromCli);
  for (const kind of ['diff', 'intersect', 'append', 'union']) {
    const at = cases.flatMap((c, i) => (c.kind === kind ? [i] : []));
    await compare(kind, at.map((i) => cases[i]), at.map((i) => answers[i]), at.map((i) => printed[i]));
    checkWarnings(kind, at.map((i) => cases[i]), at.map((i) => raw[i]), true);
    // Each kind answers a fifth of its cases at least (append refuses most
    // pairs, which overlap) and has host-name conflicts to answer: a run
    // where everything is refused proves nothing.
    expect(at.filter((i) => 'out' in printed[i]).length, `${kind}: answers`).toBeGreaterThanOrEqual(at.length / 5);
    expect(at.some((i) => cases[i].conflict), `${kind}: a rank named differently`).toBe(true);
  }
  expect(cases.some((c, i) => c.kind === 'append' && 'error' in printed[i]), 'append: a refusal').toBe(true);
  expect(problems).toEqual([]);
});
