// Intersect with --keep-data checked opens A ∩ B --keep-data, holding
// exactly what `rscope R intersect --keep-data` prints: the first tab's
// properties stay.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('intersect keeping the first tab\'s data prints what rscope R intersect --keep-data prints', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]', '-p', 'big:2-3']).stdout;
  const b = cli(['R', 'encode', '-r', '2-5', '-c', '4-11', '-H', 'n[2-5]']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a], ['b.json', b]]);
  await rscope.combine('intersect', ['A', 'B'], { 'setops-keep-data': true });
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.tab('C')).toContainText('A ∩ B --keep-data');
  const kept = cli(['R', '--indent', 'intersect', '--keep-data'], a + b).stdout;
  expect(kept).toContain('"properties": {\n      "big": "2-3"\n    }');
  expect(await rscope.shownText()).toBe(kept);
  expect(problems).toEqual([]);
});
