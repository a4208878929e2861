/**
 * Rules of the cashier settings (spec 01 §2 /basic cashier settings, §3 bank account kinds;
 * decision record 028): which subject a bank account or an income/outcome kind may link. A CASH
 * account books cash on hand, so its subject is 1001 库存现金 or below; a BANK account books bank
 * deposits, 1002 银行存款 or below; WeChat Pay, Alipay and other accounts take any subject. An
 * income or outcome kind names the other side of a journal line, so it is never a cash or bank
 * subject (moving money between cash and bank is not income). Every link is an enabled last-level
 * subject, the one a voucher line can carry. Shared by the server and the forms.
 */
import type { bankAccountKinds } from './enums';
import { BANK_CODE, CASH_CODE } from './specific-subjects';

export type BankAccountKind = (typeof bankAccountKinds)[number];

export interface SubjectLike { code: string; leaf: boolean; disabled: boolean }

export type LinkProblem = 'notLeaf' | 'disabled' | 'notCash' | 'notBank' | 'cashOrBank';

const under = (code: string, root: string) => code.startsWith(root);

/** Why the subject cannot be a bank account's of this kind, or null. */
export function bankAccountSubjectProblem(kind: BankAccountKind, s: SubjectLike): LinkProblem | null {
  if (!s.leaf) return 'notLeaf';
  if (s.disabled) return 'disabled';
  if (kind === 'CASH' && !under(s.code, CASH_CODE)) return 'notCash';
  if (kind === 'BANK' && !under(s.code, BANK_CODE)) return 'notBank';
  return null;
}

/** Why the subject cannot be an income or outcome kind's counter-subject, or null. */
export function cashierKindSubjectProblem(s: SubjectLike): LinkProblem | null {
  if (!s.leaf) return 'notLeaf';
  if (s.disabled) return 'disabled';
  if (under(s.code, CASH_CODE) || under(s.code, BANK_CODE)) return 'cashOrBank';
  return null;
}

/** Only a BANK account names its bank. */
export const kindHasBank = (kind: BankAccountKind): boolean => kind === 'BANK';

/** Account numbers are kept without spaces (as printed on a card: "6222 0202 …"). */
export const normalizeAccountNo = (v: string): string => v.replace(/\s+/g, '');
