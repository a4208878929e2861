/**
 * i18next set-up for the SPA. Every namespace is a JSON file in locales/<lang>/; both languages
 * hold the same keys (locales/parity.test.ts). Language: saved preference, else the browser's
 * languages, else Chinese (spec 01 §1).
 *
 * Only what the sign-in page needs (common, auth, errors) is bundled with the entry; the other
 * namespaces of a language are one lazily loaded chunk, fetched when the signed-in shell starts
 * (loadNamespaces, awaited by the router), so the login route stays small as screens add
 * their texts.
 */
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../domain/enums';

type Json = Record<string, unknown>;
const eagerModules = import.meta.glob('../../locales/*/{common,auth,errors}.json', { eager: true, import: 'default' }) as Record<string, Json>;
/**
 * The other namespaces, one chunk per language (src/app/i18n-bundles): the shell's first load asks
 * for one file instead of one per namespace, which queued behind the shell's code (six connections).
 */
const lazyBundles: Record<Language, () => Promise<{ default: Record<string, Json> }>> = {
  zh_CN: () => import('./i18n-bundles/zh_CN'),
  en_US: () => import('./i18n-bundles/en_US'),
};

const nsOf = (path: string) => /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);

function bundledResources() {
  const resources: Record<string, Record<string, Json>> = {};
  for (const [path, content] of Object.entries(eagerModules)) {
    const m = nsOf(path);
    if (m) (resources[m[1]] ??= {})[m[2]] = content;
  }
  return resources;
}

/**
 * Namespaces loaded on demand: every namespace but the sign-in page's, named by the Chinese bundle
 * (the fallback language, loaded in either language; both hold the same files: parity test).
 */
async function lazyNamespaces(): Promise<string[]> {
  const bundle = (await lazyBundles.zh_CN()).default;
  return Object.keys(bundle).map((p) => nsOf(p)?.[2]).filter((x): x is string => !!x).sort();
}

export const LANGUAGE_STORAGE_KEY = 'ledgerdesk.language';

export function detectLanguage(): Language {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  if (saved === 'zh_CN' || saved === 'en_US') return saved;
  const wanted = typeof navigator !== 'undefined' ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  // The first browser language we support decides; none supported → Chinese.
  for (const l of wanted) {
    if (/^zh/i.test(l)) return 'zh_CN';
    if (/^en/i.test(l)) return 'en_US';
  }
  return 'zh_CN';
}

export function setStoredLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
}

export const i18n = i18next;

let initialised = false;
export function initI18n(lang: Language = detectLanguage()) {
  if (initialised) return i18next;
  initialised = true;
  const resources = bundledResources();
  void i18next
    .use(initReactI18next)
    .use(resourcesToBackend(async (language: string, namespace: string) => (await lazyBundles[language as Language]?.())?.default[`../../../locales/${language}/${namespace}.json`] ?? {}))
    .init({
      resources,
      partialBundledLanguages: true,
      lng: lang,
      fallbackLng: 'zh_CN',
      ns: Object.keys(resources.zh_CN ?? {}),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return i18next;
}

/** Loads the given namespaces (default: all lazy ones) in the current language; resolves when ready. */
export async function loadNamespaces(namespaces?: readonly string[]): Promise<void> {
  await i18next.loadNamespaces([...(namespaces ?? (await lazyNamespaces()))]);
}
