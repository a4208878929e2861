/**
 * Pure rules of the pick-list popups and autocompletes (spec 02 §2.10, §4, §5, §6, §9): popup sizes,
 * when a remote search runs, the 100-record cap of customer/case keyword searches, which employees
 * show and the last-level departments with their ancestor path (every page of a list:
 * src/app/api/all-pages.ts).
 */
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { ListAnswer } from '../../../contract/common';
import { PICKER_MAX_RECORDS } from '../../../domain/constants';
import { bilingualOption, filterLookup } from '../../../../grids/lookup-match';
import type { InitialsOf } from '../../../../grids/pinyin-initials';

/** Popup sizes (spec 02 §2.10, §9): width × height in px. */
export const PICKER_SIZES = {
  employee: { width: 1000, height: 700 },
  /** The larger variant (spec 02 §2.10 'other variants 1000x800'): popups opened from popups. */
  employeeLarge: { width: 1000, height: 800 },
  employeeMulti: { width: 1000, height: 600 },
  customer: { width: 1000, height: 800 },
  vendor: { width: 1000, height: 700 },
  budget: { width: 850, height: 700 },
  project: { width: 960, height: 600 },
  department: { width: 1000, height: 600 },
  /** The subject catalogue in popup mode (spec 02 §2.1). */
  subject: { width: 1000, height: 700 },
} as const;
export type PickerSize = (typeof PICKER_SIZES)[keyof typeof PICKER_SIZES];

/** An autocomplete queries the server only for a non-empty keyword (spec 02 §5). */
export const remoteKeyword = (typed: string): string | null => {
  const k = typed.trim();
  return k ? k : null;
};

/** An option of a searchable select over master-data records, with the pinyin initials of the record's name. */
export interface RecordOption extends ComboboxItem {
  initials?: string | null;
}

/**
 * The filter of the searchable selects over master-data records (employees, departments, clients):
 * the label holds the typed text, in any case, or the record's pinyin initials start with it, as
 * the server's keyword search finds a record (`lfj` → 李芳静: src/server/db/queries/list.ts
 * codeNameKeyword); at most `limit`, in the list's order.
 */
export const recordOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const q = search.trim().toLowerCase();
  const out: ComboboxParsedItem[] = [];
  for (const o of options) {
    if (out.length >= limit) break;
    if ('group' in o) {
      const items = recordOptionsFilter({ options: o.items, search, limit: limit - out.length });
      if (items.length) out.push({ group: o.group, items: items as ComboboxItem[] });
      continue;
    }
    const initials = (o as RecordOption).initials;
    if (o.label.toLowerCase().includes(q) || (q !== '' && !!initials && initials.startsWith(q))) out.push(o);
  }
  return out;
};

/**
 * Customer and case keyword searches show at most the first 100 records (spec 02 §5): the total
 * is cut to 100 and a page reaching past it is cut short; `capped` says the message is due.
 */
export function capAnswer<T>(answer: ListAnswer<T>, request: { index: number; size: number; keyword: string }, cap = PICKER_MAX_RECORDS): { answer: ListAnswer<T>; capped: boolean } {
  if (!request.keyword.trim() || answer.total <= cap) return { answer, capped: false };
  const room = Math.max(0, cap - request.index * request.size);
  return { answer: { ...answer, content: answer.content.slice(0, room), total: cap }, capped: true };
}

/**
 * The disabled filter an employee picker sends (spec 02 §6): disabled employees are hidden when
 * hide-disabled is on, and in the multi-employee picker unless showAll; undefined shows all.
 */
export const employeeDisabledFilter = (opts: { hideDisabled?: boolean; showAll?: boolean }): false | undefined =>
  opts.showAll ? undefined : opts.hideDisabled === false ? undefined : false;

export interface DepartmentLike {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  leaf: boolean;
  disabled?: boolean;
}

export interface LeafDepartment<D extends DepartmentLike = DepartmentLike> {
  department: D;
  /** Names of the ancestors from the top, then the department's own. */
  path: string;
}

/** A department's ancestor names from the top, then its own: "Top / Mid / Leaf" (a cycle stops). */
export function departmentPath<D extends Omit<DepartmentLike, 'leaf' | 'code'>>(rows: readonly D[], d: D, sep = ' / '): string {
  const byId = new Map(rows.map((x) => [x.id, x]));
  const names: string[] = [];
  const seen = new Set<number>();
  for (let cur: D | undefined = d; cur && !seen.has(cur.id); cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) {
    seen.add(cur.id);
    names.unshift(cur.name);
  }
  return names.join(sep);
}

/** The last-level departments only, in code order, each with its ancestor path. */
export function leafDepartments<D extends DepartmentLike>(rows: readonly D[], sep = ' / '): LeafDepartment<D>[] {
  return rows
    .filter((d) => d.leaf)
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((department) => ({ department, path: departmentPath(rows, department, sep) }));
}

/** Why a row cannot be chosen in a leaf-only picker (budgets, departments), or null. */
export const leafRefusal = (row: { leaf: boolean } | null | undefined): 'notLeaf' | 'none' | null => (!row ? 'none' : row.leaf ? null : 'notLeaf');

/** Adds the ticked rows to the chosen ones (a multi picker's Select), keeping order and no duplicates. */
export function mergeChosen<T extends { id: number }>(chosen: readonly T[], ticked: readonly T[]): T[] {
  const out = [...chosen];
  for (const r of ticked) if (!out.some((c) => c.id === r.id)) out.push(r);
  return out;
}

export interface SearchableSubject {
  id: number;
  code: string;
  name: string;
  nameEn?: string | null;
  abbr?: string | null;
  kind?: string;
  disabled?: boolean;
}

/**
 * The subject picker's keyword search, over the year's subjects it already holds (its tree's), the
 * way the voucher cell searches (grids/lookup-match.ts): code, name in either language, mnemonic
 * and pinyin initials, so `yhck` finds 银行存款 here too. The tree node and show-disabled filters
 * apply as on the server; the best matches come first unless the list is sorted by a column; one
 * page of the request.
 */
export function searchSubjectsLocally<S extends SearchableSubject>(
  subjects: readonly S[],
  filter: { kind?: string; codePrefix?: string; disabled?: boolean },
  request: { index: number; size: number; sort?: Record<string, 'asc' | 'desc'>; keyword: string },
  language: string | boolean,
  initialsOf: InitialsOf | null,
): ListAnswer<S> {
  const kept = subjects
    .filter((s) => (filter.kind === undefined || s.kind === filter.kind) && (filter.codePrefix === undefined || s.code.startsWith(filter.codePrefix)) && (filter.disabled === undefined || !!s.disabled === filter.disabled))
    .sort((a, b) => a.code.localeCompare(b.code));
  const options = kept.map((s) => {
    const pinyin = initialsOf?.(s.name) ?? null;
    return { ...bilingualOption({ value: String(s.id), code: s.code, name: s.name, nameEn: s.nameEn, abbr: s.abbr, initials: pinyin }, language), subject: s };
  });
  const found = filterLookup(request.keyword, options, options.length).map((o) => o.subject);
  // The picker sorts by code only (its one sortable column).
  const byCode = request.sort?.code;
  if (byCode) found.sort((a, b) => (byCode === 'desc' ? -1 : 1) * a.code.localeCompare(b.code));
  const from = request.index * request.size;
  return { content: found.slice(from, from + request.size), total: found.length };
}
