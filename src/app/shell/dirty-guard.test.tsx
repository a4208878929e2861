// @vitest-environment jsdom
/**
 * Leaving with unsaved changes (logout, a company / ledger / year switch): one dirty editor that
 * can save asks Yes / No / Cancel (spec 01 §4) and names the tab as the tab reads; several dirty
 * tabs, or one that cannot save from outside, ask whether to discard them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../tests/support/dom-shims';
import { I18nextProvider } from 'react-i18next';
import type { Tab } from './tabs-store';

vi.mock('../i18n', async () => {
  const { createInstance } = await import('i18next');
  const read = (ns: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales/zh_CN', `${ns}.json`), 'utf8')) as Record<string, unknown>;
  const i18n = createInstance();
  await i18n.init({ lng: 'zh_CN', resources: { zh_CN: { shell: read('shell'), common: read('common'), menu: read('menu'), voucher: read('voucher'), reimburse: read('reimburse') } }, interpolation: { escapeValue: false } });
  return { i18n };
});
// The unit lane shares one module cache across files (isolate: false), where the hoisted mock is
// ignored once another file has loaded the real i18n: load the modules afresh, after the mock.
vi.resetModules();
const { confirmDiscardDirtyTabs, installLeaveGuard, leaveQuestionOf } = await import('./dirty-guard');
const { i18n } = await import('../i18n');
const { tabLabels } = await import('./tab-labels');
const { tabsStore } = await import('./tabs-store');

beforeAll(() => {
  installDomShims();
});
beforeEach(() => {
  // The question's buttons read the catalogue through react-i18next (SaveTipQuestion), as in the app.
  render(<I18nextProvider i18n={i18n}><MantineProvider><ModalsProvider>{null}</ModalsProvider></MantineProvider></I18nextProvider>);
});
afterEach(() => {
  tabsStore.clear();
  cleanup();
});

const tab = (path: string, pageKey: string): Tab => ({ path, href: path, pageKey, affix: false });
const newVoucher = tab('/newVoucher/new', 'newVoucher');
const companyInfo = tab('/system/companyInfor', 'system.companyInfor');

function dirtyEditor(save?: () => Promise<boolean>) {
  tabsStore.visit(newVoucher);
  // The editor names its tab "新增凭证" (its page's label), not the menu's "凭证录入".
  tabLabels.set(newVoucher.path, { key: 'voucher:newTitle' });
  tabsStore.setDirty(newVoucher.path, true);
  return save ? tabsStore.registerSaver(newVoucher.path, save) : () => {};
}

describe('leaveQuestionOf', () => {
  it('asks Yes / No / Cancel for one dirty tab that can save, discard-all otherwise', () => {
    expect(leaveQuestionOf([], () => true)).toEqual({ kind: 'none' });
    expect(leaveQuestionOf([newVoucher], () => true)).toEqual({ kind: 'save', tab: newVoucher });
    expect(leaveQuestionOf([companyInfo], () => false)).toEqual({ kind: 'discard', tabs: [companyInfo] });
    expect(leaveQuestionOf([newVoucher, companyInfo], () => true)).toEqual({ kind: 'discard', tabs: [newVoucher, companyInfo] });
  });
});

describe('confirmDiscardDirtyTabs', () => {
  it('names the dirty editor as its tab reads and offers Yes / No / Cancel; Yes saves, then continues', async () => {
    const save = vi.fn(async () => true);
    dirtyEditor(save);
    let answer: boolean | undefined;
    void confirmDiscardDirtyTabs().then((a) => (answer = a));
    const text = await screen.findByTestId('discard-dirty-dialog');
    expect(text.textContent).toContain('“新增凭证”有未保存的修改');
    expect(text.textContent).not.toContain('凭证录入');
    expect(screen.getByTestId('discard-dirty-save').textContent).toContain('是，保存');
    expect(screen.getByTestId('discard-dirty-confirm').textContent).toContain('否');
    expect(screen.getByTestId('discard-dirty-cancel').textContent).toContain('取消');
    fireEvent.click(screen.getByTestId('discard-dirty-save'));
    await waitFor(() => expect(answer).toBe(true));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a save that is refused stays (the editor shows why)', async () => {
    dirtyEditor(async () => false);
    let answer: boolean | undefined;
    void confirmDiscardDirtyTabs().then((a) => (answer = a));
    await screen.findByTestId('discard-dirty-save');
    fireEvent.keyDown(screen.getByTestId('leave-save-dialog'), { key: 'y' });
    await waitFor(() => expect(answer).toBe(false));
    expect(tabsStore.dirtyTabs().map((t) => t.path)).toEqual([newVoucher.path]);
  });

  it('No discards and continues; Cancel stays with the changes', async () => {
    const save = vi.fn(async () => true);
    dirtyEditor(save);
    let answer: boolean | undefined;
    void confirmDiscardDirtyTabs().then((a) => (answer = a));
    fireEvent.click(await screen.findByTestId('discard-dirty-cancel'));
    await waitFor(() => expect(answer).toBe(false));
    expect(tabsStore.dirtyTabs()).toHaveLength(1);

    answer = undefined;
    void confirmDiscardDirtyTabs().then((a) => (answer = a));
    await waitFor(() => expect(screen.getAllByTestId('leave-save-dialog')).toHaveLength(1));
    fireEvent.keyDown(screen.getByTestId('leave-save-dialog'), { key: 'n' });
    await waitFor(() => expect(answer).toBe(true));
    expect(tabsStore.dirtyTabs()).toHaveLength(0);
    expect(save).not.toHaveBeenCalled();
  });

  it('Yes for an editor in the background shows its tab and saves there once it is back', async () => {
    const unregister = dirtyEditor(async () => true);
    unregister();
    const go = vi.fn();
    const uninstall = installLeaveGuard(go);
    const save = vi.fn(async () => true);
    let answer: boolean | undefined;
    void confirmDiscardDirtyTabs().then((a) => (answer = a));
    fireEvent.click(await screen.findByTestId('discard-dirty-save'));
    await waitFor(() => expect(go).toHaveBeenCalledWith(newVoucher.href));
    act(() => void tabsStore.registerSaver(newVoucher.path, save));
    await waitFor(() => expect(answer).toBe(true));
    expect(save).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('several dirty tabs, or a form that cannot save from outside, ask to discard them all', async () => {
    dirtyEditor(async () => true);
    tabsStore.visit(companyInfo);
    tabsStore.setDirty(companyInfo.path, true);
    let answer: boolean | undefined;
    void confirmDiscardDirtyTabs().then((a) => (answer = a));
    const text = await screen.findByTestId('discard-dirty-dialog');
    expect(text.textContent).toContain('新增凭证、公司信息');
    expect(screen.queryByTestId('discard-dirty-save')).toBeNull();
    fireEvent.click(screen.getByTestId('discard-dirty-confirm'));
    await waitFor(() => expect(answer).toBe(true));
    expect(tabsStore.dirtyTabs()).toHaveLength(0);
  });
});
