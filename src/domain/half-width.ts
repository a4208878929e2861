/**
 * Codes and numbers typed with a Chinese input method in full-width mode (全角: ０４４１, ＡＢ, the
 * ideographic space) are the same codes as their half-width forms. Every code, number and invoice
 * number is compared, and stored, in the half-width form (Unicode NFKC): '０４４１０５７７２' is
 * the invoice 044105772 already reimbursed, not another one, and 'Ｃ００１' the customer C001.
 */
export function halfWidth(text: string): string {
  return text.normalize('NFKC');
}

/**
 * The key a typed code is known by: its half-width form, letters in lower case. 'Ｃ００１', 'C001' and
 * 'c001' are one customer (the database's unique indexes are on lower(code): src/server/db/codes.ts).
 */
export function codeKey(code: string): string {
  return halfWidth(code).trim().toLowerCase();
}
