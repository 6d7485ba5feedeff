// Combine tabs reads each tab as its whole system: a flux resource list
// payload combines as the R it holds, and a tab that holds only a
// configuration combines as the R its [resource] config makes. The
// result is byte for byte what the command line in "Where tab C came
// from" prints: rscope system --r writes the tab's R, rscope R combines.
import { test, expect } from './fixtures.js';
import { cli, fixture } from './rscope.js';

test('a list payload tab combines as the R it holds', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '200-201', '-c', '0-3', '-H', 'x[0-1]']).stdout;
  const list = fixture('flux-resource/list/fluke.json');
  await rscope.load();
  await rscope.openTabs([['x.json', a], ['fluke.json', list]]);
  await rscope.combine('union', ['A', 'B']);
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  const r = cli(['system', '--r'], list).stdout;
  expect(await rscope.shownText()).toBe(cli(['R', '--indent', 'decode'], a + r).stdout);
  await rscope.showProvenance();
  const command = 'rscope system --r fluke.json > B.json && cat A.json B.json | rscope R --indent decode';
  await expect(rscope.provenance.getByTestId('provenance-command')).toHaveText(command);
  expect(problems).toEqual([]);
});

test('a tab that holds a configuration combines as the R it makes', async ({ rscope, problems }) => {
  const config = fixture('config/tiny/00-resource.toml') + fixture('config/tiny/10-bootstrap.toml');
  await rscope.load();
  await rscope.openFile('tiny.toml', config);
  await expect(rscope.tab('A')).toBeVisible();
  await rscope.combine('remap', ['A']);
  // Tab A held no document, only the configuration: the result takes its place.
  await expect(rscope.tab('A')).toContainText('remap A');
  const r = cli(['system', '--r'], config).stdout;
  expect(await rscope.shownText()).toBe(cli(['R', '--indent', 'remap'], r).stdout);
  expect(problems).toEqual([]);
});
