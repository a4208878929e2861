/**
 * What the voucher editor's grid knows about subjects and auxiliary values: the account year's
 * leaf subjects (not disabled) and the auxiliary values of the master-data lists, as the kit's
 * `VoucherKitCatalog` (grids/voucher-kit.columns.ts). Pure: the page builds it from its queries.
 *
 * A line may carry one auxiliary value per type its subject requires (department, employee …),
 * so the kit row's single `auxId` cell holds them encoded as "1:12;3:45" (type:id, by type).
 */
import { bilingualOption, filterLookup, matchLookup, type LookupOption } from '../../../../grids/lookup-match';
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
  /** Its balance direction: true debit (借), false credit (贷); unknown when absent. */
  direction?: boolean;
}

export interface CatalogAuxValue {
  id: number;
  code: string;
  name: string;
  /** Department: ancestor names, outermost first. */
  path?: readonly string[];
  /** The pinyin initials of its own name, as the server keeps them (`xzz` for 行政组): typed text finds the value by them. */
  initials?: string | null;
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
  /**
   * Every subject as a pick-list option, named in the reader's language and found by code, either
   * name, mnemonic or pinyin initials: the F7 picker searches these as the cell does.
   */
  subjectOptions: readonly LookupOption[];
  /** Up to 10 subjects matching a query by code, name (either language), mnemonic or pinyin initials. */
  searchSubjects: (query: string) => LookupOption[];
  auxTypesOf: (subjectId: string | number | null) => readonly number[];
  auxOptions: (auxTypeId: number) => LookupOption[];
  auxValueLabel: (auxTypeId: number, id: number) => string;
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
  // One matcher for the cell and the pickers (grids/lookup-match.ts): code, either name, mnemonic, initials.
  // In code order: matches of the same rank are listed so.
  const subjectOptions = [...subjectList].sort((a, b) => a.code.localeCompare(b.code)).map((s) => bilingualOption({ ...s, value: String(s.id) }, language));
  const subjects = new Map(subjectList.map((s) => [s.id, s]));
  const subjectOf = (id: string | number | null) => (id === null || id === '' ? undefined : subjects.get(Number(id)));
  const auxTypesOf = (id: string | number | null) => subjectOf(id)?.auxTypeIds ?? [];
  const auxValueLabel = (type: number, id: number) => {
    const v = auxLists[type]?.find((x) => x.id === id);
    if (v) return v.path?.length ? [...v.path, v.name].join('/') : v.name;
    return knownAux.get(`${type}:${id}`) ?? `#${id}`;
  };
  const auxOptions = (type: number): LookupOption[] =>
    (auxLists[type] ?? []).map((v) => ({ value: String(v.id), code: v.code, name: v.path?.length ? [...v.path, v.name].join('/') : v.name, ...(v.initials ? { initials: [v.initials] } : {}) }));
  const searchSubjects = (query: string) => filterLookup(query, subjectOptions, SUBJECT_SEARCH_LIMIT);
  const resolveSubject = (text: string): LookupResolution => matchLookup(text, subjectOptions);

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
    subjectOptions,
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
