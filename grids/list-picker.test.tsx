// @vitest-environment jsdom
/**
 * The F7 pick list searches as the cell does (lookup-match.ts): by code, by the name shown and the
 * other language's name, and by the pinyin initials of a Chinese name, which it works out itself
 * for options that bring none (every screen's picker: kinds, summaries, auxiliary values …).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../tests/support/dom-shims';
import { ListPicker } from './list-picker';
import { bilingualOption, type LookupOption } from './lookup-match';
import { loadPinyinInitials } from './pinyin-initials';

beforeAll(async () => {
  installDomShims();
  await loadPinyinInitials();
});
/**
 * The test's own i18next (keys read back as themselves, never suspending): with the unit files
 * sharing their worker's modules, the app's global instance may be there from an earlier file, and
 * its useTranslation would suspend while loading a namespace (the component then renders nothing).
 */
const i18n = createInstance();
void i18n.init({ lng: 'en_US', resources: {}, react: { useSuspense: false } });
afterEach(cleanup);

const subjects = [
  { value: '1', code: '1001', name: '库存现金', nameEn: 'Cash on hand' },
  { value: '2', code: '1002', name: '银行存款', nameEn: 'Bank deposits' },
  { value: '3', code: '6602', name: '管理费用', nameEn: 'Administrative expenses' },
];

function open(options: readonly LookupOption[], initialQuery = '') {
  const onPick = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <ListPicker opened title="Subjects" options={options} initialQuery={initialQuery} onPick={onPick} onClose={() => {}} />
      </MantineProvider>
    </I18nextProvider>,
  );
  const shown = () => screen.queryAllByRole('option').map((o) => o.textContent);
  const type = (text: string) => act(() => {
    fireEvent.change(screen.getByTestId('list-picker-query'), { target: { value: text } });
  });
  return { onPick, shown, type };
}

describe('ListPicker search', () => {
  it('finds a Chinese name by its pinyin initials, as typing them in the cell does', async () => {
    const p = open(subjects.map(({ value, code, name }) => ({ value, code, name })));
    p.type('yhck');
    await waitFor(() => expect(p.shown()).toEqual(['1002银行存款']));
    fireEvent.keyDown(screen.getByTestId('list-picker-query'), { key: 'Enter' });
    expect(p.onPick).toHaveBeenCalledWith('2');
  });

  it('shows English names to an English reader and finds an option by either name or by initials', async () => {
    const p = open(subjects.map((s) => bilingualOption(s, 'en_US')));
    expect(p.shown()).toEqual(['1001Cash on hand', '1002Bank deposits', '6602Administrative expenses']);
    p.type('Administrative');
    expect(p.shown()).toEqual(['6602Administrative expenses']);
    p.type('管理');
    expect(p.shown()).toEqual(['6602Administrative expenses']);
    p.type('glfy');
    await waitFor(() => expect(p.shown()).toEqual(['6602Administrative expenses']));
  });

  it('still finds by code and says when nothing matches', () => {
    const p = open(subjects.map((s) => bilingualOption(s, 'zh_CN')), '100');
    expect(p.shown()).toEqual(['1001库存现金', '1002银行存款']);
    p.type('zzzz');
    expect(p.shown()).toEqual([]);
  });

  it('shows at most 100 matches and says so when there were more (spec 02 §5), not when there were not', () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ value: String(i), code: `C${String(i).padStart(4, '0')}`, name: `Client ${i}` }));
    const p = open(many);
    expect(p.shown()).toHaveLength(100);
    expect(screen.getByTestId('list-picker-capped')).toBeTruthy();
    p.type('C00');
    expect(p.shown()).toHaveLength(100);
    p.type('C01');
    expect(p.shown()).toHaveLength(50);
    expect(screen.queryByTestId('list-picker-capped')).toBeNull();
  });
});
