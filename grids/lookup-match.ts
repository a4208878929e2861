/**
 * The one matcher of lookups, shared by what a clerk types into a lookup cell (subjects, auxiliary
 * items, expense kinds) and by every pick list's search box (F7 on such a cell, list-picker.tsx),
 * so that text found in the cell is found in the picker too. An option is found by its code, by
 * its name in either language (the one shown, in the reader's language, and its `aliases`) and by
 * the start of its short keys (`initials`: the pinyin initials of its Chinese name, a mnemonic):
 * `yhck` finds 银行存款 whether typed in the cell or in the picker.
 *
 * Resolving typed text (matchLookup): an exact code wins, then an exact name, then a single option
 * whose initials are the text, then a single option whose code starts with the text, whose name
 * contains it or whose initials start with it (`bjkj` takes 北京科技有限公司 when no other name's
 * initials start so, as the server's keyword search finds it: src/server/db/queries/list.ts
 * codeNameKeyword); several candidates are ambiguous (the screen then opens its picker with the
 * text as the query).
 */
import { localName } from '../src/domain/names';
import type { LookupResolution } from './sheet-schema';

export interface LookupOption {
  value: string;
  code: string;
  /** The name shown (in the reader's language). */
  name: string;
  /**
   * Other names it is found by but not shown: the name in the other language (a subject's Chinese
   * name for an English reader, its English name for a Chinese reader).
   */
  aliases?: readonly string[];
  /** Short keys found by their start, lower case: the pinyin initials of its Chinese name, a mnemonic (助记码). */
  initials?: readonly string[];
}

const lower = (s: string) => s.trim().toLowerCase();

/** The option's names, lower case: the shown one first, then its aliases (blank ones left out). */
function namesOf(o: LookupOption): string[] {
  const out = [lower(o.name)];
  for (const a of o.aliases ?? []) {
    const n = lower(a);
    if (n && !out.includes(n)) out.push(n);
  }
  return out;
}

const initialsOf = (o: LookupOption): string[] => (o.initials ?? []).map(lower).filter(Boolean);

/**
 * A record named in two languages (a subject, a voucher kind) as an option in the reader's
 * language: shown by its name there, found by the other name too and by its mnemonic and pinyin
 * initials.
 */
export function bilingualOption(
  x: { value: string; code: string; name: string; nameEn?: string | null; abbr?: string | null; initials?: string | null },
  language: string | boolean,
): LookupOption {
  const shown = localName(language, x);
  const aliases = [x.name, x.nameEn ?? ''].filter((n) => n.trim() && n !== shown);
  const initials = [x.initials ?? '', x.abbr ?? ''].map(lower).filter(Boolean);
  return { value: x.value, code: x.code, name: shown, ...(aliases.length ? { aliases } : {}), ...(initials.length ? { initials } : {}) };
}

export function matchLookup(text: string, options: readonly LookupOption[]): LookupResolution {
  const q = lower(text);
  if (q === '') return { ok: true, value: null };
  const byCode = options.find((o) => o.code.toLowerCase() === q);
  if (byCode) return { ok: true, value: byCode.value };
  const byLabel = options.filter((o) => namesOf(o).some((n) => n === q || `${o.code.toLowerCase()} ${n}` === q));
  if (byLabel.length === 1) return { ok: true, value: byLabel[0].value };
  const byInitials = options.filter((o) => initialsOf(o).includes(q));
  if (byInitials.length === 1) return { ok: true, value: byInitials[0].value };
  const candidates = options.filter((o) => o.code.toLowerCase().startsWith(q) || namesOf(o).some((n) => n.includes(q)) || initialsOf(o).some((i) => i.startsWith(q)));
  if (candidates.length === 1) return { ok: true, value: candidates[0].value };
  return { ok: false, reason: candidates.length === 0 ? 'notFound' : 'ambiguous' };
}

/**
 * How well an option answers a search (lower is better; null: not at all): the exact code, an
 * exact name (either language), a code starting with it, initials that are it, initials starting
 * with it, a name starting with it, a name holding it, then "code name" holding it (a query across
 * the two).
 */
export function lookupRank(query: string, o: LookupOption): number | null {
  const q = lower(query);
  if (q === '') return 0;
  const code = o.code.toLowerCase();
  const names = namesOf(o);
  const initials = initialsOf(o);
  if (code === q) return 0;
  if (names.includes(q)) return 1;
  if (code && code.startsWith(q)) return 2;
  if (initials.includes(q)) return 3;
  if (initials.some((i) => i.startsWith(q))) return 4;
  if (names.some((n) => n.startsWith(q))) return 5;
  if (names.some((n) => n.includes(q))) return 6;
  if (names.some((n) => `${code} ${n}`.includes(q))) return 7;
  return null;
}

/**
 * Options matching a search (the whole list for an empty query), the best matches first
 * (lookupRank) and in the list's own order within a rank, at most `limit`.
 */
export function filterLookup<T extends LookupOption>(query: string, options: readonly T[], limit: number): T[] {
  const q = lower(query);
  if (q === '') return options.slice(0, limit);
  const ranked: Array<{ o: T; rank: number; i: number }> = [];
  options.forEach((o, i) => {
    const rank = lookupRank(q, o);
    if (rank !== null) ranked.push({ o, rank, i });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.i - b.i);
  return ranked.slice(0, limit).map((x) => x.o);
}
