// A document opened "into tab A's system" joins the tab instead of
// opening a tab of its own: the tab is one system, here an R and the
// flux resource status payload of the same nodes. The grid colours by the
// payload's node states; fit, the job queue, the text flux resource
// prints and "Read as one system" read both; a share link and a
// reload keep both; "Take out" takes the payload out again, and Undo
// puts it back. What the page makes (a fit's allocation) opens a tab of
// its own even with the choice ticked.
import { test, expect, Rscope } from './fixtures.js';
import { example, NODE_STATES_LEGEND } from './rscope.js';

const PAYLOAD = example('node-states.json');
const R = JSON.stringify(JSON.parse(PAYLOAD).R);
const LIST = example('status.json');
const LIST_R = JSON.stringify(JSON.parse(LIST).all);

/** Tab A holds the payload's R; then the payload joins its system. */
async function rAndPayload(rscope) {
  await rscope.load();
  await rscope.openSystem(R, PAYLOAD);
}

test("a file opened into the tab's system joins it, not a tab of its own", async ({ rscope, problems }) => {
  await rAndPayload(rscope);
  await expect(rscope.status).toHaveText("added status.json to tab A's system");
  await expect(rscope.tab('B')).toHaveCount(0);
  await expect(rscope.systemDocuments.getByRole('heading')).toHaveText("Tab A's system");
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveText(['status.json Take out']);
  expect(problems).toEqual([]);
});

test("a file dropped with the choice ticked joins the tab's system too", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openFile('r.json', R);
  await expect(rscope.grid).toBeVisible();
  await rscope.joinSystem.check();
  await rscope.drop('status.json', PAYLOAD);
  await expect(rscope.status).toHaveText("added status.json to tab A's system");
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveText(['status.json Take out']);
  expect(problems).toEqual([]);
});

test('the grid beside a status payload colours by its node states and lists its drained nodes', async ({ rscope, problems }) => {
  await rAndPayload(rscope);
  await expect(rscope.legendItems).toHaveText(NODE_STATES_LEGEND);
  await expect.poll(() => rscope.colorChoice()).toBe('node state (as flux resource status lists it)');
  await expect(rscope.drainRows).toHaveCount(3);
  expect(problems).toEqual([]);
});

test('the grid beside a list payload colours free, allocated and down as its own tab does', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openSystem(LIST_R, LIST);
  await expect.poll(() => rscope.colorChoice()).toBe('state (free, allocated, down)');
  await expect(rscope.legendItems).toHaveText(['free: 56 cores, 7 GPUs', 'allocated: 40 cores, 5 GPUs', 'down: 32 cores, 4 GPUs']);
  expect(problems).toEqual([]);
});

test('fit reads the payload beside the R: the nodes it says are down are not free', async ({ rscope, problems }) => {
  await rAndPayload(rscope);
  await rscope.typeShape('node=10');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText('not now: 9 of 10 nodes free');
  expect(problems).toEqual([]);
});

test('the job queue fills the system: the nodes the payload says are down stay busy', async ({ rscope, problems }) => {
  await rAndPayload(rscope);
  await rscope.queueAdd('node=9');
  await rscope.queuePress('next');
  await expect(rscope.queueNote).toHaveText('job 1 runs: fits now: 9 nodes, tioga[1-4,7,9,11-12,14], 144 cores, 18 GPUs');
  expect(problems).toEqual([]);
});

