/**
 * The voucher lifecycle (spec 01 §4 voucher, §6 rights) as data: every state a voucher can be in,
 * every action of the editor toolbar, and the transition table state × action → next state with
 * the right it needs and the guards it must pass. `nextVoucherState` reads the table; the XState
 * machine (machines/voucher.machine.ts) is built from the same table and drives the toolbar; the
 * server runs the same decision inside the action's transaction; docs/machines.md is generated
 * from it.
 *
 * Accounting practice the spec leaves implicit, written down here (docs/decisions/020):
 * - the maker of a voucher may not audit it (制单人与审核人不能为同一人), admins included;
 * - only a voucher audited as correct can be bookkept; an audit cannot be reversed while the
 *   voucher is bookkept (反记账 before 反审核), nor can the cashier signature;
 * - a voucher examined as error goes back to its maker: it cannot be signed or bookkept, only
 *   its error examination reversed;
 * - only an unlocked voucher (no audit, no signature, not bookkept) can be edited, invalidated or
 *   deleted; an invalid voucher can only be restored (reverse invalid), deleted or copied;
 * - every action except copying needs an open (not settled) period;
 * - a red reversal (红字冲销) undoes a voucher audited as correct (a draft is edited instead); once
 *   reversed, the original cannot be edited, invalidated, deleted, nor its audit or bookkeeping
 *   reversed until its reversal is deleted; the reversal's lines are the original's negated, so it
 *   is not edited or invalidated either (deleting it is the undo): the two stay a matched pair.
 */
import { RIGHTS, hasRight, type RightHolder } from './rights';
import type { ResultCode } from './result-codes';

/** The states a voucher moves through. `new` is an editor not saved yet; `deleted` is final. */
export const voucherLifecycleStates = [
  'new',
  'draft',
  'cashiered',
  'audited',
  'auditedCashiered',
  'auditError',
  'auditErrorCashiered',
  'bookkept',
  'bookkeptCashiered',
  'invalid',
  'deleted',
] as const;
export type VoucherLifecycleState = (typeof voucherLifecycleStates)[number];

/** The actions of the editor toolbar and its split dropdown (spec 01 §2 voucher editor, §4). */
export const voucherActions = [
  'edit',
  'save',
  'audit',
  'auditError',
  'reverseAudit',
  'reverseAuditError',
  'bookkeep',
  'reverseBookkeep',
  'cashier',
  'reverseCashier',
  'invalid',
  'reverseInvalid',
  'delete',
  'copy',
  'syncCopy',
] as const;
export type VoucherAction = (typeof voucherActions)[number];

/** The tags of spec 01 §4 plus `locked` (no editing once audited, bookkept or cashier-signed). */
export type VoucherTag = 'invalid' | 'auditSuccess' | 'auditError' | 'bookkept' | 'cashier' | 'locked';

/** What each state shows: its tags. `locked` follows from the others. */
export const voucherStateTags: Readonly<Record<VoucherLifecycleState, readonly VoucherTag[]>> = {
  new: [],
  draft: [],
  cashiered: ['cashier', 'locked'],
  audited: ['auditSuccess', 'locked'],
  auditedCashiered: ['auditSuccess', 'cashier', 'locked'],
  auditError: ['auditError', 'locked'],
  auditErrorCashiered: ['auditError', 'cashier', 'locked'],
  bookkept: ['auditSuccess', 'bookkept', 'locked'],
  bookkeptCashiered: ['auditSuccess', 'bookkept', 'cashier', 'locked'],
  invalid: ['invalid'],
  deleted: [],
};

/** What the guards read: who acts, on which voucher, in which period. */
export interface VoucherActionContext {
  user: RightHolder & { id: number };
  /** The maker (createdBy) of the voucher; null for a voucher not saved yet. */
  makerId: number | null;
  /** The voucher's period is settled (rolled). */
  periodSettled: boolean;
  /**
   * The voucher moves cash or bank money and the ledger requires the cashier's signature before
   * bookkeeping (出纳凭证必须经由出纳签字). False when the ledger does not ask for it.
   */
  cashierSignRequired: boolean;
  /** The voucher has a red reversal (红字冲销) that undoes it (not: the voucher is a reversal). */
  reversed?: boolean;
  /** The voucher is the red reversal of an original it is still linked to (its lines are that one's negated). */
  reversal?: boolean;
}

