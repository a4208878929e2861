/**
 * Names in the reader's language. Master data carries a Chinese name and, optionally, an English
 * one (subjects, voucher kinds) or both always (auxiliary types): every screen, export and message
 * picks it here, so a blank English name falls back to the Chinese one everywhere alike.
 */

/** Whether a language code (or an answer already given) asks for English. */
const isEnglish = (language: string | boolean): boolean => (typeof language === 'boolean' ? language : language === 'en_US');

/** The English name when English is asked for and one is set (not blank), else the Chinese name. */
export function localName(language: string | boolean, x: { name: string; nameEn?: string | null }): string {
  return (isEnglish(language) && x.nameEn?.trim()) || x.name;
}

/** The same for a record whose two names are both kept (nameZh / nameEn), e.g. an auxiliary type. */
export function localTypeName(language: string | boolean, x: { nameZh: string; nameEn: string }): string {
  return (isEnglish(language) && x.nameEn.trim()) || x.nameZh;
}

/**
 * A voucher's label in the reader's language: the kind's name (localName), a dash and the padded
 * number — "记-0007", "General-0007" in English. What the server prints or says of a voucher (the
 * PDF, import results, messages) reads it here; the app's voucherLabelIn / voucherLabelOf
 * (voucher-mapping.ts) give the same from the kinds it holds.
 */
export function localVoucherLabel(language: string | boolean, kind: { name: string; nameEn?: string | null }, codeText: string): string {
  return `${localName(language, kind)}-${codeText}`;
}
