/**
 * Before something that throws away every page's state (switching company, ledger set or year;
 * logging out), tabs with unsaved changes are named and the user confirms; confirming discards
 * their changes. Leaving the application (reload, closing the window) asks the browser's own
 * question while any tab is dirty.
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../i18n';
import { tabsStore } from './tabs-store';

/** Resolves true when nothing is dirty or the user chose to discard the changes. */
export function confirmDiscardDirtyTabs(): Promise<boolean> {
  const dirty = tabsStore.dirtyTabs();
  if (!dirty.length) return Promise.resolve(true);
  const names = dirty.map((t) => i18n.t(`menu:${t.pageKey}`)).join(i18n.language === 'zh_CN' ? '、' : ', ');
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('shell:tabs.discardTitle'),
      children: <Text size="sm" data-testid="discard-dirty-dialog">{i18n.t('shell:tabs.discardBody', { names })}</Text>,
      labels: { confirm: i18n.t('shell:tabs.discardConfirm'), cancel: i18n.t('shell:tabs.keepOpen') },
      confirmProps: { color: 'red', 'data-testid': 'discard-dirty-confirm' } as never,
      onConfirm: () => {
        for (const t of dirty) tabsStore.discard(t.path);
        resolve(true);
      },
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** While any tab is dirty, leaving the page asks the browser's "leave site?" question. */
export function installLeaveGuard(): () => void {
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    if (!tabsStore.dirtyTabs().length) return;
    e.preventDefault();
    e.returnValue = '';
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => window.removeEventListener('beforeunload', onBeforeUnload);
}