/** The named guards of the table; the machine registers a guard of the same name for each. */
export type VoucherGuardName = 'periodOpen' | 'makerIsNotAuditor' | 'cashierSignNotRequired' | 'notReversed' | 'notReversal';

export const voucherGuards: Readonly<Record<VoucherGuardName, { code: ResultCode; test: (ctx: VoucherActionContext) => boolean; en: string }>> = {
  periodOpen: { code: 'PERIOD_SETTLED', test: (ctx) => !ctx.periodSettled, en: 'the voucher’s period is not settled' },
  makerIsNotAuditor: { code: 'VOUCHER_SELF_AUDIT', test: (ctx) => ctx.makerId === null || ctx.makerId !== ctx.user.id, en: 'the auditor is not the maker' },
  cashierSignNotRequired: { code: 'VOUCHER_CASHIER_SIGN_REQUIRED', test: (ctx) => !ctx.cashierSignRequired, en: 'the ledger does not require the cashier’s signature for this voucher' },
  notReversed: { code: 'VOUCHER_REVERSED', test: (ctx) => !ctx.reversed, en: 'the voucher has no red reversal' },
  notReversal: { code: 'VOUCHER_REVERSAL_FIXED', test: (ctx) => !ctx.reversal, en: 'the voucher is not the red reversal of a linked original' },
};

/** Why an action does not apply to a state: tried in order, the first match explains the refusal. */
interface Refusal {
  when: readonly VoucherLifecycleState[];
  code: ResultCode;
}

export interface VoucherActionSpec {
  /** The operation right of spec 01 §6 the action needs. */
  right: number;
  /** Guards every transition of the action passes (rows may add their own). */
  guards: readonly VoucherGuardName[];
  /** Why the action is refused in a state that has no row for it. */
  refusals: readonly Refusal[];
  en: string;
  zh: string;
}

const LOCKED: readonly VoucherLifecycleState[] = ['cashiered', 'audited', 'auditedCashiered', 'auditError', 'auditErrorCashiered', 'bookkept', 'bookkeptCashiered'];
const BOOKKEPT: readonly VoucherLifecycleState[] = ['bookkept', 'bookkeptCashiered'];
const NOT_SAVED: Refusal = { when: ['new'], code: 'VOUCHER_NOT_SAVED' };
const GONE: Refusal = { when: ['deleted'], code: 'NOT_FOUND' };
const INVALIDATED: Refusal = { when: ['invalid'], code: 'VOUCHER_INVALIDATED' };
/** Examined already: as correct (VOUCHER_ALREADY_AUDITED), or as an error (VOUCHER_AUDIT_ERROR: its error examination is reversed first), never the one for the other. */
const ALREADY_AUDITED: Refusal = { when: ['audited', 'auditedCashiered'], code: 'VOUCHER_ALREADY_AUDITED' };
const ALREADY_AUDIT_ERROR: Refusal = { when: ['auditError', 'auditErrorCashiered'], code: 'VOUCHER_AUDIT_ERROR' };

