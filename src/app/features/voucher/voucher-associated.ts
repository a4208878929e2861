/**
 * The associated vouchers of a voucher (spec 01 §3 voucherRelationInfos, decision 024), in the words
 * of its side of each link: a synchronised copy made from it or the voucher it was synchronised
 * from, its red reversal or the voucher it reverses, and the voucher a plain copy was made from
 * (read from originId: a copy records no relation). Each is labelled in the reader's language with
 * the voucher kinds of its own ledger set ("General-0003", not the server's "记-0003").
 */
import type { VoucherDto } from '../../../contract/voucher';
import { voucherLabelIn, voucherLabelOf } from './voucher-mapping';

type Kind = { id?: number; name: string; nameEn?: string | null };

/** How the labels read: the UI language and the voucher kinds of a ledger set (none while not read: the server's word stays). */
export interface LabelWords {
  language: string;
  kindsOf: (accountId: number) => readonly Kind[];
}

export interface Associated {
  key: string;
  /** voucher:relations.kinds.<kind> */
  kind: 'syncTo' | 'syncFrom' | 'reversedBy' | 'reverses' | 'copiedFrom';
  id: number;
  /** "General-0003" in English (with `words`), the server's "记-0003" otherwise. */
  label: string;
  accountId: number;
  accountYearId: number;
  accountName: string;
}

/** The associated vouchers of a voucher, in the words of its side of each link (labels in `words`' language). */
export function associatedOf(v: VoucherDto, origin: VoucherDto | null, words?: LabelWords): Associated[] {
  const kindsOf = (accountId: number) => words?.kindsOf(accountId) ?? [];
  const language = words?.language ?? 'zh_CN';
  const out: Associated[] = v.voucherRelationInfos.map((r) => ({
    key: `${r.kind}:${r.targetId}`,
    kind: r.kind === 'SYNC' ? (v.source === 'SYNC' && v.originId === r.targetId ? 'syncFrom' : 'syncTo') : v.source === 'REVERSAL' ? 'reverses' : 'reversedBy',
    id: r.targetId, label: voucherLabelIn(r.targetLabel, kindsOf(r.accountId), language), accountId: r.accountId, accountYearId: r.accountYearId, accountName: r.accountName,
  }));
  if (v.source === 'COPY' && origin) {
    out.push({ key: `COPY:${origin.id}`, kind: 'copiedFrom', id: origin.id, label: voucherLabelOf(origin, kindsOf(origin.accountId), language), accountId: origin.accountId, accountYearId: origin.accountYearId, accountName: '' });
  }
  return out;
}
