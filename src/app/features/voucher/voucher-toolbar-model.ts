/**
 * Which toolbar actions the editor offers: the voucher machine (machines/voucher.machine.ts)
 * resolved at the voucher's lifecycle state with the signed-in user's rights, the period's
 * settlement and the editor's unsaved changes. Pure, so the enablement is unit-tested; the page
 * runs the same snapshot through @xstate/react.
 */
import { decideVoucherAction, enabledVoucherActions, explainVoucherAction, voucherSnapshot, type VoucherSnapshot } from '../../../../machines/voucher.machine';
import type { RightHolder } from '../../../domain/rights';
import type { ResultCode } from '../../../domain/result-codes';
import { isVoucherLocked, redReversalRefusal, voucherLifecycleStateOf, type VoucherAction, type VoucherLifecycleState, type VoucherStatusFields } from '../../../domain/voucher-lifecycle';

export interface ToolbarInput {
  /** The stored voucher, or null for a new one. */
  voucher: (VoucherStatusFields & { createdBy: number | null; source?: string; voucherRelationInfos?: readonly { kind: string }[] }) | null;
  user: (RightHolder & { id: number }) | null;
  periodSettled: boolean;
  dirty: boolean;
}

/** The voucher has a red reversal that undoes it (a reversal is linked the same way, but is not reversed). */
export const isReversedVoucher = (v: { source?: string; voucherRelationInfos?: readonly { kind: string }[] }): boolean =>
  v.source !== 'REVERSAL' && (v.voucherRelationInfos ?? []).some((r) => r.kind === 'REVERSAL');

/** The voucher is the red reversal of an original it is still linked to (its lines are fixed: VOUCHER_REVERSAL_FIXED). */
export const isReversalVoucher = (v: { source?: string; voucherRelationInfos?: readonly { kind: string }[] }): boolean =>
  v.source === 'REVERSAL' && (v.voucherRelationInfos ?? []).some((r) => r.kind === 'REVERSAL');

export function lifecycleOf(voucher: ToolbarInput['voucher']): VoucherLifecycleState {
  return voucher ? voucherLifecycleStateOf(voucher) : 'new';
}

export function toolbarSnapshot(input: ToolbarInput): VoucherSnapshot {
  const user = input.user ?? { id: 0, kind: 'OTHER' as const, rightIds: [] };
  return voucherSnapshot(
    lifecycleOf(input.voucher),
    // The ledger's cashier-signature rule is the server's to check; the toolbar does not hold it back.
    { user, makerId: input.voucher?.createdBy ?? null, periodSettled: input.periodSettled, cashierSignRequired: false, reversed: input.voucher ? isReversedVoucher(input.voucher) : false, reversal: input.voucher ? isReversalVoucher(input.voucher) : false },
    input.dirty,
  );
}

export interface ToolbarView {
  lifecycle: VoucherLifecycleState;
  enabled: Record<VoucherAction, boolean>;
  /** Editing the lines and the header is allowed (the machine's `edit`; a new voucher takes `save`). */
  editable: boolean;
  locked: boolean;
}

export function toolbarViewOf(snapshot: VoucherSnapshot): ToolbarView {
  const lifecycle = snapshot.value as VoucherLifecycleState;
  const enabled = enabledVoucherActions(snapshot);
  return { lifecycle, enabled, editable: enabled.edit, locked: isVoucherLocked(lifecycle) };
}

/** The result code that explains a disabled action (for its tooltip), or null when it is enabled. */
export function disabledReason(snapshot: VoucherSnapshot, action: VoucherAction): string | null {
  const r = explainVoucherAction(snapshot, action);
  return r.ok ? null : r.code;
}

/**
 * Why the editor's lines and header are read only, or null when they may be changed: the refusal of
 * the same action the editor's `editable` follows (`edit`, `save` for a voucher not saved yet), as
 * the toolbar's tooltips say it — no right to edit (NO_PERMISSION), a settled period
 * (PERIOD_SETTLED), audited / bookkept / signed (VOUCHER_LOCKED), a red-reversal pair
 * (VOUCHER_REVERSED, VOUCHER_REVERSAL_FIXED), invalid (VOUCHER_INVALIDATED). Never the state's
 * label: a draft the user may not edit is not "locked: saved".
 */
export function readOnlyReason(snapshot: VoucherSnapshot): ResultCode | null {
  const r = explainVoucherAction(snapshot, snapshot.value === 'new' ? 'save' : 'edit');
  return r.ok ? null : r.code;
}

