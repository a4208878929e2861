/**
 * What an editor page calls its tab ("凭证 记-0007", "新增凭证") instead of the page title plus the
 * raw id of its path ("凭证录入 new"). A label is an i18n key with parameters, so it follows the
 * language; kept in sessionStorage with the tabs (a reload keeps the names of background tabs).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { pageOf } from '../routes/access';

export interface TabLabel {
  /** i18n key with its namespace ("voucher:tabTitle"). */
  key: string;
  params?: Record<string, string>;
  /**
   * Parameters that are data in two languages (a voucher kind's Chinese and English names), by
   * language code: a background tab, whose page is not there to name it again, still follows a
   * language switch. Wins over `params` for the language it has.
   */
  paramsByLanguage?: Partial<Record<string, Record<string, string>>>;
}

/** The parameters of a label in `language`. */
export function labelParams(label: TabLabel, language: string): Record<string, string> | undefined {
  return label.paramsByLanguage?.[language] ?? label.params;
}

const STORAGE_KEY = 'ledgerdesk.tabLabels';

function load(): Record<string, TabLabel> {
  try {
    const raw = typeof sessionStorage !== 'undefined' ? sessionStorage.getItem(STORAGE_KEY) : null;
    return raw ? (JSON.parse(raw) as Record<string, TabLabel>) : {};
  } catch {
    return {};
  }
}

let labels: Readonly<Record<string, TabLabel>> = load();
const listeners = new Set<() => void>();

function write(next: Record<string, TabLabel>) {
  labels = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    /* storage full or unavailable: the labels still hold for this page */
  }
  for (const l of listeners) l();
}

export const tabLabels = {
  get: (path: string): TabLabel | undefined => labels[path],
  set(path: string, label: TabLabel | null) {
    const same = JSON.stringify(labels[path] ?? null) === JSON.stringify(label);
    if (same) return;
    const next = { ...labels };
    if (label) next[path] = label;
    else delete next[path];
    write(next);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => labels,
};

/** The labels, re-rendering on change (the tab strip, the breadcrumbs). */
export function useTabLabels(): Readonly<Record<string, TabLabel>> {
  return useSyncExternalStore(tabLabels.subscribe, tabLabels.snapshot, tabLabels.snapshot);
}

/** Names the tab of `path` while the page shows it. */
export function useTabLabel(path: string, label: TabLabel | null): void {
  const text = JSON.stringify(label);
  useEffect(() => {
    tabLabels.set(path, text === 'null' ? null : (JSON.parse(text) as TabLabel));
  }, [path, text]);
}

/**
 * A tab's name as the tab itself reads: the label its page gave it ("新增凭证", "凭证 记-0007"), else
 * the page title plus the id of an editor page (/newVoucher/12). Dialogs naming tabs use it too.
 */
export function tabTitle(
  tab: { path: string; pageKey: string },
  t: (key: string, params?: Record<string, string>) => string,
  language: string,
  label: TabLabel | undefined = labels[tab.path],
): string {
  if (label) return t(label.key, labelParams(label, language));
  const title = t(`menu:${tab.pageKey}`);
  const page = pageOf(tab.path);
  if (page?.path.includes('$')) return `${title} ${tab.path.split('/').at(-1)}`;
  return title;
}
