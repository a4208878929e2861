// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridApi } from 'ag-grid-community';
import { focusFirstCell, focusInOtherDialog, focusIsFree } from './focus-first-cell';

describe('a grid takes the focus when its rows arrive only when the focus is free', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  const setUp = () => {
    document.body.innerHTML = '<div data-page-region tabindex="-1"><input id="filter"><div class="ag-root-wrapper"><div id="cell" tabindex="-1"></div></div></div>';
    const api = { getDisplayedRowCount: () => 3, setFocusedCell: vi.fn() };
    return { api, asGrid: api as unknown as GridApi<unknown> };
  };

  it('from nowhere, the page region or another grid cell', () => {
    setUp();
    expect(focusIsFree()).toBe(true);
    document.querySelector<HTMLElement>('[data-page-region]')!.focus();
    expect(focusIsFree()).toBe(true);
    document.getElementById('cell')!.focus();
    expect(focusIsFree()).toBe(true);
  });
  it('from a filter the shell focused on arrival, until the user uses it', () => {
    setUp();
    const filter = document.getElementById('filter')!;
    filter.focus();
    filter.setAttribute('data-auto-focused', '');
    expect(focusIsFree()).toBe(true);
    filter.removeAttribute('data-auto-focused');
    expect(focusIsFree()).toBe(false);
  });
  it('not from a filter the user is in', () => {
    const { api, asGrid } = setUp();
    document.getElementById('filter')!.focus();
    focusFirstCell(asGrid, 'code');
    expect(api.setFocusedCell).not.toHaveBeenCalled();
    (document.activeElement as HTMLElement).blur();
    focusFirstCell(asGrid, 'code');
    expect(api.setFocusedCell).toHaveBeenCalledWith(0, 'code');
  });

  it('never from a dialog opened over the page, even from a grid inside it', () => {
    setUp();
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog"><input id="query"><div class="ag-root-wrapper"><div id="dcell" tabindex="-1"></div></div></div>');
    document.getElementById('query')!.focus();
    expect(focusIsFree()).toBe(false);
    document.getElementById('dcell')!.focus();
    expect(focusIsFree()).toBe(false);
  });
});

describe('an entry grid that mounts does not take the focus from another dialog', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  it('is in another dialog only when a dialog holds the focus and not the grid', () => {
    document.body.innerHTML = '<div id="page"><div id="grid"></div></div><div role="dialog" id="palette"><input id="q"></div><div role="dialog" id="aux"><button id="gear"></button><div id="auxgrid"></div></div>';
    const $ = (id: string) => document.getElementById(id)!;
    expect(focusInOtherDialog($('grid'))).toBe(false);
    $('q').focus();
    expect(focusInOtherDialog($('grid'))).toBe(true);
    expect(focusInOtherDialog($('auxgrid'))).toBe(true);
    // A popup's own grid may take the focus from the popup's own controls.
    $('gear').focus();
    expect(focusInOtherDialog($('auxgrid'))).toBe(false);
    expect(focusInOtherDialog(null)).toBe(true);
  });
});
