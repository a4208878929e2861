/** Server-side message lookup from the same locale files the app uses (the error catalogue). */
import zhErrors from '../../../locales/zh_CN/errors.json' with { type: 'json' };
import enErrors from '../../../locales/en_US/errors.json' with { type: 'json' };
import type { Language } from '../../domain/enums';
import { messageKeyOf, type ResultCode } from '../../domain/result-codes';

type Catalogue = { [key: string]: string | Catalogue };
const catalogues: Record<Language, Catalogue> = { zh_CN: zhErrors, en_US: enErrors };

export function pickLanguage(explicit: string | undefined | null, acceptLanguage: string | undefined): Language {
  if (explicit === 'zh_CN' || explicit === 'en_US') return explicit;
  if (explicit && /^en/i.test(explicit)) return 'en_US';
  if (explicit && /^zh/i.test(explicit)) return 'zh_CN';
  if (acceptLanguage) {
    const first = acceptLanguage.split(',')[0]?.trim() ?? '';
    if (/^en/i.test(first)) return 'en_US';
  }
  return 'zh_CN';
}

function lookup(cat: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = cat;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(key: string): boolean {
  return lookup(catalogues.zh_CN, key) !== undefined;
}

/** A message of errors.json by dotted key ("validation.required"), with {{param}} substitution. */
export function translate(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  const template = lookup(catalogues[lang], key) ?? lookup(catalogues.zh_CN, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}

/**
 * The catalogue's message of a result code. INVALID_INPUT reads "<prefix>: {{detail}}"; raised with no
 * detail (a database guard, a caller that named nothing) it is a complete sentence of its own, never
 * a prefix with nothing after its colon.
 */
export function messageOf(code: ResultCode, lang: Language, params: Record<string, string | number> = {}): string {
  if (code === 'INVALID_INPUT' && !String(params.detail ?? '').trim()) return translate('validation.unnamed', lang);
  // A field named by its contract name ("reason") reads as its label in the language ("原因").
  const field = typeof params.field === 'string' ? lookup(catalogues[lang], `fields.${params.field}`) : undefined;
  return translate(messageKeyOf(code).replace(/^errors\./, ''), lang, field ? { ...params, field } : params);
}
