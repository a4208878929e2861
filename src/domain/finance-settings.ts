/**
 * Pure rules of the financial settings: the voucher kinds every new ledger set starts with, the
 * voucher code length limits, and currency codes and exchange rates.
 */

/** Spec 01 §9: voucher code length defaults to 4. The spec names no limits; 1–10 keeps codes inside an integer. */
export const VOUCHER_CODE_LENGTH_DEFAULT = 4;
export const VOUCHER_CODE_LENGTH_MIN = 1;
export const VOUCHER_CODE_LENGTH_MAX = 10;

/** A voucher kind's name is one short word (spec 01 §9 short text: 16). */
export const VOUCHER_KIND_NAME_MAX = 16;

/** 记/收/付/转 with English labels; 记 is the default kind. */
export const DEFAULT_VOUCHER_KINDS: ReadonlyArray<{ name: string; nameEn: string; isDefault: boolean }> = [
  { name: '记', nameEn: 'General', isDefault: true },
  { name: '收', nameEn: 'Receipt', isDefault: false },
  { name: '付', nameEn: 'Payment', isDefault: false },
  { name: '转', nameEn: 'Transfer', isDefault: false },
];

export const BASE_CURRENCY = { code: 'CNY', name: '人民币 Renminbi', rate: '1' } as const;

/** Currency codes are three letters (ISO 4217), stored upper case. */
export function normalizeCurrencyCode(code: string): string | null {
  const c = code.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(c) ? c : null;
}

/** A positive decimal with at most 12 integer digits and 6 decimals, as a canonical string ("6.5", "1"); null when invalid. */
export function normalizeRate(rate: string | number): string | null {
  const s = String(rate).trim();
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(s);
  if (!m) return null;
  const int = m[1].replace(/^0+(?=\d)/, '');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (/^0*$/.test(int) && frac === '') return null;
  return frac ? `${int}.${frac}` : int;
}

/** Pads a voucher code to the rule's length for display (spec 01 §3: "shown padded to the code length"). */
export function padVoucherCode(code: number | string, length: number): string {
  return String(code).padStart(length, '0');
}
