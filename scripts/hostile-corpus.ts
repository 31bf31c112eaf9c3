// `npm run corpus:hostile -- DIR`: writes #39's hostile corpus (test/support/hostile-corpus.ts) into DIR,
// to try the CLI or the app on its files by hand. The test suite makes the same files itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostileCorpus } from '../test/support/hostile-corpus';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run corpus:hostile -- DIR');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
const files = hostileCorpus();
for (const file of files) writeFileSync(path.join(dir, file.name), file.bytes);
console.log(`wrote ${files.length} files to ${dir}`);
