// A result tab says where it came from: opened from the keyboard, it names
// the operation, the input tabs as they were (and that a closed one is
// moved after a close), the options and the rscope R command line that
// prints its text. Tab names reach the page as text, never as HTML.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('a result tab shows where it came from', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]']).stdout;
  const b = cli(['R', 'encode', '-r', '6-7', '-c', '0-3', '-H', 'n[6-7]']).stdout;
  await rscope.load();
  await rscope.openTabs([['<i>a</i>.json', a], ['b.json', b], ['c.json', b]]);
  await rscope.combine('filter', ['A', 'B'], { 'setops-include': 'n[0-1,7]' });
  await expect(rscope.tab('D')).toHaveAttribute('aria-selected', 'true');
  await rscope.closeTab('C');
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  await rscope.showProvenance();
  await expect(rscope.provenance.locator('summary')).toHaveText('Where tab C came from: (A ∪ B) --include n[0-1,7]');
  await expect(rscope.provenance.getByTestId('provenance-operation')).toHaveText('filter');
  await expect(rscope.provenanceInputs).toHaveText(['A <i>a</i>.json — unchanged', 'B b.json — unchanged']);
  await expect(rscope.provenance.getByTestId('provenance-options')).toHaveText('--include n[0-1,7]');
  const command = "cat A.json B.json | rscope R --indent decode --include 'n[0-1,7]'";
  await expect(rscope.provenance.getByTestId('provenance-command')).toHaveText(command);
  expect(await rscope.shownText()).toBe(cli(['R', '--indent', 'decode', '--include', 'n[0-1,7]'], a + b).stdout);
  await expect(rscope.provenance.getByTestId('provenance-edited')).toHaveCount(0);
  expect(problems).toEqual([]);
});
