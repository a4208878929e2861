/**
 * Before something that throws away every page's state (switching company, ledger set or year;
 * logging out), tabs with unsaved changes are named as their tabs read and the user answers.
 * One dirty editor that can save (its page registered a save: useTabDirty's `save`) asks Yes / No
 * / Cancel as leaving an editor does (spec 01 §4 "unsaved changes prompt a save dialog before …
 * leaving"): Yes saves it (going to its tab first when it is in the background) and continues
 * only once it saved, No discards and continues, Cancel stays. Several dirty tabs, or one that
 * cannot save from outside (a form), ask whether to discard them all. Leaving the application
 * (reload, closing the window) asks the browser's own question while any tab is dirty.
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import type { SaveTipAnswer } from '../features/common/save-tip';
import { SaveTipQuestion, type SaveTipTestIds } from '../features/common/save-tip-dialog';
import { tabTitle } from './tab-labels';
import { tabsStore, type Tab } from './tabs-store';

/** How long a background editor may take to show again before Yes gives up (its tab stays shown). */
const SAVER_WAIT_MS = 8000;

/** Where the guard goes to save a background tab (the app layout installs the router's navigate). */
let goTo: ((href: string) => void) | null = null;

const nameOf = (tab: Tab) => tabTitle(tab, (k, p) => i18n.t(k, p), i18n.language);

/** What the leave question offers: Yes / No / Cancel for one dirty editor that can save, else discard-all / Cancel. */
export function leaveQuestionOf(dirty: readonly Tab[], canSave: (path: string) => boolean): { kind: 'none' } | { kind: 'save'; tab: Tab } | { kind: 'discard'; tabs: readonly Tab[] } {
  if (!dirty.length) return { kind: 'none' };
  if (dirty.length === 1 && canSave(dirty[0].path)) return { kind: 'save', tab: dirty[0] };
  return { kind: 'discard', tabs: dirty };
}

const LEAVE_IDS: SaveTipTestIds = { root: 'leave-save-dialog', body: 'discard-dirty-dialog', cancel: 'discard-dirty-cancel', no: 'discard-dirty-confirm', yes: 'discard-dirty-save' };

function askSave(name: string): Promise<SaveTipAnswer> {
  return new Promise((resolve) => {
    let answered = false;
    const id = `leave-save-${Date.now()}`;
    const answer = (a: SaveTipAnswer) => {
      if (answered) return;
      answered = true;
      modals.close(id);
      resolve(a);
    };
    modals.open({
      modalId: id,
      title: i18n.t('shell:tabs.discardTitle'),
      centered: true,
      size: 'md',
      children: <SaveTipQuestion message={i18n.t('shell:tabs.leaveBody', { name })} onAnswer={answer} testIds={LEAVE_IDS} />,
      onClose: () => answer('cancel'),
    });
  });
}

/** Yes: the tab's page saves (shown first when it is in the background); true once saved. */
async function saveTab(tab: Tab): Promise<boolean> {
  let save = await tabsStore.whenSaver(tab.path, 0);
  if (!save && goTo) {
    goTo(tab.href);
    save = await tabsStore.whenSaver(tab.path, SAVER_WAIT_MS);
    // Let the page's other effects of that render run (its save reads the latest draft).
    if (save) await new Promise((r) => setTimeout(r, 50));
  }
  if (!save) {
    notifications.show({ color: 'orange', message: i18n.t('shell:tabs.leaveSaveThere', { name: nameOf(tab) }) });
    return false;
  }
  try {
    return await save();
  } catch {
    return false;
  }
}

function askDiscard(dirty: readonly Tab[]): Promise<boolean> {
  const names = dirty.map(nameOf).join(i18n.language === 'zh_CN' ? '、' : ', ');
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('shell:tabs.discardTitle'),
      children: <Text size="sm" data-testid="discard-dirty-dialog">{i18n.t('shell:tabs.discardBody', { names })}</Text>,
      labels: { confirm: i18n.t('shell:tabs.discardConfirm'), cancel: i18n.t('shell:tabs.keepOpen') },
      confirmProps: { color: 'red', 'data-testid': 'discard-dirty-confirm' } as never,
      cancelProps: { 'data-testid': 'discard-dirty-cancel' } as never,
      onConfirm: () => {
        for (const t of dirty) tabsStore.discard(t.path);
        resolve(true);
      },
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** Resolves true when nothing is dirty, or the changes were saved or discarded as the user chose. */
export async function confirmDiscardDirtyTabs(): Promise<boolean> {
  const q = leaveQuestionOf(tabsStore.dirtyTabs(), tabsStore.canSave);
  if (q.kind === 'none') return true;
  if (q.kind === 'discard') return askDiscard(q.tabs);
  const answer = await askSave(nameOf(q.tab));
  if (answer === 'cancel') return false;
  if (answer === 'no') {
    tabsStore.discard(q.tab.path);
    return true;
  }
  return saveTab(q.tab);
}

/**
 * While any tab is dirty, leaving the page asks the browser's "leave site?" question. `navigate`
 * lets the guard show a background tab whose changes the user chose to save.
 */
export function installLeaveGuard(navigate?: (href: string) => void): () => void {
  goTo = navigate ?? null;
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    if (!tabsStore.dirtyTabs().length) return;
    e.preventDefault();
    e.returnValue = '';
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    window.removeEventListener('beforeunload', onBeforeUnload);
    if (goTo === navigate) goTo = null;
  };
}
