// axe-core finds no accessibility violation in the page, in the light and
// the dark theme: empty, with each kind of example open (grid, tree,
// problems, status colours), and with a document large enough for the
// read-only viewer.
import { test, expect } from './fixtures.js';
import { example, violations } from './rscope.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));

const documents = {
  'an empty page': null,
  'the RFC 20 example': 'rfc20.json',
  'a graph': 'jgf.json',
  'a status document': 'status.json',
  'broken id sets': 'broken-idsets.json',
};

for (const scheme of ['light', 'dark']) {
  for (const [what, file] of Object.entries(documents)) {
    test(`${what} in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await rscope.load();
      if (file) {
        await rscope.fill(example(file));
        await expect(rscope.diagnostics.or(rscope.grid).first()).toBeVisible();
      }
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test(`a large document in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const doc = execFileSync('python3', [generator, '6000'], { maxBuffer: 64 << 20 }).toString();
    await rscope.load();
    await rscope.paste(doc);
    await expect(rscope.summary('nodes')).toHaveText('6000');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
