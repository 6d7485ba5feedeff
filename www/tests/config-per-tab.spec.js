// Each tab holds its own configuration, since a tab is one system: the
// tab shown shows its own, a tab opened from another starts with that
// one's, a reload brings each back, and the one configuration an older
// page kept for all its tabs goes to the tab shown.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

const DEBUG = '[queues.debug]\nrequires = ["debug"]\n';
const BATCH = '[queues.batch]\n';

/** Tab A the RFC 20 example with DEBUG, tab B the laptop with BATCH. */
async function twoSystems(rscope) {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConfig(DEBUG);
  await rscope.openFile('laptop.json', example('laptop.json'));
  await expect(rscope.configText).toHaveValue(DEBUG);
  await rscope.typeConfig(BATCH);
}

test('switching tabs shows the configuration of the tab shown', async ({ rscope, problems }) => {
  await twoSystems(rscope);
  await rscope.selectTab('A');
  await expect(rscope.configText).toHaveValue(DEBUG);
  await expect(rscope.queueConfig.getByTestId('queue-config-tab')).toHaveText(
    "This is tab A's configuration: each tab keeps its own, saved and shared with it, and a tab opened from this one starts with it.");
  expect(problems).toEqual([]);
});

test('a tab opened from another starts with its configuration', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  await rscope.typeConfig(DEBUG);
  await rscope.openFile('laptop.json', example('laptop.json'));
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.configText).toHaveValue(DEBUG);
  await expect(rscope.queueConfig.getByTestId('queue-config-tab')).toContainText("This is tab B's configuration");
  expect(problems).toEqual([]);
});

test('a reload brings back each tab with its own configuration', async ({ page, rscope, problems }) => {
  await twoSystems(rscope);
  await page.reload();
  await expect(rscope.configText).toHaveValue(BATCH);
  await rscope.selectTab('A');
  await expect(rscope.configText).toHaveValue(DEBUG);
  expect(problems).toEqual([]);
});

test('the configuration an older page kept for all tabs goes to the tab shown', async ({ page, rscope, problems }) => {
  await page.addInitScript((config) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('rscope-queue-config', config);
    }
  }, DEBUG);
  await rscope.load();
  await expect(rscope.configText).toHaveValue(DEBUG);
  // Forgotten once the tab that took it is saved.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('rscope-queue-config'))).toBeNull();
  expect(problems).toEqual([]);
});

test('a configuration at ?url= opens as a tab of its own, and the shown tab keeps its own', async ({ page, rscope, problems }) => {
  await twoSystems(rscope);
  await page.goto('about:blank');
  await rscope.load('/?url=static/examples/system.toml');
  await expect(rscope.status).toHaveText("opened system.toml as a system configuration: its tab's configuration box under Queues holds it");
  await expect(rscope.tab('C')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.configText).toHaveValue(/^#/);
  await rscope.selectTab('B');
  await expect(rscope.configText).toHaveValue(BATCH);
  expect(problems).toEqual([]);
});