export const voucherActionSpecs: Readonly<Record<VoucherAction, VoucherActionSpec>> = {
  /** Changing the header or a line in the editor (the changes are kept until saved). */
  edit: { right: RIGHTS.VOUCHER_EDIT, guards: ['periodOpen', 'notReversed', 'notReversal'], refusals: [GONE, INVALIDATED, { when: LOCKED, code: 'VOUCHER_LOCKED' }], en: 'Edit', zh: '编辑' },
  save: { right: RIGHTS.VOUCHER_EDIT, guards: ['periodOpen', 'notReversed', 'notReversal'], refusals: [GONE, INVALIDATED, { when: LOCKED, code: 'VOUCHER_LOCKED' }], en: 'Save', zh: '保存' },
  audit: {
    right: RIGHTS.VOUCHER_AUDIT,
    guards: ['periodOpen', 'makerIsNotAuditor'],
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: BOOKKEPT, code: 'VOUCHER_BOOKKEPT' }, ALREADY_AUDITED, ALREADY_AUDIT_ERROR],
    en: 'Examine',
    zh: '审核',
  },
  auditError: {
    right: RIGHTS.VOUCHER_AUDIT,
    guards: ['periodOpen', 'makerIsNotAuditor'],
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: BOOKKEPT, code: 'VOUCHER_BOOKKEPT' }, ALREADY_AUDITED, ALREADY_AUDIT_ERROR],
    en: 'Examine as error',
    zh: '审核错误',
  },
  reverseAudit: {
    right: RIGHTS.VOUCHER_AUDIT,
    guards: ['periodOpen', 'notReversed'],
    // Spec 01 §4: reverse examine also reverses an error examination (one 反审核 clears either result).
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: BOOKKEPT, code: 'VOUCHER_BOOKKEPT' }, { when: ['draft', 'cashiered'], code: 'VOUCHER_NOT_AUDITED' }],
    en: 'Reverse examine',
    zh: '反审核',
  },
  reverseAuditError: {
    right: RIGHTS.VOUCHER_AUDIT,
    guards: ['periodOpen', 'notReversed'],
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: ['draft', 'cashiered', 'audited', 'auditedCashiered', 'bookkept', 'bookkeptCashiered'], code: 'VOUCHER_NOT_AUDIT_ERROR' }],
    en: 'Reverse examine error',
    zh: '反审核错误',
  },
  bookkeep: {
    right: RIGHTS.VOUCHER_BOOKKEEP,
    guards: ['periodOpen'],
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: BOOKKEPT, code: 'VOUCHER_BOOKKEPT' }, { when: ['auditError', 'auditErrorCashiered'], code: 'VOUCHER_AUDIT_ERROR' }, { when: ['draft', 'cashiered'], code: 'VOUCHER_NOT_AUDITED' }],
    en: 'Bookkeep',
    zh: '记账',
  },
  reverseBookkeep: {
    right: RIGHTS.VOUCHER_BOOKKEEP,
    guards: ['periodOpen', 'notReversed'],
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: ['draft', 'cashiered', 'audited', 'auditedCashiered', 'auditError', 'auditErrorCashiered'], code: 'VOUCHER_NOT_BOOKKEPT' }],
    en: 'Reverse bookkeeping',
    zh: '反记账',
  },
  cashier: {
    right: RIGHTS.VOUCHER_CASHIER,
    guards: ['periodOpen'],
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: BOOKKEPT, code: 'VOUCHER_BOOKKEPT' }, { when: ['cashiered', 'auditedCashiered', 'auditErrorCashiered'], code: 'VOUCHER_ALREADY_CASHIERED' }, { when: ['auditError'], code: 'VOUCHER_AUDIT_ERROR' }],
    en: 'Cashier sign',
    zh: '出纳签字',
  },
  reverseCashier: {
    right: RIGHTS.VOUCHER_CASHIER,
    guards: ['periodOpen'],
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: BOOKKEPT, code: 'VOUCHER_BOOKKEPT' }, { when: ['draft', 'audited', 'auditError'], code: 'VOUCHER_NOT_CASHIERED' }],
    en: 'Reverse cashier',
    zh: '取消出纳签字',
  },
  invalid: {
    right: RIGHTS.VOUCHER_INVALIDATE,
    guards: ['periodOpen', 'notReversed', 'notReversal'],
    refusals: [NOT_SAVED, GONE, INVALIDATED, { when: LOCKED, code: 'VOUCHER_LOCKED' }],
    en: 'Invalid',
    zh: '作废',
  },
  reverseInvalid: {
    right: RIGHTS.VOUCHER_INVALIDATE,
    guards: ['periodOpen'],
    refusals: [NOT_SAVED, GONE, { when: ['draft', ...LOCKED], code: 'VOUCHER_NOT_INVALID' }],
    en: 'Reverse invalid',
    zh: '取消作废',
  },
  delete: { right: RIGHTS.VOUCHER_EDIT, guards: ['periodOpen', 'notReversed'], refusals: [NOT_SAVED, GONE, { when: LOCKED, code: 'VOUCHER_LOCKED' }], en: 'Delete', zh: '删除' },
  /** A copy is a new voucher: the source stays as it is, and its period may be settled. */
  copy: { right: RIGHTS.VOUCHER_EDIT, guards: [], refusals: [NOT_SAVED, GONE], en: 'Copy', zh: '复制' },
  /** Synchronise to another account set: a new voucher there; an invalid voucher is not synchronised. */
  syncCopy: { right: RIGHTS.VOUCHER_EDIT, guards: [], refusals: [NOT_SAVED, GONE, INVALIDATED], en: 'Synchronise to another account', zh: '同步到其他账套' },
};

