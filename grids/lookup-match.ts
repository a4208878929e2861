/**
 * Resolving what a clerk types into a lookup cell against a list of options (subjects, auxiliary
 * items, expense kinds): an exact code wins, then an exact name, then a single option whose code
 * starts with the text or whose name contains it; several candidates are ambiguous (the screen
 * then opens its picker with the text as the query).
 */
import type { LookupResolution } from './sheet-schema';

export interface LookupOption {
  value: string;
  code: string;
  name: string;
}

export function matchLookup(text: string, options: readonly LookupOption[]): LookupResolution {
  const q = text.trim().toLowerCase();
  if (q === '') return { ok: true, value: null };
  const byCode = options.find((o) => o.code.toLowerCase() === q);
  if (byCode) return { ok: true, value: byCode.value };
  const byLabel = options.filter((o) => o.name.toLowerCase() === q || `${o.code} ${o.name}`.toLowerCase() === q);
  if (byLabel.length === 1) return { ok: true, value: byLabel[0].value };
  const candidates = options.filter((o) => o.code.toLowerCase().startsWith(q) || o.name.toLowerCase().includes(q));
  if (candidates.length === 1) return { ok: true, value: candidates[0].value };
  return { ok: false, reason: candidates.length === 0 ? 'notFound' : 'ambiguous' };
}

/**
 * How well an option answers a picker query (lower is better; null: not at all): the exact code,
 * the exact name, a code starting with it, a name starting with it, a name holding it, then
 * "code name" holding it (a query across the two).
 */
function lookupRank(q: string, o: LookupOption): number | null {
  const code = o.code.toLowerCase();
  const name = o.name.toLowerCase();
  if (code === q) return 0;
  if (name === q) return 1;
  if (code.startsWith(q)) return 2;
  if (name.startsWith(q)) return 3;
  if (name.includes(q)) return 4;
  if (`${code} ${name}`.includes(q)) return 5;
  return null;
}

/**
 * Options whose code or name matches a picker query (the whole list for an empty query), the best
 * matches first (lookupRank) and in the list's own order within a rank, at most `limit`.
 */
export function filterLookup<T extends LookupOption>(query: string, options: readonly T[], limit: number): T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return options.slice(0, limit);
  const ranked: Array<{ o: T; rank: number; i: number }> = [];
  options.forEach((o, i) => {
    const rank = lookupRank(q, o);
    if (rank !== null) ranked.push({ o, rank, i });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.i - b.i);
  return ranked.slice(0, limit).map((x) => x.o);
}
