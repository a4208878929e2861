/**
 * Per-route JavaScript sizes from the Vite manifest: the total of the sign-in route (entry plus
 * login page, budget 200 kB gzipped) and of the signed-in shell, then for every lazily loaded
 * screen module the gzipped size of the chunks it adds on top of the entry. The build is redone
 * first when any source is newer than it, so the figures never describe a stale build.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const SOURCE_DIRS = ['src/app', 'src/domain', 'src/contract', 'grids', 'machines', 'locales'];
const SOURCE_FILES = ['index.html', 'kit.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const e of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, e)));
  return newest;
}

/** Rebuilds dist/app when it is missing or older than any source of the app. */
export function ensureFreshBuild(distDir = 'dist/app'): void {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const built = existsSync(manifestPath) ? statSync(manifestPath).mtimeMs : 0;
  const sources = Math.max(...SOURCE_DIRS.map(newestMtime), ...SOURCE_FILES.map(newestMtime));
  if (sources > built) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface BundleRow {
  name: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

export function bundleSizes(distDir = 'dist/app'): BundleRow[] {
  ensureFreshBuild(distDir);
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: run "npx vite build" first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const sizeCache = new Map<string, { raw: number; gz: number }>();
  const size = (file: string) => {
    let s = sizeCache.get(file);
    if (!s) {
      const buf = readFileSync(join(distDir, file));
      s = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
      sizeCache.set(file, s);
    }
    return s;
  };
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imp of manifest[key]?.imports ?? []) closure(imp, seen);
    return seen;
  };
  const row = (name: string, keys: Set<string>, minus: Set<string> = new Set()): BundleRow => {
    const files = [...keys].filter((k) => !minus.has(k)).map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    return { name, files: files.length, rawBytes: files.reduce((a, f) => a + size(f).raw, 0), gzipBytes: files.reduce((a, f) => a + size(f).gz, 0) };
  };
  const rows: BundleRow[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const entry = closure(key);
    rows.push(row(`entry ${key}`, entry));
    // Whole routes: what a first visit of /login and of the signed-in shell downloads.
    const withPage = (src: string) => {
      const k = Object.keys(manifest).find((m) => manifest[m].src === src || m === src);
      return k ? new Set([...entry, ...closure(k)]) : null;
    };
    // Only the product entry has these routes (kit.html is the grid-kit test page).
    const login = key === 'index.html' ? withPage('src/app/features/auth/login-page.tsx') : null;
    if (login) rows.push(row('route /login total (budget 200 kB gzip)', login));
    const shell = key === 'index.html' ? withPage('src/app/shell/app-layout.tsx') : null;
    if (shell) rows.push(row('route / (signed-in shell) total', shell));
    for (const [dk, dchunk] of Object.entries(manifest)) {
      if (!dchunk.isDynamicEntry) continue;
      if (!isReachable(manifest, key, dk)) continue;
      rows.push(row(`  + ${dchunk.src ?? dk}`, closure(dk), entry));
    }
  }
  return rows;
}

function isReachable(manifest: Record<string, ManifestChunk>, from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const k = stack.pop()!;
    if (k === to) return true;
    if (seen.has(k)) continue;
    seen.add(k);
    stack.push(...(manifest[k]?.imports ?? []), ...(manifest[k]?.dynamicImports ?? []));
  }
  return false;
}
