/** Server-side message lookup from the same locale files the app uses (the error catalogue). */
import zhErrors from '../../../locales/zh_CN/errors.json' with { type: 'json' };
import enErrors from '../../../locales/en_US/errors.json' with { type: 'json' };
import type { Language } from '../../domain/enums';
import { messageKeyOf, type ResultCode } from '../../domain/result-codes';

const catalogues: Record<Language, Record<string, string>> = { zh_CN: zhErrors, en_US: enErrors };

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

export function messageOf(code: ResultCode, lang: Language, params: Record<string, string | number> = {}): string {
  const key = messageKeyOf(code).replace(/^errors\./, '');
  const template = catalogues[lang][key] ?? catalogues.zh_CN[key] ?? code;
  return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}
