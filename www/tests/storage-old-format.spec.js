// A text kept as one string, as visits before chunked storage kept it,
// still opens (the page now keeps texts in chunks of bytes: reload.spec.js
// and reload-large.spec.js read those back).
import { test, expect } from './fixtures.js';

test('a document kept as one string by an older visit opens', async ({ page, rscope, problems }) => {
  const doc = '{"version":1,"execution":{"R_lite":[{"rank":"0","children":{"core":"0-5"}}]}}';
  // A blank document of the page's origin, where no page code runs, leaves
  // the database as that visit did: the list of tabs naming the text by
  // its key, and the text under it as one string.
  await page.route('**/older-visit', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
  await page.goto('/older-visit');
  await page.evaluate((doc) => new Promise((resolve, reject) => {
    const open = indexedDB.open('rscope', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('documents');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('documents', 'readwrite');
      const key = `text:older:${doc.length}`;
      tx.objectStore('documents').put(JSON.stringify({ docs: [{ source: 'older.json', text: key }], active: 0 }), 'tabs.v2');
      tx.objectStore('documents').put(doc, key);
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }), doc);
  await rscope.load();
  await expect(rscope.tab('A')).toHaveText('A older.json');
  await expect(rscope.summary('cores')).toHaveText('6');
  await expect(rscope.notKept).toHaveCount(0);
  expect(problems).toEqual([]);
});
