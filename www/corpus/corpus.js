// Where the corpus is: `../shared` beside the clone (the RFC texts in specs/,
// real documents from the flux-core and flux-sched test suites in samples/),
// or the directory RSCOPE_SHARED names. Only the corpus tier reads it
// (playwright.corpus.config.js); the specs in tests/ never do.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The corpus root. */
export const corpusRoot = process.env.RSCOPE_SHARED
  ? resolve(process.env.RSCOPE_SHARED)
  : fileURLToPath(new URL('../../../shared', import.meta.url));

/** Why the corpus cannot be used, or null when it is there. */
export function corpusMissing() {
  const missing = ['samples', 'specs'].filter((d) => !existsSync(join(corpusRoot, d)));
  return missing.length ? `no ${missing.join(' or ')} under ${corpusRoot}` : null;
}

/** The text of a corpus file, by its path under the root. */
export function corpusFile(rel) {
  return readFileSync(join(corpusRoot, rel), 'utf8');
}

/** Every file under `dir` (relative to the root) whose name ends in one of `exts`, sorted. */
export function corpusFiles(dir, exts) {
  const out = [];
  const walk = (abs) => {
    for (const name of readdirSync(abs)) {
      const path = join(abs, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (exts.some((e) => name.endsWith(e))) out.push(relative(corpusRoot, path));
    }
  };
  walk(join(corpusRoot, dir));
  return out.sort();
}
