// The workbench's filters and rewrites give, byte for byte, what
// `rscope R` prints for the same documents and options: --include,
// --exclude and --properties (decode), set-property, remap and rerank.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('filters, set-property, remap and rerank print what rscope R prints', async ({ rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-3', '-c', '0-7', '-H', 'n[0-3]', '-p', 'big:0-1']).stdout;
  const b = cli(['R', 'encode', '-r', '6-7', '-c', '0-3', '-H', 'n[6-7]']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a], ['b.json', b]]);
  const runs = [
    ['filter', { 'setops-include': '1-6', 'setops-exclude': '2', 'setops-properties': '^big' },
      ['decode', '-i', '1-6', '-x', '2', '-p', '^big'], '(A ∪ B) --properties ^big --include 1-6 --exclude 2'],
    ['set-property', { 'setops-set-property': 'fast:6 slow' }, ['set-property', 'fast:6', 'slow'], '(A ∪ B) with fast:6 slow'],
    ['remap', {}, ['remap'], 'remap (A ∪ B)'],
    ['rerank', { 'setops-hostlist': 'n[7,6,3,2,1,0]' }, ['rerank', 'n[7,6,3,2,1,0]'], 'rerank (A ∪ B) by n[7,6,3,2,1,0]'],
  ];
  let letter = 'C';
  for (const [op, fields, args, name] of runs) {
    await rscope.selectTab('A');
    await rscope.combine(op, letter === 'C' ? ['A', 'B'] : [], fields);
    await expect(rscope.tab(letter)).toHaveAttribute('aria-selected', 'true');
    await expect(rscope.tab(letter)).toContainText(name);
    expect(await rscope.shownText()).toBe(cli(['R', '--indent', ...args], a + b).stdout);
    letter = String.fromCharCode(letter.charCodeAt(0) + 1);
  }
  expect(problems).toEqual([]);
});
