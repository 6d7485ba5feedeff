// The corpus tier of the end-to-end specs: corpus/*.corpus.js, over the
// documents in ../shared beside the clone (or RSCOPE_SHARED). It refuses to
// run, saying why, when the corpus is absent, so it never passes without
// reading it; scripts/test.sh checks first and prints a skip line instead.
//   npx playwright test --config playwright.corpus.config.js
import base from './playwright.config.js';
import { corpusMissing } from './corpus/corpus.js';

const missing = corpusMissing();
if (missing) throw new Error(`the corpus tier needs ../shared/samples and ../shared/specs: ${missing}`);

export default {
  ...base,
  testDir: './corpus',
  testMatch: '**/*.corpus.js',
};
