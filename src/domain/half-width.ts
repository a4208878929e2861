/**
 * Codes and numbers typed with a Chinese input method in full-width mode (全角: ０４４１, ＡＢ, the
 * ideographic space) are the same codes as their half-width forms. Every code, number and invoice
 * number is compared, and stored, in the half-width form (Unicode NFKC): '０４４１０５７７２' is
 * the invoice 044105772 already reimbursed, not another one, and 'Ｃ００１' the customer C001.
 */
export function halfWidth(text: string): string {
  return text.normalize('NFKC');
}
