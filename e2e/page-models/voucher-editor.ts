/**
 * Page model of the voucher editor (/newVoucher/$id): the kit grid driven with keys as a clerk
 * does, the editor's own keys (Ctrl+S, F12, PageUp/PageDown, F9 / Shift+F9), the header, totals,
 * state, the live balance, the processing records; and API helpers that set up and put back the
 * vouchers a spec makes.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiHeaders } from './login';

export type VoucherColumn = 'summary' | 'subjectId' | 'auxId' | 'debit' | 'credit';

export class VoucherEditorModel {
  readonly root: Locator;
  readonly grid: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('voucher-editor');
    this.grid = page.getByTestId('voucher-grid');
  }

  /** Opens a new voucher (or a stored one by id) and waits for the caret in the first summary cell. */
  async open(id: number | 'new' = 'new') {
    await this.page.goto(`/newVoucher/${id}`);
    await this.ready();
  }

  /** Waits for the editor the page opened (e.g. `loginAs(page, …, { at: '/newVoucher/new' })`), caret in the first summary cell. */
  async ready() {
    await expect(this.root).toBeVisible({ timeout: 20_000 });
    await this.expectFocus(0, 'summary');
  }

  cell(rowIndex: number, colId: VoucherColumn): Locator {
    return this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${rowIndex}"] .ag-cell[col-id="${colId}"]`);
  }

  async focused() {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      const cell = el?.closest('.ag-cell');
      const row = el?.closest('.ag-row');
      if (!cell || !row || row.classList.contains('ag-row-pinned')) return null;
      return { rowIndex: Number(row.getAttribute('row-index')), colId: cell.getAttribute('col-id') ?? '' };
    });
  }

  async expectFocus(rowIndex: number, colId: VoucherColumn) {
    await expect.poll(() => this.focused(), { timeout: 10_000 }).toMatchObject({ rowIndex, colId });
  }

  /** Types into the focused cell and presses Enter. */
  async enter(text: string) {
    if (text) await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  readonly state = () => this.root.getAttribute('data-lifecycle');
  readonly debitTotal = () => this.page.getByTestId('voucher-debit-total');
  readonly creditTotal = () => this.page.getByTestId('voucher-credit-total');
  readonly uppercase = () => this.page.getByTestId('voucher-uppercase');
  readonly code = () => this.page.getByTestId('voucher-code');
  readonly ruleErrors = () => this.page.getByTestId('voucher-rule-errors');
  readonly date = () => this.page.getByTestId('voucher-date');
  readonly balanceBar = () => this.page.getByTestId('voucher-balance-bar');
  readonly procs = () => this.page.getByTestId('voucher-procs');
  readonly activeTab = () => this.page.getByTestId('tabs-bar').locator('[role="tab"][aria-selected="true"]');
  action(name: string): Locator {
    return this.page.getByTestId(`voucher-action-${name}`);
  }

  /**
   * Waits until the editor shows the stored voucher `id` (after stepping). The address changes first;
   * until the next voucher has loaded, the editor on view (and the one that hears F9) is still the
   * previous voucher's, so the address alone is not enough.
   */
  async expectVoucher(id: number) {
    // Opened from the list, the address names the list's stepping scope too (?within=…).
    await this.page.waitForURL(new RegExp(`/newVoucher/${id}(\\?|$)`));
    await expect(this.root).toHaveAttribute('data-voucher-id', String(id));
  }

  /** The auditor's keys: F9 examines and shows the next voucher; Shift+F9 asks the reason first. */
  async auditAndNext() {
    await this.press('F9');
  }

  async auditErrorAndNext(reason: string) {
    await this.press('Shift+F9');
    await expect(this.page.getByTestId('voucher-reason')).toBeFocused();
    await this.page.keyboard.type(reason);
    await this.press('Enter');
  }
}

/** Demo ledger set 1, year 2026: ids the specs need, through the API. */
export async function demoVoucherWorld(request: APIRequestContext, username: string, password: string) {
  const headers = await apiHeaders(request, username, password);
  const get = async (url: string, params: Record<string, string>) => {
    const body = await (await request.get(url, { params, headers })).json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.data;
  };
  const years = (await get('/api/account/year', { accountId: '1' })).content as { id: number; year: number }[];
  const year2026 = years.find((y) => y.year === 2026)!.id;
  const year2025 = years.find((y) => y.year === 2025)!.id;
  const kinds = (await get('/api/voucher/kind', { filter: JSON.stringify({ accountId: 1 }) })).content as { id: number; isDefault: boolean }[];
  const subjects = (await get('/api/subject', { filter: JSON.stringify({ accountYearId: year2026, code: ['1001', '1002'] }) })).content as { id: number; code: string }[];
  const subject = (code: string) => subjects.find((s) => s.code === code)!.id;
  return { headers, year2026, year2025, kindId: (kinds.find((k) => k.isDefault) ?? kinds[0]).id, cash: subject('1001'), bank: subject('1002'), get };
}
