// Rscope's set workbench worker: the same wasm core as the page (pkg/), so
// combining two large R documents never blocks the page. Its lanes, served
// by the one dispatcher (channel.js):
// - texts sent ahead, {prepare: [bytes…]}, read at once and kept, with no
//   answer;
// - a run, {job, texts} (src/setops/job.rs as a plain object, and each
//   tab's text, then each text beside the tabs, as UTF-8 bytes in a
//   transferred buffer: Job::fill), answered with its
//   answer, and for a result tab its text as UTF-8 bytes (`textBytes`)
//   and the first parts of its analysis (`early`), their buffers handed
//   over (crates/rscope-web/src/setops_worker.rs posts and reads them).
import init, { prepareSetops, setopsForPage } from '../pkg/rscope.js';
import { loadCore, serve } from './channel.js';

serve(loadCore(init), [
  {
    name: 'prepare',
    match: (d) => d.prepare !== undefined,
    handle: ({ prepare }) => prepareSetops(prepare),
  },
  {
    name: 'job',
    match: (d) => d.job !== undefined,
    handle: ({ job, texts }) => {
      const answer = setopsForPage(job, texts);
      const buffers = answer && answer.early ? answer.early.map((p) => p.buffer) : [];
      if (answer && answer.textBytes) buffers.push(answer.textBytes.buffer);
      return [answer, buffers];
    },
  },
]);
