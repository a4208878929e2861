/**
 * Where the editor's stepping goes (first / previous / next / last, F9's next voucher): within the
 * voucher list's result when the editor was opened from the list (its filter and order, as Kingdee
 * and Yonyou step within the query an auditor opened the voucher from), else through the whole
 * account year (a new voucher, a ledger's drill-down, a link).
 *
 * The list notes its filter and sort here and opens the editor at `/newVoucher/12?within=<key>`;
 * the editor steps with that scope and carries the key to each voucher it steps to. The address
 * says it, so a voucher opened again from elsewhere (no `within`) steps through the year, and the
 * tab, kept with its address, steps as it did. Kept in memory only: an application refresh closes
 * the tabs anyway (an unknown key steps through the year).
 */
import type { VoucherFilter } from '../../../contract/voucher';

export interface VoucherStepScope {
  /** The list's filter as it asked the server (search box included). */
  filter: VoucherFilter;
  /** The list's sort (its column headers), the stepping's order before mark date, code, id. */
  sort: Record<string, 'asc' | 'desc'>;
}

/** The search parameter naming the scope in the editor's address. */
export const STEP_SCOPE_PARAM = 'within';

/** The scopes kept (the latest ones: a list noting the same scope again gets its key back). */
const MAX_SCOPES = 50;
const scopes = new Map<string, VoucherStepScope>();
const keysByContent = new Map<string, string>();
let counter = 0;

/** Keeps a list's scope; answers its key (the same key for the same filter and sort). */
export function noteStepScope(scope: VoucherStepScope): string {
  const content = JSON.stringify([scope.filter, scope.sort]);
  const known = keysByContent.get(content);
  if (known && scopes.has(known)) return known;
  const key = `l${++counter}`;
  scopes.set(key, { filter: structuredClone(scope.filter), sort: { ...scope.sort } });
  keysByContent.set(content, key);
  while (scopes.size > MAX_SCOPES) {
    const oldest = scopes.keys().next().value as string;
    scopes.delete(oldest);
    for (const [c, k] of keysByContent) if (k === oldest) keysByContent.delete(c);
  }
  return key;
}

/** The scope a key names, or null (none given, or not known: the whole year). */
export function stepScopeOf(key: unknown): { key: string; scope: VoucherStepScope } | null {
  if (typeof key !== 'string' && typeof key !== 'number') return null;
  const scope = scopes.get(String(key));
  return scope ? { key: String(key), scope } : null;
}

/** The editor's address of a voucher, stepping within the scope of `key` when given. */
export function editorHref(id: number | 'new', key?: string | null): string {
  return key && id !== 'new' ? `/newVoucher/${id}?${STEP_SCOPE_PARAM}=${encodeURIComponent(key)}` : `/newVoucher/${id}`;
}
