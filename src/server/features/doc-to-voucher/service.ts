/**
 * Documents to vouchers (decision 037). A document becomes entries (debit / credit, subject, cents);
 * the grouping option puts the entries of several documents into one voucher, merging entries with
 * the same merge key. Every proposed voucher is checked and, unless previewing, written through the
 * voucher service in ONE transaction with its documents' voucher_id (rows locked, a linked or
 * unaudited document refused), so a failed voucher leaves its documents free.
 */
import type { Db } from '../../db/client';
import { withTx, type Tx } from '../../db/tx';
import { DomainError, isResultCode, type ResultCode } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { resolveMarkDate } from '../../../domain/voucher-rules';
import type { BillDocDto, BillQuery, BillsTransferBody, ProposedVoucherDto, TransferAnswer } from '../../../contract/doc-to-voucher';
import { messageOf } from '../../http/messages';
import { createVoucher, type Actor } from '../voucher/service';
import { yearsWithPeriods } from '../voucher/queries';
import * as q from './queries';

const SUMMARY_MAX = 50;
const cut = (s: string) => (s.trim().length > SUMMARY_MAX ? `${s.trim().slice(0, SUMMARY_MAX - 1)}…` : s.trim());

export async function billQuery(db: Db, companyId: number, query: BillQuery): Promise<BillDocDto[]> {
  if (query.source === 'EXPENSE') {
    const docs = await q.expenseDocs(db, companyId, query);
    const codes = await q.voucherCodes(db, docs.flatMap((d) => (d.voucherId ? [d.voucherId] : [])));
    return docs.map((d) => ({
      source: 'EXPENSE', id: d.id, code: d.code, date: d.date, summary: d.kinds.map((k) => k.kindName).join('、'), kindNames: d.kinds.map((k) => k.kindName).join('、'),
      party: d.submitter ?? '', amountCents: String(d.kinds.reduce((s, k) => s + k.cents, 0)), audited: d.audited,
      voucherId: d.voucherId, voucherCode: d.voucherId ? codes.get(d.voucherId) ?? null : null,
    }));
  }
  const docs = await q.journalDocs(db, query.accountId, query);
  const codes = await q.voucherCodes(db, docs.flatMap((d) => (d.voucherId ? [d.voucherId] : [])));
  return docs.map((d) => ({
    source: 'JOURNAL', id: d.id, code: d.code, date: d.date, summary: d.summary, kindNames: d.kindName ?? '', party: `${d.bankAccountCode} ${d.bankAccountName}`,
    amountCents: String(d.receiptCents - d.paymentCents), audited: true, voucherId: d.voucherId, voucherCode: d.voucherId ? codes.get(d.voucherId) ?? null : null,
  }));
}

/** One side of a proposed voucher; entries with the same mergeKey in a voucher are summed. */
interface Entry { direction: boolean; subjectId: number | null; missing: string; summary: string; mergedSummary: string; cents: number; mergeKey: string }
interface DocEntries { id: number; code: string; date: string; groupKey: string; entries: Entry[] }
interface Group { docs: DocEntries[]; markDate: string }

function fail(code: ResultCode, params: Record<string, string | number> = {}): never {
  throw new DomainError(code, params);
}