export interface VoucherTransition {
  from: VoucherLifecycleState;
  action: VoucherAction;
  to: VoucherLifecycleState;
  /** Guards of this row on top of the action's. */
  guards?: readonly VoucherGuardName[];
}

const t = (from: VoucherLifecycleState, action: VoucherAction, to: VoucherLifecycleState, guards?: readonly VoucherGuardName[]): VoucherTransition =>
  guards ? { from, action, to, guards } : { from, action, to };

/** Copy and synchronised copy leave the source as it is. */
const copies = (s: VoucherLifecycleState): VoucherTransition[] => [t(s, 'copy', s), t(s, 'syncCopy', s)];

/** The transition table. A (state, action) pair without a row is refused with its action's refusal code. */
export const voucherTransitions: readonly VoucherTransition[] = [
  t('new', 'edit', 'new'),
  t('new', 'save', 'draft'),

  t('draft', 'edit', 'draft'),
  t('draft', 'save', 'draft'),
  t('draft', 'audit', 'audited'),
  t('draft', 'auditError', 'auditError'),
  t('draft', 'cashier', 'cashiered'),
  t('draft', 'invalid', 'invalid'),
  t('draft', 'delete', 'deleted'),
  ...copies('draft'),

  t('cashiered', 'audit', 'auditedCashiered'),
  t('cashiered', 'auditError', 'auditErrorCashiered'),
  t('cashiered', 'reverseCashier', 'draft'),
  ...copies('cashiered'),

  t('audited', 'reverseAudit', 'draft'),
  t('audited', 'bookkeep', 'bookkept', ['cashierSignNotRequired']),
  t('audited', 'cashier', 'auditedCashiered'),
  ...copies('audited'),

  t('auditedCashiered', 'reverseAudit', 'cashiered'),
  t('auditedCashiered', 'bookkeep', 'bookkeptCashiered'),
  t('auditedCashiered', 'reverseCashier', 'audited'),
  ...copies('auditedCashiered'),

  t('auditError', 'reverseAuditError', 'draft'),
  t('auditError', 'reverseAudit', 'draft'),
  ...copies('auditError'),

  t('auditErrorCashiered', 'reverseAuditError', 'cashiered'),
  t('auditErrorCashiered', 'reverseAudit', 'cashiered'),
  t('auditErrorCashiered', 'reverseCashier', 'auditError'),
  ...copies('auditErrorCashiered'),

  t('bookkept', 'reverseBookkeep', 'audited'),
  ...copies('bookkept'),

  t('bookkeptCashiered', 'reverseBookkeep', 'auditedCashiered'),
  ...copies('bookkeptCashiered'),

  t('invalid', 'reverseInvalid', 'draft'),
  t('invalid', 'delete', 'deleted'),
  t('invalid', 'copy', 'invalid'),
];

export function findVoucherTransition(state: VoucherLifecycleState, action: VoucherAction): VoucherTransition | undefined {
  return voucherTransitions.find((r) => r.from === state && r.action === action);
}

