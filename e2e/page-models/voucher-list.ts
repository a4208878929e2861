/**
 * Page model of the voucher list (/voucher/daily/list): the filter panel, the grid driven with
 * keys (arrows, Space, Enter, F8, Shift+F8), the batch buttons, the per-voucher report and the
 * 凭证整理 dialog; plus API helpers to build and remove the spec's own vouchers.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export class VoucherListModel {
  readonly root: Locator;
  readonly grid: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('voucher-list');
    this.grid = page.getByTestId('list-voucher.list');
  }

  // A row is drawn twice (the pinned selection column and the scrolling part): the part with the date cell.
  rows(): Locator {
    return this.grid.locator('.ag-row:not(.ag-row-pinned):has(.ag-cell[col-id="markTime"])');
  }
  row(id: number): Locator {
    return this.grid.locator(`.ag-row[row-id="${id}"]:has(.ag-cell[col-id="markTime"])`);
  }
  filter(name: string): Locator {
    return this.page.getByTestId(`voucher-filter-${name}`);
  }
  action(name: string): Locator {
    return this.page.getByTestId(`voucher-list-action-${name}`);
  }
  readonly report = () => this.page.getByTestId('voucher-batch-report');

  /** The id of the row holding the focused cell, or null. */
  async focusedRowId(): Promise<number | null> {
    return this.page.evaluate(() => {
      const row = document.activeElement?.closest('.ag-row');
      const id = row?.getAttribute('row-id');
      return id ? Number(id) : null;
    });
  }
  /** The column of the focused cell, or null. */
  async focusedColId(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id') ?? null);
  }
  async expectFocusOn(id: number) {
    await expect.poll(() => this.focusedRowId(), { timeout: 10_000 }).toBe(id);
  }

  /** Visible row ids in order. */
  async rowIds(): Promise<number[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="list-voucher.list"] .ag-row:not(.ag-row-pinned):has(.ag-cell[col-id="markTime"])')]
        .map((r) => ({ id: Number(r.getAttribute('row-id')), index: Number(r.getAttribute('row-index')) }))
        .sort((a, b) => a.index - b.index)
        .map((r) => r.id),
    );
  }

  /** From the search box, ↓ puts the focus on the first row (no mouse). */
  async focusFirstRow() {
    await this.page.getByTestId('list-keyword').focus();
    await this.page.keyboard.press('ArrowDown');
  }
}

/** The spec's API session (bearer token of a demo user). */
export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const res = await (await request.post('/api/idm/user/login', { data: { username, password } })).json();
  expect(res.success, JSON.stringify(res)).toBe(true);
  const headers = { authorization: `Bearer ${res.data.accessToken}` };
  const get = async (url: string, params: Record<string, unknown> = {}) => {
    const q = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    const j = await (await request.get(url, { params: q, headers })).json();
    expect(j.success, `${url}: ${JSON.stringify(j)}`).toBe(true);
    return j.data;
  };
  const post = async (url: string, data: unknown = {}) => {
    const j = await (await request.post(url, { data, headers })).json();
    expect(j.success, `${url}: ${JSON.stringify(j)}`).toBe(true);
    return j.data;
  };
  const del = async (url: string) => (await request.delete(url, { headers })).json();
  return { get, post, del, tryPost: async (url: string, data: unknown = {}) => (await request.post(url, { data, headers })).json() };
}