/** The documents' entries, checked: each must exist in the company, be free and (reimbursements) audited. */
async function entriesOf(tx: Tx, companyId: number, body: BillsTransferBody, lock: boolean): Promise<{ docs: DocEntries[]; refused: Map<number, DomainError> }> {
  const refused = new Map<number, DomainError>();
  const docs: DocEntries[] = [];
  const ids = [...new Set(body.ids)];
  if (body.source === 'EXPENSE') {
    let credit: { subjectId: number | null; missing: string };
    if (body.bankAccountId) {
      const a = await q.findBankAccount(tx, body.bankAccountId);
      if (!a || a.companyId !== companyId || a.accountId !== body.accountId) fail('NO_PERMISSION');
      credit = { subjectId: a.subjectId, missing: `${a.code} ${a.name}` };
    } else if (body.creditSubjectId) credit = { subjectId: body.creditSubjectId, missing: '' };
    else fail('DOC_CREDIT_SUBJECT_REQUIRED');
    const kindSubject = new Map(body.kindSubjects.map((k) => [k.expenseKindId, k.subjectId]));
    const rows = await q.expenseDocs(tx, companyId, { ids }, lock);
    for (const id of ids) {
      const d = rows.find((r) => r.id === id);
      if (!d) { refused.set(id, new DomainError('NO_PERMISSION')); continue; }
      if (d.voucherId) { refused.set(id, new DomainError('DOC_ALREADY_TRANSFERRED', { code: d.code })); continue; }
      if (!d.audited) { refused.set(id, new DomainError('REIMBURSE_NOT_AUDITED')); continue; }
      const kinds = d.kinds.filter((k) => k.cents !== 0);
      const total = kinds.reduce((s, k) => s + k.cents, 0);
      if (total === 0) { refused.set(id, new DomainError('DOC_NOTHING_TO_TRANSFER', { code: d.code })); continue; }
      const who = d.submitter ? `${d.submitter} ` : '';
      docs.push({
        id, code: d.code, date: d.date, groupKey: body.grouping === 'KIND' ? 'ALL' : String(id),
        entries: [
          ...kinds.map((k) => ({ direction: true, subjectId: kindSubject.get(k.kindId) ?? null, missing: k.kindName, summary: cut(`${who}${k.kindName} ${d.code}`), mergedSummary: k.kindName, cents: k.cents, mergeKey: `K${k.kindId}` })),
          { direction: false, subjectId: credit.subjectId, missing: credit.missing, summary: cut(`${who}${d.code}`), mergedSummary: '', cents: total, mergeKey: 'C' },
        ],
      });
    }
  } else {
    const rows = await q.journalDocs(tx, body.accountId, { ids }, lock);
    for (const id of ids) {
      const d = rows.find((r) => r.id === id);
      if (!d || d.companyId !== companyId) { refused.set(id, new DomainError('NO_PERMISSION')); continue; }
      if (d.voucherId) { refused.set(id, new DomainError('DOC_ALREADY_TRANSFERRED', { code: d.code })); continue; }
      const receipt = d.receiptCents > 0;
      const cents = receipt ? d.receiptCents : d.paymentCents;
      const text = cut(d.summary || d.kindName || `${d.bankAccountName} ${d.date}`);
      const bank = `${d.bankAccountCode} ${d.bankAccountName}`;
      docs.push({
        id, code: d.code, date: d.date, groupKey: body.grouping === 'DAY' ? `${d.bankAccountId}:${d.date}` : String(id),
        entries: [
          { direction: receipt, subjectId: d.bankSubjectId, missing: bank, summary: text, mergedSummary: cut(`${d.bankAccountName} ${d.date}`), cents, mergeKey: `B${receipt ? 'D' : 'C'}` },
          { direction: !receipt, subjectId: d.counterSubjectId, missing: d.kindName ?? text, summary: text, mergedSummary: text, cents, mergeKey: `L${d.id}` },
        ],
      });
    }
  }
  return { docs, refused };
}

function groupsOf(docs: DocEntries[]): Group[] {
  const groups = new Map<string, DocEntries[]>();
  for (const d of docs) groups.set(d.groupKey, [...(groups.get(d.groupKey) ?? []), d]);
  return [...groups.values()].map((g) => ({ docs: g, markDate: g.reduce((m, d) => (d.date > m ? d.date : m), g[0].date) }));
}

interface Line { summary: string; subjectId: number; subjectCode: string; subjectName: string; subjectNameEn: string | null; direction: boolean; cents: number }

/** The voucher lines of a group: entries merged, subjects moved to the voucher date's account year. */
async function linesOf(tx: Tx, companyId: number, accountId: number, g: Group): Promise<Line[]> {
  const merged = new Map<string, Entry & { count: number }>();
  for (const d of g.docs) for (const e of d.entries) {
    const m = merged.get(e.mergeKey);
    if (m) { m.cents += e.cents; m.count += 1; } else merged.set(e.mergeKey, { ...e, count: 1 });
  }
  const entries = [...merged.values()].filter((e) => e.cents !== 0);
  for (const e of entries) if (e.subjectId === null) fail('DOC_SUBJECT_MISSING', { name: e.missing });
  const place = resolveMarkDate(g.markDate, await yearsWithPeriods(tx, accountId));
  if (!place.ok) fail(place.code, place.params);
  const given = await q.subjectsByIds(tx, companyId, entries.map((e) => e.subjectId!));
  const elsewhere = given.filter((s) => s.accountYearId !== place.accountYearId);
  const inYear = new Map((await q.subjectsByCodes(tx, place.accountYearId, elsewhere.map((s) => s.code))).map((s) => [s.code, s]));
  const subjectOf = (id: number) => {
    const s = given.find((x) => x.id === id);
    if (!s) return undefined;
    return s.accountYearId === place.accountYearId ? s : inYear.get(s.code);
  };
  const codes = g.docs.map((d) => d.code);
  const range = codes.length > 1 ? ` ${codes[0]}–${codes[codes.length - 1]}` : '';
  // Debits first, in the entries' order.
  return [...entries.filter((e) => e.direction), ...entries.filter((e) => !e.direction)].map((e) => {
    const s = subjectOf(e.subjectId!);
    if (!s) fail('DOC_SUBJECT_MISSING', { name: e.missing || String(e.subjectId) });
    const summary = e.count > 1 || g.docs.length > 1 ? cut(`${e.mergedSummary || e.summary}${e.mergedSummary ? '' : range}`) : e.summary;
    return { summary: summary || cut(`${codes.join(',')}`), subjectId: s.id, subjectCode: s.code, subjectName: s.name, subjectNameEn: s.nameEn, direction: e.direction, cents: e.cents };
  });
}