test('flux resource status prints the states of the payload beside the R', async ({ rscope, problems }) => {
  await rAndPayload(rscope);
  await rscope.showResourceText();
  await expect(rscope.resourceNote).toHaveCount(0);
  await expect(rscope.resourceOutput).toHaveText([
    '       STATEUP NNODES NODELIST',
    '       avail ✔      9 tioga[1-4,7,9,11-12,14]',
    '      avail* ✗      1 tioga15',
    '     exclude ✔      1 tioga16',
    '      torpid ✔      1 tioga8',
    '     drained ✔      3 tioga[5-6,13]',
    '    drained* ✗      1 tioga10',
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});

test('Read as one system prints the R and the payload as rscope system does', async ({ page, rscope, problems }) => {
  await rAndPayload(rscope);
  await page.getByTestId('system-read').locator('summary').click();
  await expect(page.getByTestId('system-output')).toHaveText([
    'r.json: an R (RFC 20): resources',
    'status.json: a flux resource status payload: resources, node states and drain reasons, excluded ranks',
    'resources: 16 nodes, tioga[1-16], 256 cores, 32 GPUs (from r.json)',
    'excluded: ranks 15',
    'drained, offline or torpid: ranks 4-5,7,9,12,14',
    'rank order: 0-15 are tioga[1-16]',
    '',
  ].join('\n'));
  expect(problems).toEqual([]);
});

test('Take out takes a document out of the system', async ({ rscope, problems }) => {
  await rAndPayload(rscope);
  await rscope.systemDocuments.getByRole('button', { name: 'Take out status.json' }).click();
  await expect(rscope.systemDocuments).toHaveCount(0);
  await rscope.typeShape('node=10');
  await rscope.fitShape('worst');
  await expect(rscope.fitReason).toHaveText('fits now: 10 nodes, tioga[1-10], 160 cores, 20 GPUs');
  expect(problems).toEqual([]);
});

test('Undo puts back a document taken out of the system', async ({ page, rscope, problems }) => {
  await rAndPayload(rscope);
  await rscope.systemDocuments.getByRole('button', { name: 'Take out status.json' }).click();
  await expect(page.getByTestId('undo')).toHaveText('Undo taking out a document');
  await rscope.undo();
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveText(['status.json Take out']);
  await expect(page.getByTestId('redo')).toHaveText('Redo taking out a document');
  expect(problems).toEqual([]);
});

test("a fit's allocation opens as a tab of its own with the choice ticked", async ({ page, rscope, problems }) => {
  await rAndPayload(rscope);
  await expect(rscope.joinSystem).toBeChecked();
  await rscope.typeShape('node=2');
  await rscope.fitShape('worst');
  await page.getByTestId('fit-open').click();
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.systemDocuments).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a reload keeps the documents of the system', async ({ page, rscope, problems }) => {
  await rAndPayload(rscope);
  await page.reload();
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveText(['status.json Take out']);
  expect(problems).toEqual([]);
});

test('a share link carries the documents of the system', async ({ browser, page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rAndPayload(rscope);
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/#r=[\w-]+&j=[\w-]+$/);
  const elsewhere = await browser.newContext();
  const other = new Rscope(await elsewhere.newPage());
  await other.load(page.url());
  await expect(other.editor).toHaveValue(R);
  await expect(other.systemDocuments.getByTestId('system-document')).toHaveText(['status.json Take out']);
  await elsewhere.close();
  expect(problems).toEqual([]);
});

test('a share link opened beside a tab of the same R brings its whole system in a tab of its own', async ({ page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rAndPayload(rscope);
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/&j=/);
  const link = page.url();
  await rscope.systemDocuments.getByRole('button', { name: 'Take out status.json' }).click();
  await expect(rscope.systemDocuments).toHaveCount(0);
  await page.goto('about:blank');
  await rscope.load(link);
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.systemDocuments.getByTestId('system-document')).toHaveText(['status.json Take out']);
  await rscope.selectTab('A');
  await expect(rscope.systemDocuments).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("Explain says what the tab's system knows of the nodes under the caret", async ({ rscope, problems }) => {
  await rscope.load();
  const r = {
    version: 1,
    execution: {
      R_lite: [{ rank: '0-1', children: { core: '0-3' } }, { rank: '2-3', children: { core: '0-7' } }],
      nodelist: ['n[0-3]'], starttime: 0, expiration: 0,
    },
  };
  const drained = Date.now() / 1000 - 3 * 86400 - 60;
  const payload = {
    R: r, online: '0-3', offline: '', exclude: '', torpid: '',
    drain: { 3: { timestamp: drained, reason: 'fan failed' } },
  };
  const text = JSON.stringify(r, null, 2);
  await rscope.openSystem(text, JSON.stringify(payload));
  await rscope.caretAt(text.indexOf('"2-3"'));
  await rscope.editor.press('ArrowRight');
  await expect(rscope.explainTitle).toHaveText('rank');
  await expect(rscope.explainSystem).toHaveText(
    ['avail: rank 2', 'drained: rank 3', 'rank 3: drained 3 days ago: fan failed'],
  );
  expect(problems).toEqual([]);
});
