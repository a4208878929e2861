import { describe, expect, it } from 'vitest';
import type { GridApi } from 'ag-grid-community';
import type { AgGridReact } from 'ag-grid-react';
import { bindGridApi } from './bind-grid-api';

const api = (destroyed = false) => ({ isDestroyed: () => destroyed }) as unknown as GridApi<unknown>;

describe('bindGridApi', () => {
  it('takes the API the grid already has', () => {
    const ref = { current: null as GridApi<unknown> | null };
    const a = api();
    bindGridApi(ref)({ api: a, registerApiListener: () => {} } as unknown as AgGridReact<unknown>);
    expect(ref.current).toBe(a);
  });
  it('takes it the moment the grid gets it, before any onGridReady', () => {
    const ref = { current: null as GridApi<unknown> | null };
    let listener: ((x: GridApi) => void) | null = null;
    bindGridApi(ref)({ api: undefined, registerApiListener: (l: (x: GridApi) => void) => { listener = l; } } as unknown as AgGridReact<unknown>);
    expect(ref.current).toBeNull();
    const a = api();
    listener!(a as GridApi);
    expect(ref.current).toBe(a);
    // A destroyed grid's API is not kept.
    listener!(api(true) as GridApi);
    expect(ref.current).toBe(a);
  });
  it('leaves the ref alone when the grid unmounts (onGridPreDestroyed clears it)', () => {
    const a = api();
    const ref = { current: a as GridApi<unknown> | null };
    bindGridApi(ref)(null);
    expect(ref.current).toBe(a);
  });
});