/** What the red reversal (红字冲销) reads of the voucher it reverses. */
export interface ReversalSource extends VoucherStatusFields {
  /** Where the voucher came from: a red reversal ('REVERSAL') is not reversed again. */
  source: string;
  voucherRelationInfos: readonly { kind: string }[];
}

export interface ReversalInput {
  /** The stored voucher, or null for a new one. */
  voucher: ReversalSource | null;
  user: (RightHolder & { id: number }) | null;
  /** The period the reversal is dated in (today within the voucher's year) is settled. */
  targetPeriodSettled: boolean;
}

/**
 * Why the red reversal of the voucher is refused, or null when it may be made: the domain's rule
 * (redReversalRefusal: audited as correct, not a reversal, not reversed already; the server's
 * createVoucher runs the same) and the reversal is a new voucher saved (`new × save`: the
 * voucher-edit right, its period open). The original's period does not matter.
 */
export function reversalRefusal(input: ReversalInput): ResultCode | null {
  const v = input.voucher;
  const refused = redReversalRefusal(v ? { lifecycle: voucherLifecycleStateOf(v), source: v.source, reversed: isReversedVoucher(v) } : { lifecycle: 'new', source: '', reversed: false });
  if (refused) return refused;
  const user = input.user ?? { id: 0, kind: 'OTHER' as const, rightIds: [] };
  const saved = decideVoucherAction('new', 'save', { user, makerId: null, periodSettled: input.targetPeriodSettled, cashierSignRequired: false });
  return saved.ok ? null : saved.code;
}

interface Span { startAt: string; endAt: string }

/** Today within a span (its first or last day when today lies outside it). */
export const dayWithin = (today: string, span: Span | null): string => (!span ? today : today < span.startAt ? span.startAt : today > span.endAt ? span.endAt : today);

/**
 * Where a red reversal of a voucher of `year` goes: today within that year, in the period holding
 * it (else the year's last). When that period is settled (the year is closed) and a later year of
 * the ledger set holds today, the reversal goes there, dated today (`intoYear`: the server puts its
 * lines on that year's subjects of the same codes; 小企业会计准则 corrects an earlier year's error
 * in the current year); its period is read from `laterPeriods` once loaded (undefined until then).
 */
export function reversalTarget<Y extends Span & { id: number }, P extends Span & { rolled: boolean }>(o: { today: string; year: Y | null; periods: readonly P[]; years: readonly Y[]; laterPeriods?: readonly P[] }): { date: string; period: P | undefined; intoYear: Y | null } {
  const date = dayWithin(o.today, o.year);
  const period = o.periods.find((p) => p.startAt <= date && date <= p.endAt) ?? o.periods.at(-1);
  const year = o.year;
  const intoYear = period?.rolled && year ? o.years.find((y) => y.startAt > year.endAt && y.startAt <= o.today && o.today <= y.endAt) ?? null : null;
  if (!intoYear) return { date, period, intoYear: null };
  return { date: o.today, period: o.laterPeriods?.find((p) => p.startAt <= o.today && o.today <= p.endAt), intoYear };
}

/** Toolbar buttons and the split dropdown (spec 01 §2), in display order. */
export const TOOLBAR_MAIN_ACTIONS = ['save', 'audit', 'auditError', 'delete', 'copy', 'bookkeep', 'cashier'] as const satisfies readonly VoucherAction[];
export const TOOLBAR_MORE_ACTIONS = ['reverseAudit', 'reverseAuditError', 'reverseBookkeep', 'reverseCashier', 'invalid', 'reverseInvalid'] as const satisfies readonly VoucherAction[];

/** The API action of a lifecycle action (src/contract/voucher.ts voucherActionNames). */
export type ServerAction = 'audit' | 'auditError' | 'reverseAudit' | 'reverseAuditError' | 'bookkeep' | 'reverseBookkeep' | 'cashier' | 'reverseCashier' | 'invalid' | 'reverseInvalid';
export const SERVER_ACTIONS: readonly ServerAction[] = ['audit', 'auditError', 'reverseAudit', 'reverseAuditError', 'bookkeep', 'reverseBookkeep', 'cashier', 'reverseCashier', 'invalid', 'reverseInvalid'];
export const isServerAction = (a: VoucherAction): a is ServerAction => (SERVER_ACTIONS as readonly string[]).includes(a);

/** A voucher's place in the stepping order (first / previous / next / last: mark date, code, id; GET /voucher/step). */
export interface VoucherOrderKey {
  id: number;
  markTime: string;
  code: number;
}
