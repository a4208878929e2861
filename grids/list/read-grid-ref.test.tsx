// @vitest-environment jsdom
/**
 * ReadGrid keeps the grid's API for its keys from the moment the grid has one (bind-grid-api.ts)
 * and still hands the screen its own ref: reports drill down and page through `ref.current.api`.
 */
import { createRef } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { AgGridReact } from 'ag-grid-react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, keysOnlyI18n } from '../../tests/support/dom-shims';
import { ReadGrid } from './read-grid';

beforeAll(installDomShims);
afterEach(cleanup);

type Row = { code: string };

describe('read grid ref', () => {
  it("gives the screen's ref the grid and calls the screen's onGridReady", async () => {
    const ref = createRef<AgGridReact<Row>>();
    const ready = vi.fn();
    render(
      <I18nextProvider i18n={keysOnlyI18n()}>
        <div style={{ height: 300 }}>
          <ReadGrid<Row> ref={ref} rowData={[{ code: '1001' }, { code: '1002' }]} columnDefs={[{ field: 'code' }]} onGridReady={ready} />
        </div>
      </I18nextProvider>,
    );
    await waitFor(() => expect(ready).toHaveBeenCalled());
    expect(ref.current?.api?.getDisplayedRowCount()).toBe(2);
    expect(ready.mock.calls[0][0].api).toBe(ref.current?.api);
  });

  it('hands a callback ref the grid as well', async () => {
    const seen: Array<AgGridReact<Row> | null> = [];
    render(
      <I18nextProvider i18n={keysOnlyI18n()}>
        <ReadGrid<Row> ref={(g) => void seen.push(g)} rowData={[{ code: '1001' }]} columnDefs={[{ field: 'code' }]} />
      </I18nextProvider>,
    );
    await waitFor(() => expect(seen.some((g) => g?.api)).toBe(true));
  });
});
