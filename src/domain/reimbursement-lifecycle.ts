/**
 * The reimbursement lifecycle (spec 02 §4 reimbursement document, §6 right 30105) as data: the
 * states a document is in, the editor's actions with their right and guards, and the transition
 * table. machines/reimbursement.machine.ts is built from it (the editor toolbar), the server runs
 * the same decision when it locks or unlocks (`POST /expense/lock`), and docs/machines.md is
 * generated from it.
 *
 * - unaudited (no lockAt) ↔ audited (lockAt set): Audit locks, Cancel audit unlocks;
 * - audit and cancel audit need edit-reimbursement (30105) and a saved document, and are refused
 *   with a save prompt while the editor holds unsaved edits; the maker cannot audit their own document;
 * - an audited document is read-only: no edit, save or delete until its audit is cancelled.
 */
import { RIGHTS, hasRight, type RightHolder } from './rights';
import type { ResultCode } from './result-codes';

/** `new` is an editor not saved yet. */
export const reimbursementStates = ['new', 'unaudited', 'audited'] as const;
export type ReimbursementState = (typeof reimbursementStates)[number];

export const reimbursementActions = ['edit', 'save', 'audit', 'cancelAudit', 'delete'] as const;
export type ReimbursementAction = (typeof reimbursementActions)[number];

/** What the guards read. */
export interface ReimbursementActionContext {
  user: RightHolder & { id: number };
  /** The editor holds changes not saved yet (the server always decides with false). */
  dirty: boolean;
  /** The maker (markerId) of the stored document; null for one not saved yet or made by nobody (imported). */
  makerId: number | null;
}

export type ReimbursementGuardName = 'noUnsavedEdits' | 'makerIsNotAuditor';

export const reimbursementGuards: Readonly<Record<ReimbursementGuardName, { code: ResultCode; test: (ctx: ReimbursementActionContext) => boolean; en: string }>> = {
  noUnsavedEdits: { code: 'REIMBURSE_SAVE_FIRST', test: (ctx) => !ctx.dirty, en: 'the editor holds no unsaved edits (else the save prompt)' },
  // Segregation of duties, as for vouchers (VOUCHER_SELF_AUDIT): whoever prepared the claim does not approve it.
  makerIsNotAuditor: { code: 'REIMBURSE_SELF_AUDIT', test: (ctx) => ctx.makerId === null || ctx.makerId !== ctx.user.id, en: 'the auditor is not the maker' },
};

interface Refusal {
  when: readonly ReimbursementState[];
  code: ResultCode;
}

export interface ReimbursementActionSpec {
  right: number;
  guards: readonly ReimbursementGuardName[];
  refusals: readonly Refusal[];
  en: string;
  zh: string;
}

const NOT_SAVED: Refusal = { when: ['new'], code: 'REIMBURSE_NOT_SAVED' };
const AUDITED: Refusal = { when: ['audited'], code: 'REIMBURSE_AUDITED' };

export const reimbursementActionSpecs: Readonly<Record<ReimbursementAction, ReimbursementActionSpec>> = {
  edit: { right: RIGHTS.REIMBURSE_EDIT, guards: [], refusals: [AUDITED], en: 'Edit', zh: '编辑' },
  save: { right: RIGHTS.REIMBURSE_EDIT, guards: [], refusals: [AUDITED], en: 'Save', zh: '保存' },
  audit: { right: RIGHTS.REIMBURSE_EDIT, guards: ['makerIsNotAuditor', 'noUnsavedEdits'], refusals: [NOT_SAVED, { when: ['audited'], code: 'REIMBURSE_ALREADY_AUDITED' }], en: 'Audit', zh: '审核' },
  cancelAudit: { right: RIGHTS.REIMBURSE_EDIT, guards: ['noUnsavedEdits'], refusals: [NOT_SAVED, { when: ['unaudited'], code: 'REIMBURSE_NOT_AUDITED' }], en: 'Cancel audit', zh: '取消审核' },
  delete: { right: RIGHTS.REIMBURSE_EDIT, guards: [], refusals: [NOT_SAVED, AUDITED], en: 'Delete', zh: '删除' },
};

export interface ReimbursementTransition {
  from: ReimbursementState;
  action: ReimbursementAction;
  to: ReimbursementState;
}

const t = (from: ReimbursementState, action: ReimbursementAction, to: ReimbursementState): ReimbursementTransition => ({ from, action, to });

/** The transition table; a pair without a row is refused with its action's refusal code. */
export const reimbursementTransitions: readonly ReimbursementTransition[] = [
  t('new', 'edit', 'new'),
  t('new', 'save', 'unaudited'),
  t('unaudited', 'edit', 'unaudited'),
  t('unaudited', 'save', 'unaudited'),
  t('unaudited', 'audit', 'audited'),
  t('unaudited', 'delete', 'new'),
  t('audited', 'cancelAudit', 'unaudited'),
];

export function findReimbursementTransition(state: ReimbursementState, action: ReimbursementAction): ReimbursementTransition | undefined {
  return reimbursementTransitions.find((r) => r.from === state && r.action === action);
}

/** The code a (state, action) pair without a row is refused with. */
export function reimbursementRefusalOf(state: ReimbursementState, action: ReimbursementAction): ResultCode {
  return reimbursementActionSpecs[action].refusals.find((r) => r.when.includes(state))?.code ?? 'OPERATION_FAILED';
}

export type ReimbursementTransitionResult = { ok: true; next: ReimbursementState } | { ok: false; code: ResultCode };

/** The table's decision: the right first, then the state, then the guards. */
export function nextReimbursementState(state: ReimbursementState, action: ReimbursementAction, ctx: ReimbursementActionContext): ReimbursementTransitionResult {
  const spec = reimbursementActionSpecs[action];
  if (!hasRight(ctx.user, spec.right)) return { ok: false, code: 'NO_PERMISSION' };
  const row = findReimbursementTransition(state, action);
  if (!row) return { ok: false, code: reimbursementRefusalOf(state, action) };
  for (const g of spec.guards) if (!reimbursementGuards[g].test(ctx)) return { ok: false, code: reimbursementGuards[g].code };
  return { ok: true, next: row.to };
}

/** The stored document's state: audited while it has a lock time. */
export function reimbursementStateOf(doc: { id: number | null; lockAt: string | Date | null } | null): ReimbursementState {
  if (!doc || doc.id === null) return 'new';
  return doc.lockAt ? 'audited' : 'unaudited';
}
