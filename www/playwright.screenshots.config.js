// The README's screenshots, kept out of the pass/fail suite: `make
// screenshots` writes docs/screenshots/*.png from the built page, so the
// pictures show the page as it is. Same server and browser as the
// end-to-end specs.
import base from './playwright.config.js';

export default {
  ...base,
  testDir: './screenshots',
  testMatch: '**/*.shots.js',
  retries: 0,
  workers: 1,
};
