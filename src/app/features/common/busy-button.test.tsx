// @vitest-environment jsdom
/**
 * An action button that runs (Export, a row icon's delete, Import, Save, OK) keeps the keyboard
 * focus: a disabled button drops it to <body> in the browser, so a busy one is never disabled; it
 * says aria-busy and refuses presses instead.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../../tests/support/dom-shims';
import { BusyButton } from './busy-button';
import { RowActions } from './row-actions';

beforeAll(() => {
  installDomShims();
});
afterEach(cleanup);

describe('BusyButton', () => {
  it('stays enabled and focused while busy, refuses presses, and says so', () => {
    const run = vi.fn();
    const view = render(<MantineProvider><BusyButton data-testid="export" onClick={run}>Export</BusyButton></MantineProvider>);
    const button = screen.getByTestId('export');
    button.focus();
    fireEvent.click(button);
    expect(run).toHaveBeenCalledTimes(1);

    view.rerender(<MantineProvider><BusyButton data-testid="export" busy onClick={run}>Export</BusyButton></MantineProvider>);
    const busy = screen.getByTestId('export');
    expect(busy).toBe(button);
    expect(busy.hasAttribute('disabled')).toBe(false);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(busy);
    expect(screen.getByTestId('busy-loader')).toBeTruthy();
    fireEvent.click(busy);
    expect(run).toHaveBeenCalledTimes(1);

    view.rerender(<MantineProvider><BusyButton data-testid="export" onClick={run}>Export</BusyButton></MantineProvider>);
    expect(document.activeElement).toBe(button);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });

  it('a busy submit button does not submit its form', () => {
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(<MantineProvider><form onSubmit={submit}><BusyButton type="submit" busy data-testid="go">Import</BusyButton></form></MantineProvider>);
    fireEvent.click(screen.getByTestId('go'));
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('RowActions', () => {
  it('a row icon whose action runs keeps its focus and refuses presses', () => {
    const remove = vi.fn();
    render(<MantineProvider><RowActions actions={[{ key: 'delete', label: 'Delete', icon: null, onClick: remove, disabled: true, busy: true }]} /></MantineProvider>);
    const icon = screen.getByTestId('row-action-delete');
    expect(icon.hasAttribute('disabled')).toBe(false);
    expect(icon.getAttribute('aria-busy')).toBe('true');
    icon.focus();
    expect(document.activeElement).toBe(icon);
    fireEvent.click(icon);
    expect(remove).not.toHaveBeenCalled();
  });
});
