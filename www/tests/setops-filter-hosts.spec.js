// The workbench's --include and --exclude take host names as a host list,
// and print, byte for byte, what `rscope R decode` prints for the same
// documents and options; an unknown host is refused in the CLI's words.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('filter by host names prints what rscope R decode prints', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]']).stdout;
  const b = cli(['R', 'encode', '-r', '6-7', '-c', '0-3', '-H', 'n[6-7]']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a], ['b.json', b]]);
  await rscope.combine('filter', ['A', 'B'], { 'setops-include': 'n[7,1-3]', 'setops-exclude': 'n2' });
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.tab('C')).toContainText('(A ∪ B) --include n[7,1-3] --exclude n2');
  expect(await rscope.shownText()).toBe(cli(['R', '--indent', 'decode', '-i', 'n[7,1-3]', '-x', 'n2'], a + b).stdout);

  await rscope.selectTab('A');
  await rscope.combine('filter', [], { 'setops-include': 'n[3-5]', 'setops-exclude': '' });
  const refused = cli(['R', 'decode', '-i', 'n[3-5]'], a + b);
  expect(refused.status).toBe(1);
  await expect(rscope.setopsRefusal).toContainText(refused.stderr.replace(/^rscope R: /, '').trim());
  await expect(rscope.setopsRefusal).toContainText("--include 'n[3-5]': invalid hosts: n[4-5]");
  expect(problems).toEqual([]);
});
