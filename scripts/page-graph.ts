/**
 * Lists a built page's eager JavaScript files with their gzip size, largest first: `node scripts/page-graph.ts
 * dist/main/ko/signup/index.html`.
 */
import { readFileSync } from 'node:fs';
import { closure, gzFile, scriptEntries } from './bench-pages.ts';

const html = readFileSync(process.argv[2]!, 'utf8');
const { eager } = closure(scriptEntries(html));
const rows = [...eager].map((u) => [u, gzFile(u)] as const).sort((a, b) => b[1] - a[1]);
for (const [u, n] of rows) console.log((n / 1024).toFixed(2).padStart(7), u);
console.log((rows.reduce((s, [, n]) => s + n, 0) / 1024).toFixed(2).padStart(7), 'total', rows.length, 'files');
