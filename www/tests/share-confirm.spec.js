// The Share link button confirms the copy on the button itself.
import { test, expect } from './fixtures.js';

test('share link says Copied, then Share link again', async ({ context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  await rscope.fill('{"version":1,"execution":{"R_lite":[{"rank":"0","children":{"core":"0"}}]}}');
  await expect(rscope.summary('nodes')).toHaveText('1');
  const share = rscope.share;
  await share.click();
  await expect(share).toHaveText('Copied');
  await expect(rscope.copyNote(share)).toHaveText('Copied to the clipboard.');
  await expect(rscope.status).toHaveText(/^share link \(\d+ characters\) copied to the clipboard and shown in the address bar$/);
  await expect(share).toHaveText('Share link');
  expect(problems).toEqual([]);
});
