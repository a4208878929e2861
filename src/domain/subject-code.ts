/**
 * Subject code rules (spec 02 §3, §5): a rule is the list of level lengths; the cumulative prefix
 * lengths define the hierarchy (4-2-2-2 → codes of 4, 6, 8 and 10 digits). Pure functions shared by
 * the server's checks and the app's form.
 */
import type { SubjectKind } from './enums';
import { subjectKinds } from './enums';
import { halfWidth } from './half-width';

export const SUBJECT_CODE_MAX_LEVELS = 15;
export const SUBJECT_CODE_MAX_TOTAL = 40;
export const SUBJECT_CODE_MAX_LEVEL_LENGTH = 10;
/** The rule a new account year starts with. */
export const DEFAULT_SUBJECT_CODE_RULE: readonly number[] = [4, 2, 2, 2];

/** Why a rule is refused, or null when it is valid. */
export function codeRuleProblem(lengths: readonly number[]): 'empty' | 'tooManyLevels' | 'levelLength' | 'tooLong' | null {
  if (lengths.length === 0) return 'empty';
  if (lengths.length > SUBJECT_CODE_MAX_LEVELS) return 'tooManyLevels';
  if (lengths.some((n) => !Number.isInteger(n) || n < 1 || n > SUBJECT_CODE_MAX_LEVEL_LENGTH)) return 'levelLength';
  if (lengths.reduce((a, b) => a + b, 0) > SUBJECT_CODE_MAX_TOTAL) return 'tooLong';
  return null;
}

/** [4,2,2,2] → [4,6,8,10]. */
export function cumulativeLengths(lengths: readonly number[]): number[] {
  let sum = 0;
  return lengths.map((n) => (sum += n));
}

/** The code input keeps digits only (full-width digits typed in 全角 mode count as digits: halfWidth). */
export function digitsOnly(s: string): string {
  return halfWidth(s).replace(/\D+/g, '');
}

/** The kind decided by the first digit (1 ASSET … 5 PROFIT), or null for any other digit. */
export function kindOfCode(code: string): SubjectKind | null {
  const d = Number(code.charAt(0));
  return /^[1-5]/.test(code) ? subjectKinds[d - 1] : null;
}

/** The level (1-based) of a code under a rule: its length must be one of the cumulative lengths. */
export function levelOfCode(lengths: readonly number[], code: string): number | null {
  const i = cumulativeLengths(lengths).indexOf(code.length);
  return i < 0 ? null : i + 1;
}

/** Whether a code is acceptable under a rule: digits only, a rule length, a kind digit first (else tip2). */
export function isValidSubjectCode(lengths: readonly number[], code: string): boolean {
  return /^\d+$/.test(code) && levelOfCode(lengths, code) !== null && kindOfCode(code) !== null;
}

/** The parent's code (the prefix one level up), or null for a level-1 or invalid code. */
export function parentCodeOf(lengths: readonly number[], code: string): string | null {
  const level = levelOfCode(lengths, code);
  if (level === null || level === 1) return null;
  return code.slice(0, cumulativeLengths(lengths)[level - 2]);
}

/**
 * The normal balance side of a level-1 subject of a kind: assets and costs on the debit side,
 * liabilities, equity and profit-and-loss (income first) on the credit side. Children follow their
 * parent, and a level-1 subject may say otherwise (contra accounts, expenses).
 */
export function defaultDirectionOfKind(kind: SubjectKind): boolean {
  return kind === 'ASSET' || kind === 'COST';
}

/**
 * "Save and new": the next code at the same level (the last level's segment plus one, same width),
 * or null when the segment is already all nines.
 */
export function nextSiblingCode(lengths: readonly number[], code: string): string | null {
  const level = levelOfCode(lengths, code);
  if (level === null || !/^\d+$/.test(code)) return null;
  const start = level === 1 ? 0 : cumulativeLengths(lengths)[level - 2];
  const seg = code.slice(start);
  const next = (BigInt(seg) + 1n).toString().padStart(seg.length, '0');
  if (next.length > seg.length) return null;
  const out = code.slice(0, start) + next;
  return kindOfCode(out) ? out : null;
}

/** Whether changing the rule keeps every existing code at its level (else the change is refused). */
export function codesFitRule(lengths: readonly number[], subjects: ReadonlyArray<{ code: string; level: number }>): string[] {
  return subjects.filter((s) => levelOfCode(lengths, s.code) !== s.level).map((s) => s.code);
}
