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

/** Options whose code or name matches a picker query (the whole list for an empty query). */
export function filterLookup<T extends LookupOption>(query: string, options: readonly T[], limit: number): T[] {
  const q = query.trim().toLowerCase();
  const hits = q === '' ? options : options.filter((o) => o.code.toLowerCase().startsWith(q) || o.name.toLowerCase().includes(q) || `${o.code} ${o.name}`.toLowerCase().includes(q));
  return hits.slice(0, limit);
}
