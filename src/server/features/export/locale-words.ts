/**
 * The words an export writes (headers, row labels, sides, sheet and file names) in the requester's
 * language, read from the app's own locale files so a workbook says what the screen says: zh_CN and
 * en_US hold the same keys (locales/parity.test.ts), and a key is renamed in one place.
 */
import zhLedgerAux from '../../../../locales/zh_CN/ledgerAux.json' with { type: 'json' };
import enLedgerAux from '../../../../locales/en_US/ledgerAux.json' with { type: 'json' };
import zhSubjectLedgers from '../../../../locales/zh_CN/subject-ledgers.json' with { type: 'json' };
import enSubjectLedgers from '../../../../locales/en_US/subject-ledgers.json' with { type: 'json' };
import zhExport from '../../../../locales/zh_CN/export.json' with { type: 'json' };
import enExport from '../../../../locales/en_US/export.json' with { type: 'json' };
import zhDocToVoucher from '../../../../locales/zh_CN/docToVoucher.json' with { type: 'json' };
import enDocToVoucher from '../../../../locales/en_US/docToVoucher.json' with { type: 'json' };
import type { Language } from '../../../domain/enums';

const NAMESPACES = {
  ledgerAux: { zh_CN: zhLedgerAux, en_US: enLedgerAux },
  subjectLedgers: { zh_CN: zhSubjectLedgers, en_US: enSubjectLedgers },
  export: { zh_CN: zhExport, en_US: enExport },
  // Not an export: the summaries documents to vouchers writes on a grouped voucher's lines.
  docToVoucher: { zh_CN: zhDocToVoucher, en_US: enDocToVoucher },
} as const;

/** A namespace's words in `lang` (typed from the Chinese file; the parity test keeps the English one alike). */
export function localeWords<N extends keyof typeof NAMESPACES>(namespace: N, lang: Language): (typeof NAMESPACES)[N]['zh_CN'] {
  return NAMESPACES[namespace][lang];
}

/** Fills i18next-style `{{name}}` placeholders. */
export const fillWords = (template: string, params: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
