/**
 * Per-route JavaScript sizes from the Vite manifest: for the entry (what /login loads) and for every
 * lazily-loaded screen module, the gzipped size of the chunks it adds on top of the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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
