/**
 * How an amount fills the digit columns of a ledger cell: 11 columns from 亿 (hundred million)
 * down to 分 (cent), the classic rules between them (thicker between 元 and 角 and every three
 * integer digits). Pure, so the cell renderer only copies strings into spans.
 */
export const DIGIT_SLOT_COUNT = 11;
/** Slot index of 元 (units); 角 and 分 follow. */
export const YUAN_SLOT = 8;

export interface DigitSlots {
  /** One character per column, '' where the column is blank. */
  digits: readonly string[];
  negative: boolean;
  /** The amount has more integer digits than the columns hold (shown as text instead). */
  overflow: boolean;
}

const BLANK: DigitSlots = Object.freeze({ digits: Object.freeze(Array<string>(DIGIT_SLOT_COUNT).fill('')), negative: false, overflow: false });

const cache = new Map<number, DigitSlots>();
const CACHE_LIMIT = 512;

/**
 * Digits of an amount in cents, right-aligned on 分. Zero and empty are blank; an amount under
 * one yuan still shows its 元 and 角 zeros (0.05 → 0 | 0 5) so the cell reads like the figure.
 */
export function digitSlots(cents: number | null | undefined): DigitSlots {
  if (cents === null || cents === undefined || cents === 0 || !Number.isFinite(cents)) return BLANK;
  const hit = cache.get(cents);
  if (hit) return hit;
  const negative = cents < 0;
  const text = String(Math.abs(Math.trunc(cents))).padStart(3, '0');
  const overflow = text.length > DIGIT_SLOT_COUNT;
  const digits = overflow ? BLANK.digits : [...Array<string>(DIGIT_SLOT_COUNT - text.length).fill(''), ...text];
  const slots: DigitSlots = { digits, negative, overflow };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(cents, slots);
  return slots;
}

export type SlotRule = 'none' | 'digit' | 'group' | 'decimal';

/** The rule on the left edge of each slot. */
export function slotRule(index: number): SlotRule {
  if (index === 0) return 'none';
  if (index === YUAN_SLOT + 1) return 'decimal';
  // Integer digits are grouped in threes counted from 元: boundaries before slot 6 (百) and slot 3 (十万).
  if ((YUAN_SLOT + 1 - index) % 3 === 0) return 'group';
  return 'digit';
}

export const SLOT_RULES: readonly SlotRule[] = Array.from({ length: DIGIT_SLOT_COUNT }, (_, i) => slotRule(i));

/** The characters of an amount's digit columns, left-aligned on its first digit, and how many blank columns lead them. */
export function digitRun(digits: readonly string[]): { text: string; lead: number } {
  let lead = 0;
  while (lead < digits.length && digits[lead] === '') lead++;
  return { text: digits.slice(lead).join(''), lead: lead === digits.length ? DIGIT_SLOT_COUNT : lead };
}
