// ?url= fetches a document; a failing fetch says why (a 404 is a 404, not
// CORS) and what to do.
import { test, expect } from './fixtures.js';

test('?url= loads a same-origin document', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/laptop.json');
  await expect(rscope.tab('A')).toHaveText('A laptop.json');
  await expect(rscope.summary('cores')).toHaveText('8');
  expect(problems).toEqual([]);
});

test('?url= that fails shows a clear message', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/missing.json');
  await expect(rscope.status).toHaveText(
    'cannot load static/examples/missing.json: the server answered HTTP 404 Not Found. Check the address, or open the file instead',
  );
  // The only problems are the 404 the test asked for.
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  expect(problems.length).toBeGreaterThan(0);
});
