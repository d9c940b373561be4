/**
 * How much JavaScript each route makes the browser download, gzipped (issue 15: the first route at most 250 KB).
 *   npm run bench:web            (builds the web app first)
 * A route's weight is the entry chunk, the route's own lazy chunk, and every chunk either imports statically
 * (what Vite's modulepreload fetches before the page can render); chunks loaded on demand later (charts, diff,
 * image export) are not counted, which is the point of loading them on demand. Read from Vite's build manifest.
 * Sizes are gzip level 9 of the built files, as a server with compression sends them. Prints figures only.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const webDir = fileURLToPath(new URL('../packages/web/', import.meta.url));
const distDir = join(webDir, 'dist');

/** The routes weighed: the first one a visitor opens, and the result page (the app's heaviest). */
const routes = [
  { name: 'first_route', page: 'src/pages/Home.tsx' },
  { name: 'result_route', page: 'src/pages/SqlResult.tsx' },
] as const;

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

function gzipKb(manifest: Manifest, keys: Set<string>): { kb: number; files: { file: string; kb: number }[] } {
  const files = [...keys]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, kb: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024 }));
  return { kb: files.reduce((sum, f) => sum + f.kb, 0), files: files.sort((a, b) => b.kb - a.kb) };
}

execFileSync('npm', ['run', 'build', '-w', '@sqltune/web'], { stdio: ['ignore', 'ignore', 'inherit'] });
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const figures: string[] = [];
for (const route of routes) {
  const { kb, files } = gzipKb(manifest, staticClosure(manifest, ['index.html', route.page]));
  console.log(`${route.name} (${route.page}): ${kb.toFixed(1)} KB gzipped JavaScript in ${files.length} files`);
  for (const file of files.slice(0, 6)) console.log(`  ${file.kb.toFixed(1).padStart(7)} KB  ${file.file}`);
  figures.push(`${route.name}_gzip_kb=${Math.round(kb)}`);
}
console.log(figures.join(' '));
