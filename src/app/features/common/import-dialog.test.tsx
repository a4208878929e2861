// @vitest-environment jsdom
/**
 * What the import popup says after an import the server took: its counts (created / updated /
 * unchanged) in the success notice, or, for a sheet without rows, that nothing was found.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../../tests/support/dom-shims';
import enCommon from '../../../../locales/en_US/common.json';
import zhCommon from '../../../../locales/zh_CN/common.json';
import { ImportDialog, importOutcome, importSuccessMessage } from './import-dialog';

const i18n = createInstance();
void i18n.init({ lng: 'en_US', resources: { en_US: { common: enCommon }, zh_CN: { common: zhCommon } }, defaultNS: 'common', interpolation: { escapeValue: false } });

beforeAll(() => {
  installDomShims();
});
afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('the import outcome', () => {
  it('reads the counts of the answer; no rows at all is "empty"; an answer without counts is unknown', () => {
    expect(importOutcome({ created: 3, updated: 1, unchanged: 5 })).toEqual({ created: 3, updated: 1, unchanged: 5 });
    expect(importOutcome({ created: 0, updated: 0, unchanged: 4 })).toEqual({ created: 0, updated: 0, unchanged: 4 });
    expect(importOutcome({ created: 0, updated: 0, unchanged: 0 })).toBe('empty');
    expect(importOutcome(undefined)).toBeNull();
    expect(importOutcome({ count: 2 })).toBeNull();
  });

  it('says the counts in both languages, with the product\'s "Operation successful!" and "Please check again!"', () => {
    const r = { created: 3, updated: 1, unchanged: 5 };
    expect(importSuccessMessage(i18n.getFixedT('en_US'), r)).toBe('Operation successful! Created 3, updated 1, unchanged 5. Please check again!');
    expect(importSuccessMessage(i18n.getFixedT('zh_CN'), r)).toBe('操作成功！新增 3 条，更新 1 条，未变 5 条。请再次检查！');
    expect(importSuccessMessage(i18n.getFixedT('en_US'), null)).toBe('Operation successful! Please check again!');
  });
});

function renderDialog(onImport: (file: File) => Promise<unknown>, onClose = vi.fn()) {
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <ImportDialog opened onClose={onClose} onImport={onImport} testId="customer-import-dialog" />
      </I18nextProvider>
    </MantineProvider>,
  );
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], 'customers.xlsx')] } });
  return onClose;
}

const notices = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((n) => String(n.message));
};

describe('ImportDialog', () => {
  it('a successful import closes the popup and notifies the counts', async () => {
    const onClose = renderDialog(async () => ({ created: 2, updated: 1, unchanged: 0 }));
    await act(async () => fireEvent.click(screen.getByTestId('customer-import-dialog-submit')));
    expect(onClose).toHaveBeenCalled();
    expect(notices()).toContain('Operation successful! Created 2, updated 1, unchanged 0. Please check again!');
  });

  it('a sheet without rows says no rows were found and keeps the popup open', async () => {
    const onClose = renderDialog(async () => ({ created: 0, updated: 0, unchanged: 0 }));
    await act(async () => fireEvent.click(screen.getByTestId('customer-import-dialog-submit')));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('customer-import-dialog-empty').textContent).toBe('No rows were found in the sheet: nothing was imported.');
    expect(notices().some((m) => m.includes('Operation successful'))).toBe(false);
  });
});

describe('ImportDialog by keyboard', () => {
  // The file box is a button: Enter on it opens the chooser, which hands it the focus back with the file.
  const fileButton = () => screen.getByTestId('customer-import-dialog-file');

  it('a file picked sends the focus on to Import, so the next Enter imports (not the chooser again)', async () => {
    const onImport = vi.fn(async () => ({ created: 1, updated: 0, unchanged: 0 }));
    renderDialog(onImport);
    expect(document.activeElement).toBe(screen.getByTestId('customer-import-dialog-submit'));
    // Enter on a focused submit button submits its form (jsdom does not: the browser's own activation).
    await act(async () => fireEvent.submit(document.activeElement!.closest('form')!));
    expect(onImport).toHaveBeenCalledTimes(1);
  });

  it('Enter on the file box imports once a file is chosen; before that it is the chooser\'s', async () => {
    const onImport = vi.fn(async () => ({ created: 1, updated: 0, unchanged: 0 }));
    const chooser = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    try {
      render(
        <MantineProvider>
          <I18nextProvider i18n={i18n}>
            <ImportDialog opened onClose={vi.fn()} onImport={onImport} testId="customer-import-dialog" />
          </I18nextProvider>
        </MantineProvider>,
      );
      act(() => fileButton().focus());
      const before = fireEvent.keyDown(fileButton(), { key: 'Enter', code: 'Enter' });
      // Not taken: the browser's activation (a click, opening the chooser) goes ahead.
      expect(before).toBe(true);
      expect(onImport).not.toHaveBeenCalled();
      fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'customers.xlsx')] } });
      act(() => fileButton().focus());
      await act(async () => { fireEvent.keyDown(fileButton(), { key: 'Enter', code: 'Enter' }); });
      expect(onImport).toHaveBeenCalledTimes(1);
      expect(chooser).not.toHaveBeenCalled();
    } finally {
      chooser.mockRestore();
    }
  });
});