/** Thrown to roll a preview's voucher back. */
class PreviewDone extends Error {}

function errorOf(e: unknown): DomainError {
  if (e instanceof DomainError) return e;
  const code = (e as { code?: unknown })?.code;
  if (isResultCode(code)) return new DomainError(code);
  throw e;
}

/** Preview or generate the vouchers of the documents; one result per document asked for. */
export async function transfer(db: Db, actor: Actor, companyId: number, body: BillsTransferBody, lang: Language): Promise<TransferAnswer> {
  const ids = [...new Set(body.ids)];
  const results = new Map<number, TransferAnswer['results'][number]>();
  const vouchers: ProposedVoucherDto[] = [];
  const refuse = (docIds: number[], err: DomainError) => {
    const msg = messageOf(err.code, lang, err.params);
    for (const id of docIds) results.set(id, { id, ok: false, voucherId: null, code: err.code, msg });
    return { code: err.code, msg };
  };
  // The plan, read without locks (options and documents checked once for the preview and the answer).
  const plan = await entriesOf(db, companyId, body, false);
  for (const [id, err] of plan.refused) refuse([id], err);
  for (const g of groupsOf(plan.docs)) {
    const docIds = g.docs.map((d) => d.id);
    const base = { docIds, docCodes: g.docs.map((d) => d.code), markDate: g.markDate, voucherId: null, voucherCode: null, code: null, msg: null };
    let lines: Line[] = [];
    try {
      lines = await linesOf(db, companyId, body.accountId, g);
      // The voucher service's own checks (leaf, auxiliaries, period, numbering) run for a preview
      // too: the voucher is written and rolled back.
      const written = await withTx(db, async (tx) => {
        // Locked and checked again: a concurrent transfer of the same document waits, then is refused.
        const again = await entriesOf(tx, companyId, { ...body, ids: docIds }, true);
        const [first] = again.refused.values();
        if (first) throw first;
        const v = await createVoucher(tx, actor, companyId, {
          accountId: body.accountId, kindId: body.kindId, markTime: g.markDate, billCount: g.docs.length,
          items: lines.map((l) => ({ summary: l.summary, subjectId: l.subjectId, direction: l.direction, amount: l.cents, auxes: [] })),
        }, { source: body.source === 'EXPENSE' ? 'EXPENSE' : 'JOURNAL' });
        if (body.preview) throw new PreviewDone();
        if (body.source === 'EXPENSE') await q.linkExpenses(tx, docIds, v.id);
        else await q.linkLines(tx, docIds, v.id);
        return v;
      }).catch((e: unknown) => {
        if (e instanceof PreviewDone) return null;
        throw e;
      });
      for (const id of docIds) results.set(id, { id, ok: true, voucherId: written?.id ?? null, code: null, msg: null });
      if (written) Object.assign(base, { voucherId: written.id, voucherCode: `${written.kindName}-${written.code}` });
    } catch (e) {
      Object.assign(base, refuse(docIds, errorOf(e)));
    }
    const debit = lines.filter((l) => l.direction).reduce((s, l) => s + l.cents, 0);
    const credit = lines.filter((l) => !l.direction).reduce((s, l) => s + l.cents, 0);
    vouchers.push({ ...base, lines: lines.map(({ cents, ...l }) => ({ ...l, amount: String(cents) })), debitCents: String(debit), creditCents: String(credit) });
  }
  return { preview: body.preview, vouchers, results: ids.map((id) => results.get(id)!) };
}
