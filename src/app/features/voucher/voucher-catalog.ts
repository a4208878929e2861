/**
 * What the voucher editor's grid knows about subjects and auxiliary values: the account year's
 * leaf subjects (not disabled) and the auxiliary values of the master-data lists, as the kit's
 * `VoucherKitCatalog` (grids/voucher-kit.columns.ts). Pure: the page builds it from its queries.
 *
 * A line may carry one auxiliary value per type its subject requires (department, employee …),
 * so the kit row's single `auxId` cell holds them encoded as "1:12;3:45" (type:id, by type).
 */
import { matchLookup, type LookupOption } from '../../../../grids/lookup-match';
import type { LookupResolution } from '../../../../grids/sheet-schema';
import type { VoucherKitCatalog } from '../../../../grids/voucher-kit.columns';
import { localName } from '../../../domain/names';

/** Subject search in the editor returns 10 matches (spec 01 §5). */
export const SUBJECT_SEARCH_LIMIT = 10;

export interface CatalogSubject {
  id: number;
  code: string;
  name: string;
  /** The English name, shown instead of `name` to an English reader when set (src/domain/names.ts). */
  nameEn?: string | null;
  /** Mnemonic (助记码) and pinyin initials, lower case, for the search. */
  abbr: string | null;
  initials: string | null;
  auxTypeIds: readonly number[];
}

export interface CatalogAuxValue {
  id: number;
  code: string;
  name: string;
  /** Department: ancestor names, outermost first. */
  path?: readonly string[];
}

/** Auxiliary values chosen on a line, by type id. */
export type AuxChoice = Readonly<Record<number, number>>;

export function encodeAux(choice: AuxChoice): string | null {
  const parts = Object.entries(choice)
    .filter(([, id]) => Number.isInteger(id))
    .map(([type, id]) => [Number(type), id] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([type, id]) => `${type}:${id}`);
  return parts.length ? parts.join(';') : null;
}

export function decodeAux(value: string | number | null | undefined): Record<number, number> {
  const out: Record<number, number> = {};
  if (typeof value !== 'string' || value === '') return out;
  for (const part of value.split(';')) {
    const [type, id] = part.split(':').map(Number);
    if (Number.isInteger(type) && Number.isInteger(id) && type >= 1 && type <= 6 && id > 0) out[type] = id;
  }
  return out;
}

export interface VoucherCatalog extends VoucherKitCatalog {
  subjects: ReadonlyMap<number, CatalogSubject>;
  subjectOf: (subjectId: string | number | null) => CatalogSubject | undefined;
  /** Up to 10 subjects matching a query by code prefix, name, mnemonic or pinyin initials. */
  searchSubjects: (query: string) => LookupOption[];
  auxTypesOf: (subjectId: string | number | null) => readonly number[];
  auxOptions: (auxTypeId: number) => LookupOption[];
  auxValueLabel: (auxTypeId: number, id: number) => string;
}

/** How a subject ranks for a query: 0 exact code, 1 code prefix, 2 initials / mnemonic prefix, 3 name contains (either language's); -1 no match. */
export function subjectMatchRank(s: CatalogSubject, query: string): number {
  const q = query.trim().toLowerCase();
  if (q === '') return 3;
  if (s.code === q) return 0;
  if (s.code.startsWith(q)) return 1;
  if ((s.initials && s.initials.startsWith(q)) || (s.abbr && s.abbr.toLowerCase().startsWith(q))) return 2;
  for (const name of [s.name, s.nameEn]) {
    if (name && (name.toLowerCase().includes(q) || `${s.code} ${name}`.toLowerCase().includes(q))) return 3;
  }
  return -1;
}

export function createVoucherCatalog(
  subjectList: readonly CatalogSubject[],
  auxLists: Readonly<Record<number, readonly CatalogAuxValue[]>>,
  {
    knownAux = new Map(),
    language = false,
  }: {
    /** Labels of auxiliary values the loaded voucher names (they may be outside the lists now). */
    knownAux?: ReadonlyMap<string, string>;
    /** The reader's language (an i18n code, or whether it is English): subjects are named in it. */
    language?: string | boolean;
  } = {},
): VoucherCatalog {
  const subjectOption = (s: CatalogSubject): LookupOption => ({ value: String(s.id), code: s.code, name: localName(language, s) });
  const subjects = new Map(subjectList.map((s) => [s.id, s]));
  const subjectOf = (id: string | number | null) => (id === null || id === '' ? undefined : subjects.get(Number(id)));
  const auxTypesOf = (id: string | number | null) => subjectOf(id)?.auxTypeIds ?? [];
  const auxValueLabel = (type: number, id: number) => {
    const v = auxLists[type]?.find((x) => x.id === id);
    if (v) return v.path?.length ? [...v.path, v.name].join('/') : v.name;
    return knownAux.get(`${type}:${id}`) ?? `#${id}`;
  };
  const auxOptions = (type: number) => (auxLists[type] ?? []).map((v) => ({ value: String(v.id), code: v.code, name: v.path?.length ? [...v.path, v.name].join('/') : v.name }));
  const searchSubjects = (query: string) =>
    subjectList
      .map((s) => ({ s, rank: subjectMatchRank(s, query) }))
      .filter((x) => x.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.s.code.localeCompare(b.s.code))
      .slice(0, SUBJECT_SEARCH_LIMIT)
      .map((x) => subjectOption(x.s));

  const resolveSubject = (text: string): LookupResolution => {
    const direct = matchLookup(text, subjectList.map(subjectOption));
    if (direct.ok) return direct;
    const q = text.trim().toLowerCase();
    const byInitials = subjectList.filter((s) => s.initials === q || s.abbr?.toLowerCase() === q);
    if (byInitials.length === 1) return { ok: true, value: String(byInitials[0].id) };
    return direct;
  };

  const resolveAux = (subjectId: string | null, text: string): LookupResolution => {
    const types = auxTypesOf(subjectId);
    // Typed text names one value: only a subject with a single auxiliary type can take it so.
    if (types.length !== 1) return { ok: false, reason: 'ambiguous' };
    const r = matchLookup(text, auxOptions(types[0]));
    if (!r.ok || r.value === null) return r;
    return { ok: true, value: encodeAux({ [types[0]]: Number(r.value) }) };
  };

  return {
    subjects,
    subjectOf,
    searchSubjects,
    auxTypesOf,
    auxOptions,
    auxValueLabel,
    subjectLabel: (id) => {
      const s = subjectOf(id);
      return s ? `${s.code} ${localName(language, s)}` : '';
    },
    resolveSubject,
    subjectHasAux: (id) => auxTypesOf(id).length > 0,
    auxLabel: (subjectId, value) => {
      const choice = decodeAux(value);
      const order = auxTypesOf(subjectId);
      const types = order.length ? order.filter((t) => choice[t] !== undefined) : Object.keys(choice).map(Number);
      return types.map((t) => auxValueLabel(t, choice[t])).join(' | ');
    },
    resolveAux,
  };
}
