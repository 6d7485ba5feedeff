// Rscope's set workbench worker: the same wasm core as the page (pkg/), so
// combining two large R documents never blocks the page. It answers each
// {job, texts} (src/setops/job.rs as a plain object, and each tab's text
// as UTF-8 bytes in a transferred buffer) with its answer, and for a result
// tab its text as UTF-8 bytes (`textBytes`) and the first parts of its
// analysis (`early`)
// (src/web/setops_worker.rs posts and reads them). Texts sent ahead as
// {prepare: [bytes…]} are read at once and kept, with no answer.
import init, { prepareSetops, setopsForPage } from '../pkg/rscope.js';

const ready = init();

self.onmessage = async (e) => {
  await ready;
  if (e.data.prepare) {
    prepareSetops(e.data.prepare);
    return;
  }
  // A result's text and first analysis parts ride along, their buffers
  // handed over.
  const answer = setopsForPage(e.data.job, e.data.texts);
  const buffers = answer && answer.early ? answer.early.map((p) => p.buffer) : [];
  if (answer && answer.textBytes) buffers.push(answer.textBytes.buffer);
  postMessage(answer, buffers);
};
