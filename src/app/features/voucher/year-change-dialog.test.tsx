// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, keysOnlyI18n } from '../../../../tests/support/dom-shims';
import { YearChangeDialog, yearAnswerOfKey } from './year-change-dialog';

beforeAll(() => {
  installDomShims();
});
const i18n = keysOnlyI18n();
afterEach(cleanup);

const key = (k: string, more: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, repeat: false, isComposing: false, ...more });

describe('the year-change question', () => {
  it('C clears, K keeps; not with a modifier, a held key or an input method', () => {
    expect(yearAnswerOfKey(key('c'))).toBe('clear');
    expect(yearAnswerOfKey(key('C'))).toBe('clear');
    expect(yearAnswerOfKey(key('k'))).toBe('keep');
    expect(yearAnswerOfKey(key('c', { ctrlKey: true }))).toBeNull();
    expect(yearAnswerOfKey(key('k', { repeat: true }))).toBeNull();
    expect(yearAnswerOfKey(key('c', { isComposing: true }))).toBeNull();
    expect(yearAnswerOfKey(key('Enter'))).toBeNull();
  });

  it('its keys answer wherever its focus is, the ✕ too, once; the ✕ is out of the Tab order', () => {
    const onClear = vi.fn();
    const onKeep = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <YearChangeDialog question={{ date: '2025-06-15', fromYear: 2026, toYear: 2025 }} onClear={onClear} onKeep={onKeep} />
        </MantineProvider>
      </I18nextProvider>,
    );
    const close = document.querySelector<HTMLButtonElement>('.mantine-Modal-close')!;
    expect(close.tabIndex).toBe(-1);
    act(() => close.focus());
    fireEvent.keyDown(close, { key: 'c', code: 'KeyC' });
    fireEvent.keyDown(close, { key: 'k', code: 'KeyK' });
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onKeep).not.toHaveBeenCalled();
    expect(screen.getByTestId('voucher-year-clear').hasAttribute('data-autofocus')).toBe(true);
  });
});
