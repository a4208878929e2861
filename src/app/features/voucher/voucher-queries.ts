/**
 * The voucher editor's data: kinds and the code rule of the ledger set, the account year's leaf
 * subjects, the auxiliary values of the master-data lists, the periods, one voucher, the next code,
 * saves, lifecycle actions and the stepping to a neighbouring voucher. Keys: ['vouchers', accountId, …].
 */
import type { VoucherStepScope } from './voucher-step-scope';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/typed-client';
import { auxApi, budgetApi, departmentApi, employeeApi, financeSettingsApi, subjectApi, vendorApi, voucherApi, voucherStepApi } from '../../../contract/heads';
import type { VoucherDto } from '../../../contract/voucher';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import { loadAllPages } from '../../api/all-pages';
import { loadPinyinInitials } from '../../../../grids/pinyin-initials';
import { queryKeys } from '../../queries/keys';
import type { CatalogAuxValue, CatalogSubject } from './voucher-catalog';
import type { ServerAction, VoucherOrderKey } from './voucher-toolbar-model';
import type { VoucherItemBody } from './voucher-mapping';

export const voucherKeys = {
  all: (accountId: number | null) => ['vouchers', accountId] as const,
  one: (accountId: number | null, id: number) => ['vouchers', accountId, 'one', id] as const,
  subjects: (accountYearId: number | null) => ['subjects', accountYearId, 'voucherLeaves'] as const,
  aux: (companyId: number | null, accountId: number | null, accountYearId: number | null) => ['voucherAux', companyId, accountId, accountYearId] as const,
};

export const voucherKindsOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.voucherKinds(accountId), 'editor'] as const,
    queryFn: async ({ signal }) => (await call(financeSettingsApi.voucherKinds, { query: { filter: { accountId: accountId! }, limit: MAX_PAGE_LIMIT } }, { signal })).content,
    enabled: !!accountId,
  });

export const codeRuleOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: queryKeys.voucherCodeRule(accountId),
    queryFn: ({ signal }) => call(financeSettingsApi.voucherCodeRule, { query: { accountId: accountId! } }, { signal }),
    enabled: !!accountId,
  });

/** Pinyin initials of subject names, computed once per list (pinyin-pro loads in its own chunk). */
async function initialsOf(names: readonly string[]): Promise<(string | null)[]> {
  const initials = await loadPinyinInitials();
  return names.map((n) => initials?.(n) ?? null);
}

/** The account year's leaf subjects that are not disabled (spec 01 §5 subject search). */
export const leafSubjectsOptions = (accountYearId: number | null) =>
  queryOptions({
    queryKey: voucherKeys.subjects(accountYearId),
    queryFn: async ({ signal }): Promise<CatalogSubject[]> => {
      const page = await loadAllPages((index, size) => call(subjectApi.list, { query: { filter: { accountYearId: accountYearId!, leaf: true, disabled: false }, index, size, sort: { code: 'asc' } } }, { signal }));
      const initials = await initialsOf(page.content.map((s) => s.name));
      return page.content.map((s, i) => ({ id: s.id, code: s.code, name: s.name, nameEn: s.nameEn, abbr: s.abbr, initials: initials[i], auxTypeIds: s.auxTypeIds, direction: s.direction }));
    },
    enabled: !!accountYearId,
  });

const valuesOf = <T extends { id: number; code: string; name: string; nameInitials: string | null; disabled?: boolean | null }>(rows: readonly T[]): CatalogAuxValue[] =>
  rows.filter((r) => !r.disabled).map((r) => ({ id: r.id, code: r.code, name: r.name, initials: r.nameInitials }));

/** The auxiliary values by type: 1 department (with its ancestors), 2 employee, 3 customer, 4 vendor, 5 project, 6 budget. */
/** Every auxiliary record of the scope by type (budget items: the leaves only, or all). */
async function loadAuxRecords(companyId: number, accountId: number, accountYearId: number, signal: AbortSignal, budgetLeavesOnly: boolean) {
  const opts = { signal };
  const [departments, employees, customers, vendors, projects, budgets] = await Promise.all([
    loadAllPages((index, size) => call(departmentApi.list, { query: { filter: { companyId }, index, size } }, opts)),
    loadAllPages((index, size) => call(employeeApi.list, { query: { filter: { companyId }, index, size } }, opts)),
    // Clients and cases: every one of the company (the books are the company's; the client and case
    // lists show a user only those they lead), by code and name (/aux/bookValue).
    loadAllPages((index, size) => call(auxApi.bookValues, { query: { filter: { companyId, type: 'CUSTOMER' }, index, size } }, opts)),
    loadAllPages((index, size) => call(vendorApi.list, { query: { filter: { accountId }, index, size } }, opts)),
    loadAllPages((index, size) => call(auxApi.bookValues, { query: { filter: { companyId, type: 'PROJECT' }, index, size } }, opts)),
    loadAllPages((index, size) => call(budgetApi.list, { query: { filter: budgetLeavesOnly ? { accountYearId, leaf: true } : { accountYearId }, index, size } }, opts)),
  ]);
  return { departments, employees, customers, vendors, projects, budgets };
}

/**
 * The values a filter of the books offers (the voucher list's 核算项目): every record of each type,
 * disabled ones and parent departments and budget items included (old lines carry the first, and a
 * parent stands for its subtree), by code and name.
 */
