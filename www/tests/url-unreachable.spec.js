// A ?url= that no server answers says so, and names CORS as the other cause
// (the browser hides which of the two it was); a 404 is told apart
// (url-param.spec.js).
import { test, expect } from './fixtures.js';

test('?url= with no answer says the server is unreachable or refuses CORS', async ({ rscope, problems }) => {
  // Nothing listens on this loopback port (one Chromium does not refuse to try).
  await rscope.load('/?url=http://127.0.0.1:65531/r.json');
  await expect(rscope.status).toHaveText(
    'cannot load http://127.0.0.1:65531/r.json: no answer. The server must be reachable and allow cross-origin requests (CORS), or open the file instead',
  );
  // The only problems are the refused connection the test asked for (the
  // console names no address).
  expect(problems.filter((p) => !p.includes('127.0.0.1:65531') && !p.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
  expect(problems.length).toBeGreaterThan(0);
});
