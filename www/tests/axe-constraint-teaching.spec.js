// The playground's reading of a constraint, and the explain card on a
// constraint document, have no accessibility violation in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

const doc = '{"not": [{"properties": ["^slow"]}]}';

for (const scheme of ['light', 'dark']) {
  test(`the constraint playground in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.playConstraint('gpu -host:foo3');
    await expect(rscope.play('canonical')).toHaveText('{"and": [{"properties": ["gpu"]}, {"not": [{"hostlist": ["foo3"]}]}]}');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test(`a constraint error in the playground in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.playConstraint('gpu and (');
    await expect(rscope.play('error')).toHaveText('unclosed parenthesis in position 8 (column 10)');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test(`the explain card on a constraint in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.caretOnConstraint(doc, '"^slow"');
    await expect(rscope.explainTitle).toHaveText('negated property');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the constraint playground does not widen the page', async ({ page, rscope, problems }) => {
    await rscope.load();
    await rscope.playConstraint('-slow');
    await expect(rscope.play('canonical')).toHaveText('{"not": [{"properties": ["slow"]}]}');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