export const auxFilterValuesOptions = (companyId: number | null, accountId: number | null, accountYearId: number | null) =>
  queryOptions({
    queryKey: [...voucherKeys.aux(companyId, accountId, accountYearId), 'all'] as const,
    queryFn: async ({ signal }): Promise<Record<number, Array<{ id: number; code: string; name: string }>>> => {
      const r = await loadAuxRecords(companyId!, accountId!, accountYearId!, signal, false);
      const all = (rows: ReadonlyArray<{ id: number; code: string; name: string }>) => rows.map((x) => ({ id: x.id, code: x.code, name: x.name }));
      return { 1: all(r.departments.content), 2: all(r.employees.content), 3: all(r.customers.content), 4: all(r.vendors.content), 5: all(r.projects.content), 6: all(r.budgets.content) };
    },
    enabled: !!companyId && !!accountId && !!accountYearId,
    staleTime: 60_000,
  });

export const auxValuesOptions = (companyId: number | null, accountId: number | null, accountYearId: number | null) =>
  queryOptions({
    queryKey: voucherKeys.aux(companyId, accountId, accountYearId),
    queryFn: async ({ signal }): Promise<Record<number, CatalogAuxValue[]>> => {
      const { departments, employees, customers, vendors, projects, budgets } = await loadAuxRecords(companyId!, accountId!, accountYearId!, signal, true);
      const byId = new Map(departments.content.map((d) => [d.id, d]));
      const pathOf = (parentId: number | null): string[] => {
        const out: string[] = [];
        for (let p = parentId, guard = 0; p !== null && guard < 50; guard++) {
          const d = byId.get(p);
          if (!d) break;
          out.unshift(d.name);
          p = d.parentId;
        }
        return out;
      };
      return {
        // Lines take last-level departments only (spec 02 §2.10); their ancestors name them.
        1: departments.content.filter((d) => !d.disabled && d.leaf).map((d) => ({ id: d.id, code: d.code, name: d.name, path: pathOf(d.parentId), initials: d.nameInitials })),
        2: valuesOf(employees.content),
        3: valuesOf(customers.content),
        4: valuesOf(vendors.content),
        5: valuesOf(projects.content),
        6: valuesOf(budgets.content),
      };
    },
    enabled: !!companyId && !!accountId && !!accountYearId,
    staleTime: 60_000,
  });

export const voucherOptions = (accountId: number | null, id: number | null) =>
  queryOptions({
    queryKey: voucherKeys.one(accountId, id ?? 0),
    queryFn: ({ signal }) => call(voucherApi.get, { params: { id: id! } }, { signal }),
    enabled: !!accountId && id !== null,
  });

export const fetchNextCode = (accountId: number, kindId: number, markTime: string) => call(voucherApi.code, { query: { accountId, kindId, markTime } });

export interface VoucherSaveInput {
  accountId: number;
  kindId: number;
  markTime: string;
  billCount: number;
  code: string;
  items: VoucherItemBody[];
}

export function saveVoucher(id: number | null, input: VoucherSaveInput, version: number | undefined): Promise<VoucherDto> {
  const { accountId, ...header } = input;
  if (id === null) return call(voucherApi.create, { body: { accountId, ...header } });
  return call(voucherApi.update, { params: { id }, body: { ...header, version } });
}

/**
 * Red reversal (红字冲销) of a stored voucher: POST /voucher with `originId` and originKind
 * REVERSAL. The server writes the original's lines with negated amounts and links the two both
 * ways (src/server/features/voucher/service.ts createVoucher); the body's lines only satisfy the
 * contract (at least one line), so the original's are sent and the server replaces them.
 */
export function createReversal(origin: VoucherDto, kindId: number, markTime: string): Promise<VoucherDto> {
  const items = origin.items.map((i) => ({
    summary: i.summary.trim() || '-',
    subjectId: i.subjectId,
    direction: i.direction,
    amount: i.amount,
    auxes: i.auxes.map((a) => ({ auxTypeId: a.auxTypeId, auxId: a.auxId })),
  }));
  return call(voucherApi.create, { body: { accountId: origin.accountId, kindId, markTime, billCount: 0, items, originId: origin.id, originKind: 'REVERSAL' } });
}

export const runVoucherAction = (id: number, action: ServerAction, version: number, reason?: string) =>
  call(voucherApi.act, { params: { id, action }, body: reason ? { reason, version } : { version } });

export const deleteVoucher = (id: number) => call(voucherApi.remove, { params: { id } });

/**
 * The voucher to step to (spec 01 §2 first / previous / next / last), by GET /voucher/step: in a
 * year of the ledger set, ordered by mark date, code and id; or, with `within` (the editor opened
 * from the voucher list, voucher-step-scope.ts), among the list's vouchers in the list's order.
 * Null when there is none that way.
 */
export async function stepVoucher(accountId: number, accountYearId: number, step: 'first' | 'previous' | 'next' | 'last', current: VoucherOrderKey | null, within?: VoucherStepScope | null): Promise<VoucherOrderKey | null> {
  // Without a current voucher, "previous" is the last and "next" the first.
  const effective = current === null ? (step === 'previous' ? 'last' : step === 'next' ? 'first' : step) : step;
  const set = within ? { filter: within.filter, ...(Object.keys(within.sort).length ? { sort: within.sort } : {}) } : { accountYearId };
  return call(voucherStepApi.step, { query: { accountId, step: effective, ...set, ...(current ? { fromId: current.id } : {}) } });
}
