/**
 * Which subjects may play a specific role in an account year (spec 01 §3 "Specific subject types";
 * decision record 019). CASH (库存现金) and BANK (银行存款) are the subjects the cashier journals
 * and the cash-flow statement read: CASH must be 1001 or a subject below it, BANK 1002 or a subject
 * below it (every Chinese chart keeps these codes). A parent stands for its whole subtree, so a
 * bank account added later under 1002 is covered without editing the set. CASH_OPP (the cash
 * counter-subjects) are the other side of a cash entry, so they are never cash or bank subjects
 * themselves; BUSINESS may be any subject. Disabled subjects take no new role.
 */
import type { specificSubjectTypes } from './enums';

export type SpecificKind = (typeof specificSubjectTypes)[number];

/** Code prefixes of the cash and bank subjects of the standard chart. */
export const CASH_CODE = '1001';
export const BANK_CODE = '1002';

const under = (code: string, root: string) => code.startsWith(root);

/** Why a subject cannot play the role (a reason key), or null when it can. */
export function specificSubjectProblem(kind: SpecificKind, subject: { code: string; disabled: boolean }): 'disabled' | 'notCash' | 'notBank' | 'cashOrBank' | null {
  if (subject.disabled) return 'disabled';
  if (kind === 'CASH' && !under(subject.code, CASH_CODE)) return 'notCash';
  if (kind === 'BANK' && !under(subject.code, BANK_CODE)) return 'notBank';
  if (kind === 'CASH_OPP' && (under(subject.code, CASH_CODE) || under(subject.code, BANK_CODE))) return 'cashOrBank';
  return null;
}

/** Whether a subject code is covered by a role held by these codes (itself or an ancestor). */
export function coveredBy(code: string, roleCodes: readonly string[]): boolean {
  return roleCodes.some((c) => code.startsWith(c));
}
