// `verify` on generated pairs: an R and one rank as found (as expected,
// with more, with fewer, under another host name, a rank the R lacks, two
// ranks). window.rscope.verify's verdict and message are what `rscope R
// verify` says by its status and on standard error, and a refusal is
// said in the same words.
import { test, expect, cli, said, inPage, compare, checkWarnings, announce, SEED } from './harness.js';
import { verifyCases } from './generate.js';

/**
 * `verify` prints nothing: its verdict is the status, and what it says
 * (the mismatch, or what the found rank has beyond the expected) is on
 * standard error. The page's verdict is {ok, message}; a refusal throws,
 * which the CLI says as a failing status too.
 */
function verdictOfCli(c) {
  const r = cli(['R', 'verify'], c.texts.join('\n'));
  return { status: r.status, message: said(r.stderr, 'rscope R'), stdout: r.stdout };
}

/** The page's verdict in the CLI's form. */
function verdictOfPage(a) {
  if ('error' in a) return { status: 1, message: a.error, stdout: '' };
  return { status: a.value.ok ? 0 : 1, message: a.value.message, stdout: '' };
}

test('verify answers in the page as rscope R verify does', async ({ page, rscope, problems }) => {
  announce('verify');
  await rscope.load();
  const cases = verifyCases(SEED);
  const raw = await inPage(page, cases.map((c) => ['verify', c.texts]));
  const printed = cases.map(verdictOfCli);
  await compare('verify', cases, raw.map(verdictOfPage), printed);
  checkWarnings('verify', cases, raw, true);
  expect(new Set(printed.map((v) => v.status)), 'verify: both verdicts').toEqual(new Set([0, 1]));
  expect(cases.some((c) => c.conflict), 'verify: a rank named differently').toBe(true);
  expect(problems).toEqual([]);
});
