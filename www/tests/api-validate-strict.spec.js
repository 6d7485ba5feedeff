// The JS API's validate reads RFC 40 as the CLI does: what Fluxion's
// graphs leave out is a note, and {strictRfc40: true} (the CLI's
// --strict-rfc40) makes each a warning; a wrong option is refused.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('validate takes the strict reading of RFC 40 as an option', async ({ page, rscope, problems }) => {
  await rscope.load();
  const doc = example('jgf.json');
  const seen = await page.evaluate((doc) => {
    const severities = (options) => window.rscope.validate(doc, options).map((f) => f.severity);
    let refused = null;
    try { window.rscope.validate(doc, { strictRfc40: 'yes' }); } catch (e) { refused = e.message; }
    return { lenient: severities(), strict: severities({ strictRfc40: true }), refused };
  }, doc);
  expect(seen.lenient).toEqual(['note', 'note', 'note']);
  expect(seen.strict).toEqual(['warning', 'warning', 'warning']);
  expect(seen.refused).toBe('validate: option strictRfc40 must be a boolean, not a string');
  expect(problems).toEqual([]);
});
