// The playground reads a host list step by step, says where one is wrong,
// and combines two as `flux hostlist -i` does, all from the keyboard.
import { test, expect } from './fixtures.js';

test('the playground reads and combines host lists by keyboard', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.playText.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('node[1-4,7]');
  await expect(rscope.play('canonical')).toHaveText('node[1-4,7]');
  await expect(rscope.play('count')).toHaveText('5');
  await expect(rscope.play('members')).toHaveText('node1, node2, node3, node4, node7');
  await expect(rscope.play('steps')).toHaveText([
    "'node[1-4,7]': prefix 'node', numbers 1, 2, 3, 4 and 7, so 5 hosts",
    'so 5 hosts, written node[1-4,7]',
  ]);
  // The second list and the operation, reached with Tab.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('node[3-9]');
  await page.keyboard.press('Tab');
  await rscope.playOp.selectOption('intersect');
  await expect(rscope.play('result')).toHaveText("flux hostlist -i 'node[1-4,7]' 'node[3-9]' gives node[3-4,7]");
  // A broken list says what and where.
  await rscope.playText.fill('node[1-');
  await expect(rscope.play('error')).toHaveText("unclosed '[' (column 5)");
  await expect(rscope.play('marked')).toHaveText('node>>[<<1-');
  expect(problems).toEqual([]);
});

test('the playground enumerates an RFC 45 range', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.playFormat.selectOption('range');
  await rscope.playText.fill('2-8:2:*');
  await expect(rscope.play('canonical')).toHaveText('2-8:2:*');
  await expect(rscope.play('members')).toHaveText('2, 4, 8');
  await expect(rscope.play('steps')).toHaveText(['from 2', 'up to 8', 'each next count: multiply by 2']);
  expect(problems).toEqual([]);
});
