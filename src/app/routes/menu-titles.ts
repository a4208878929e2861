/** Menu titles in both languages, whatever the UI language (searches match either). */
import zhMenu from '../../../locales/zh_CN/menu.json';
import enMenu from '../../../locales/en_US/menu.json';

const lookup = (tree: unknown, key: string): string | undefined => {
  const v = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), tree);
  return typeof v === 'string' ? v : undefined;
};

/** A menu title in both languages (Chinese first); none for an unknown key. */
export const bothTitles = (key: string): string[] => [lookup(zhMenu, key), lookup(enMenu, key)].filter((x): x is string => !!x);