/** The guards a row passes: its action's, then its own. */
export function guardsOf(row: VoucherTransition): VoucherGuardName[] {
  return [...voucherActionSpecs[row.action].guards, ...(row.guards ?? [])];
}

/** Why `action` does not apply to `state` (there is no row); OPERATION_FAILED only if the table has a hole. */
export function refusalOf(state: VoucherLifecycleState, action: VoucherAction): ResultCode {
  return voucherActionSpecs[action].refusals.find((r) => r.when.includes(state))?.code ?? 'OPERATION_FAILED';
}

export type VoucherTransitionResult = { ok: true; next: VoucherLifecycleState } | { ok: false; code: ResultCode };

/**
 * The pure decision: may `ctx.user` take `action` on a voucher in `state`, and where does it go?
 * Checked in this order: the right (NO_PERMISSION, so a user without it learns nothing about the
 * voucher), the state (the action's refusal code), then the guards in table order.
 */
export function nextVoucherState(state: VoucherLifecycleState, action: VoucherAction, ctx: VoucherActionContext): VoucherTransitionResult {
  if (!hasRight(ctx.user, voucherActionSpecs[action].right)) return { ok: false, code: 'NO_PERMISSION' };
  const row = findVoucherTransition(state, action);
  if (!row) return { ok: false, code: refusalOf(state, action) };
  for (const g of guardsOf(row)) if (!voucherGuards[g].test(ctx)) return { ok: false, code: voucherGuards[g].code };
  return { ok: true, next: row.to };
}

/**
 * Why a voucher may not be reversed in red (红字冲销), or null when it may: it is audited as correct
 * (bookkept or not; a draft or an error examination is corrected by editing), not a reversal itself
 * and not reversed already. The reversal itself is a new voucher (`new × save`), checked apart.
 */
export function redReversalRefusal(v: { lifecycle: VoucherLifecycleState; source: string; reversed: boolean }): ResultCode | null {
  if (v.lifecycle === 'new') return 'VOUCHER_NOT_SAVED';
  if (v.lifecycle === 'invalid') return 'VOUCHER_INVALIDATED';
  if (v.source === 'REVERSAL' || v.reversed) return 'VOUCHER_ALREADY_REVERSED';
  if (!voucherStateTags[v.lifecycle].includes('auditSuccess')) return 'VOUCHER_REVERSAL_NOT_AUDITED';
  return null;
}

/** The fields of a stored voucher the lifecycle state follows from (spec 01 §3 voucher). */
export interface VoucherStatusFields {
  state: 'NORMAL' | 'INVALID';
  auditAt: string | null;
  auditPass: boolean | null;
  bookKeepAt: string | null;
  cashierAt: string | null;
}

/**
 * The lifecycle state of a stored voucher. Throws on a combination the table cannot reach
 * (bookkept without a passed audit, an invalid voucher with an audit or signature): such a row
 * would be a bug elsewhere, and acting on it must not go on quietly.
 */
export function voucherLifecycleStateOf(v: VoucherStatusFields): VoucherLifecycleState {
  const audited = v.auditAt !== null;
  const passed = audited && v.auditPass !== false;
  const cashier = v.cashierAt !== null;
  const bookkept = v.bookKeepAt !== null;
  if (v.state === 'INVALID') {
    if (audited || cashier || bookkept) throw new Error('inconsistent voucher: invalid and audited, signed or bookkept');
    return 'invalid';
  }
  if (bookkept) {
    if (!passed) throw new Error('inconsistent voucher: bookkept without a passed audit');
    return cashier ? 'bookkeptCashiered' : 'bookkept';
  }
  if (!audited) return cashier ? 'cashiered' : 'draft';
  if (passed) return cashier ? 'auditedCashiered' : 'audited';
  return cashier ? 'auditErrorCashiered' : 'auditError';
}

