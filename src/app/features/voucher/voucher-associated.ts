/**
 * The associated vouchers of a voucher (spec 01 §3 voucherRelationInfos, decision 024), in the words
 * of its side of each link: a synchronised copy made from it or the voucher it was synchronised
 * from, its red reversal or the voucher it reverses, and the voucher a plain copy was made from
 * (read from originId: a copy records no relation).
 */
import type { VoucherDto } from '../../../contract/voucher';

export interface Associated {
  key: string;
  /** voucher:relations.kinds.<kind> */
  kind: 'syncTo' | 'syncFrom' | 'reversedBy' | 'reverses' | 'copiedFrom';
  id: number;
  label: string;
  accountId: number;
  accountYearId: number;
  accountName: string;
}

/** The associated vouchers of a voucher, in the words of its side of each link. */
export function associatedOf(v: VoucherDto, origin: VoucherDto | null): Associated[] {
  const out: Associated[] = v.voucherRelationInfos.map((r) => ({
    key: `${r.kind}:${r.targetId}`,
    kind: r.kind === 'SYNC' ? (v.source === 'SYNC' && v.originId === r.targetId ? 'syncFrom' : 'syncTo') : v.source === 'REVERSAL' ? 'reverses' : 'reversedBy',
    id: r.targetId, label: r.targetLabel, accountId: r.accountId, accountYearId: r.accountYearId, accountName: r.accountName,
  }));
  if (v.source === 'COPY' && origin) {
    out.push({ key: `COPY:${origin.id}`, kind: 'copiedFrom', id: origin.id, label: `${origin.kindName}-${origin.codeText}`, accountId: origin.accountId, accountYearId: origin.accountYearId, accountName: '' });
  }
  return out;
}
