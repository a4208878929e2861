/**
 * Formula injection (CSV/Excel injection): a text cell that begins with = + - @ (or a tab or
 * carriage return, which some spreadsheet programs skip before such a character) could be taken
 * for a formula when the exported file is opened or re-saved. Exported text cells that begin so
 * are prefixed with an apostrophe, which spreadsheet programs show as plain text.
 */
const DANGEROUS_START = /^[=+\-@\t\r]/;

export function neutralizeCell(value: string): string {
  return DANGEROUS_START.test(value) ? `'${value}` : value;
}

/** Whether a text would be neutralized on export. */
export function isFormulaLike(value: string): boolean {
  return DANGEROUS_START.test(value);
}
