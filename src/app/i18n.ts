/**
 * i18next set-up for the SPA. Every namespace is a JSON file in locales/<lang>/; both languages
 * hold the same keys (locales/parity.test.ts). Language: saved preference, else browser language,
 * else Chinese (spec 01 §1).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../domain/enums';

const modules = import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;

function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, content] of Object.entries(modules)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lang, ns] = m;
    (resources[lang] ??= {})[ns] = content;
  }
  return resources;
}

export const LANGUAGE_STORAGE_KEY = 'ledgerdesk.language';

export function detectLanguage(): Language {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  if (saved === 'zh_CN' || saved === 'en_US') return saved;
  const nav = typeof navigator !== 'undefined' ? navigator.language : '';
  if (/^en/i.test(nav)) return 'en_US';
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
  const resources = buildResources();
  void i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'zh_CN',
    ns: Object.keys(resources.zh_CN ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