/** The status fields a state stands for (the inverse of voucherLifecycleStateOf, timestamps as flags). */
export function voucherStatusOf(state: VoucherLifecycleState): { state: 'NORMAL' | 'INVALID'; audited: boolean; auditPass: boolean | null; bookkept: boolean; cashier: boolean } {
  const tags = voucherStateTags[state];
  const auditPass = tags.includes('auditSuccess') ? true : tags.includes('auditError') ? false : null;
  return { state: tags.includes('invalid') ? 'INVALID' : 'NORMAL', audited: auditPass !== null, auditPass, bookkept: tags.includes('bookkept'), cashier: tags.includes('cashier') };
}

export function isVoucherLocked(state: VoucherLifecycleState): boolean {
  return voucherStateTags[state].includes('locked');
}

/**
 * The voucher list's state filters (spec 01 §4: all, to be audited, to be cashier-signed, to be
 * booked): the states each shows. "To be cashier-signed" further needs a cash or bank line, which
 * the list query checks; the spec's "difference vouchers" are not a lifecycle state.
 */
export const voucherListFilters = {
  all: voucherLifecycleStates.filter((s) => s !== 'new' && s !== 'deleted'),
  toAudit: ['draft', 'cashiered'],
  toCashier: ['draft', 'audited'],
  toBookkeep: ['audited', 'auditedCashiered'],
} as const satisfies Record<string, readonly VoucherLifecycleState[]>;

/** The stored status of a voucher with who did what (spec 01 §3 voucher). */
export interface VoucherStatusRecord extends VoucherStatusFields {
  auditBy: number | null;
  auditByName: string | null;
  bookKeepBy: number | null;
  bookKeepByName: string | null;
  cashierBy: number | null;
  cashierByName: string | null;
}

export type VoucherApplyResult = { ok: true; next: VoucherLifecycleState; fields: VoucherStatusRecord } | { ok: false; code: ResultCode };

/**
 * What the server writes for an action: the decision of the table, then the status fields of the
 * next state. A mark that appears is stamped with the actor and `at`; one that disappears is
 * cleared; one that stays keeps its original stamp. Edit, save, copy and delete change no status
 * field (delete removes the row; copies are new vouchers).
 */
export function applyVoucherAction(current: VoucherStatusRecord, action: VoucherAction, ctx: VoucherActionContext, actor: { id: number; name: string }, at: string): VoucherApplyResult {
  const decision = nextVoucherState(voucherLifecycleStateOf(current), action, ctx);
  if (!decision.ok) return decision;
  if (decision.next === 'deleted') return { ok: true, next: 'deleted', fields: { ...current } };
  return { ok: true, next: decision.next, fields: statusFieldsOf(current, decision.next, actor, at) };
}

/**
 * The status fields of a voucher moved to `next` (decided by the table or the machine): a mark
 * that appears is stamped with the actor and `at`, one that disappears is cleared, one that stays
 * keeps its original stamp.
 */
export function statusFieldsOf(current: VoucherStatusRecord, next: Exclude<VoucherLifecycleState, 'deleted'>, actor: { id: number; name: string }, at: string): VoucherStatusRecord {
  const target = voucherStatusOf(next);
  const had = voucherStatusOf(voucherLifecycleStateOf(current));
  const fields: VoucherStatusRecord = { ...current, state: target.state };
  if (!target.audited) Object.assign(fields, { auditAt: null, auditBy: null, auditByName: null, auditPass: null });
  else if (!had.audited) Object.assign(fields, { auditAt: at, auditBy: actor.id, auditByName: actor.name, auditPass: target.auditPass });
  if (!target.bookkept) Object.assign(fields, { bookKeepAt: null, bookKeepBy: null, bookKeepByName: null });
  else if (!had.bookkept) Object.assign(fields, { bookKeepAt: at, bookKeepBy: actor.id, bookKeepByName: actor.name });
  if (!target.cashier) Object.assign(fields, { cashierAt: null, cashierBy: null, cashierByName: null });
  else if (!had.cashier) Object.assign(fields, { cashierAt: at, cashierBy: actor.id, cashierByName: actor.name });
  return fields;
}
