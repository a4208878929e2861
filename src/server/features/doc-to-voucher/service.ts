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
import { auxTypes, type Language } from '../../../domain/enums';
import { resolveMarkDate } from '../../../domain/voucher-rules';
import type { BillDocDto, BillQuery, BillRulesDto, BillsTransferBody, ProposedVoucherDto, TransferAnswer } from '../../../contract/doc-to-voucher';
import { messageOf } from '../../http/messages';
import { createVoucher, type Actor } from '../voucher/service';
import { yearsWithPeriods } from '../voucher/queries';
import { auxKey, auxValuesOf } from '../voucher/save-queries';
import { AUX_DIMENSION_OF_TYPE } from '../voucher/usage';
import * as q from './queries';
import { localName, localTypeName } from '../../../domain/names';
import { formatReimbursementCode } from '../../../domain/reimbursement';
import { fillWords, localeWords } from '../export/locale-words';
import { formatCents } from '../../../domain/money';
import { DEFAULT_PAYABLE_SUBJECT_CODE } from '../../../contract/doc-to-voucher';

const SUMMARY_MAX = 50;
const cut = (s: string) => (s.trim().length > SUMMARY_MAX ? `${s.trim().slice(0, SUMMARY_MAX - 1)}…` : s.trim());

export async function billQuery(db: Db, companyId: number, query: BillQuery): Promise<BillDocDto[]> {
  if (query.source === 'EXPENSE') {
    const docs = await q.expenseDocs(db, companyId, query);
    const codes = await q.voucherCodes(db, docs.flatMap((d) => (d.voucherId ? [d.voucherId] : [])));
    return docs.map((d) => ({
      source: 'EXPENSE', id: d.id, code: d.code, date: d.date, summary: d.kinds.map((k) => k.kindName).join('、'), kindNames: d.kinds.map((k) => k.kindName).join('、'), kindIds: d.kinds.map((k) => k.kindId),
      party: d.submitter ?? '', amountCents: String(d.kinds.reduce((s, k) => s + k.cents, 0)), paidCents: String(d.payCents), audited: d.audited,
      voucherId: d.voucherId, voucherCode: d.voucherId ? codes.get(d.voucherId) ?? null : null,
    }));
  }
  const docs = await q.journalDocs(db, query.accountId, query);
  const codes = await q.voucherCodes(db, docs.flatMap((d) => (d.voucherId ? [d.voucherId] : [])));
  return docs.map((d) => ({
    source: 'JOURNAL', id: d.id, code: d.code, date: d.date, summary: d.summary, kindNames: d.kindName ?? '', kindIds: d.kindId ? [d.kindId] : [], party: `${d.bankAccountCode} ${d.bankAccountName}`,
    amountCents: String(d.receiptCents - d.paymentCents), audited: true, bankAccountId: d.bankAccountId, voucherId: d.voucherId, voucherCode: d.voucherId ? codes.get(d.voucherId) ?? null : null,
  }));
}

/**
 * One side of a proposed voucher: its subject given by id (a choice, a bank account's link), by code
 * (a remembered rule) or missing; the auxiliary values the document itself supplies, by type. Entries
 * of a voucher with the same mergeKey, subject and auxiliary values are summed.
 */
type SubjectRef = { id: number } | { code: string } | null;
interface Entry { direction: boolean; subject: SubjectRef; missing: string; summary: string; mergedSummary: string; cents: number; mergeKey: string; aux: Partial<Record<number, number>> }
/** code: as stored (answered in docCodes); label: as people read it (202611-0013 for a reimbursement, spec 02 §2.8), in summaries and messages. */
interface DocEntries { id: number; code: string; label: string; date: string; groupKey: string; entries: Entry[] }
interface Group { docs: DocEntries[]; markDate: string }

function fail(code: ResultCode, params: Record<string, string | number> = {}): never {
  throw new DomainError(code, params);
}

/**
 * The documents' entries, checked: each must exist in the company, be free and (reimbursements) audited.
 * A reimbursement debits each expense kind with its invoices and credits what it paid (its pay
 * amount) to the paying account, the rest, not paid yet, to the payable subject (其他应付款 2241 unless
 * another is chosen): the books then show what the bank journal shows, and what is still owed.
 */
async function entriesOf(tx: Tx, companyId: number, body: BillsTransferBody, lock: boolean, lang: Language): Promise<{ docs: DocEntries[]; refused: Map<number, DomainError> }> {
  const refused = new Map<number, DomainError>();
  const docs: DocEntries[] = [];
  const ids = [...new Set(body.ids)];
  if (body.source === 'EXPENSE') {
    // The paying side: needed only by a document that paid something.
    let credit: { subjectId: number | null; missing: string } | null = null;
    if (body.bankAccountId) {
      const a = await q.findBankAccount(tx, body.bankAccountId);
      if (!a || a.companyId !== companyId || a.accountId !== body.accountId) fail('NO_PERMISSION');
      credit = { subjectId: a.subjectId, missing: `${a.code} ${a.name}` };
    } else if (body.creditSubjectId) credit = { subjectId: body.creditSubjectId, missing: '' };
    const payable: SubjectRef = body.payableSubjectId ? { id: body.payableSubjectId } : { code: DEFAULT_PAYABLE_SUBJECT_CODE };
    const payableName = localeWords('docToVoucher', lang).options.payableSubject;
    const kindSubject = new Map(body.kindSubjects.map((k) => [k.expenseKindId, k.subjectId]));
    const rules = await q.kindSubjectRules(tx, body.accountId);
    const subjectOfKind = (kindId: number): SubjectRef => {
      const id = kindSubject.get(kindId);
      if (id) return { id };
      const code = rules.get(kindId);
      return code ? { code } : null;
    };
    const rows = await q.expenseDocs(tx, companyId, { ids }, lock);
    for (const id of ids) {
      const d = rows.find((r) => r.id === id);
      if (!d) { refused.set(id, new DomainError('NO_PERMISSION')); continue; }
      const label = formatReimbursementCode(d.code);
      if (d.voucherId) { refused.set(id, new DomainError('DOC_ALREADY_TRANSFERRED', { code: label })); continue; }
      if (!d.audited) { refused.set(id, new DomainError('REIMBURSE_NOT_AUDITED')); continue; }
      const kinds = d.kinds.filter((k) => k.cents !== 0);
      const total = kinds.reduce((s, k) => s + k.cents, 0);
      if (total === 0) { refused.set(id, new DomainError('DOC_NOTHING_TO_TRANSFER', { code: label })); continue; }
      // Paid more than its invoices (or anything on a refund): no voucher could say what happened.
      const paid = d.payCents;
      if (paid > Math.max(total, 0)) { refused.set(id, new DomainError('DOC_PAY_EXCEEDS_TOTAL', { code: label, pay: formatCents(paid), total: formatCents(total) })); continue; }
      if (paid > 0 && !credit) { refused.set(id, new DomainError('DOC_CREDIT_SUBJECT_REQUIRED')); continue; }
      const unpaid = total - paid;
      const who = d.submitter ? `${d.submitter} ` : '';
      // The submitter fills the department (1) and employee (2) a subject asks for.
      const aux: Partial<Record<number, number>> = { ...(d.submitterDepartmentId ? { 1: d.submitterDepartmentId } : {}), ...(d.submitterId ? { 2: d.submitterId } : {}) };
      docs.push({
        id, code: d.code, label, date: d.date, groupKey: body.grouping === 'KIND' ? 'ALL' : String(id),
        entries: [
          ...kinds.map((k) => ({ direction: true, subject: subjectOfKind(k.kindId), missing: k.kindName, summary: cut(`${who}${k.kindName} ${label}`), mergedSummary: k.kindName, cents: k.cents, mergeKey: `K${k.kindId}`, aux })),
          ...(paid !== 0 && credit ? [{ direction: false, subject: credit.subjectId ? { id: credit.subjectId } : null, missing: credit.missing, summary: cut(`${who}${label}`), mergedSummary: '', cents: paid, mergeKey: 'C', aux }] : []),
          ...(unpaid !== 0 ? [{ direction: false, subject: payable, missing: payableName, summary: cut(`${who}${label}`), mergedSummary: '', cents: unpaid, mergeKey: 'P', aux }] : []),
        ],
      });
    }
  } else {
    const rows = await q.journalDocs(tx, body.accountId, { ids }, lock);
    // A counterparty naming exactly one customer or vendor fills those types (3, 4) on the counter line.
    const parties = await q.partiesNamed(tx, companyId, body.accountId, rows.flatMap((r) => (r.counterparty ? [r.counterparty] : [])));
    for (const id of ids) {
      const d = rows.find((r) => r.id === id);
      if (!d || d.companyId !== companyId) { refused.set(id, new DomainError('NO_PERMISSION')); continue; }
      if (d.voucherId) { refused.set(id, new DomainError('DOC_ALREADY_TRANSFERRED', { code: d.code })); continue; }
      const receipt = d.receiptCents > 0;
      const cents = receipt ? d.receiptCents : d.paymentCents;
      const text = cut(d.summary || d.kindName || `${d.bankAccountName} ${d.date}`);
      const bank = `${d.bankAccountCode} ${d.bankAccountName}`;
      const party = d.counterparty?.trim() ?? '';
      const customer = parties.customers.get(party);
      const vendor = parties.vendors.get(party);
      const aux: Partial<Record<number, number>> = { ...(customer ? { 3: customer } : {}), ...(vendor ? { 4: vendor } : {}) };
      docs.push({
        id, code: d.code, label: d.code, date: d.date, groupKey: body.grouping === 'DAY' ? `${d.bankAccountId}:${d.date}` : String(id),
        entries: [
          { direction: receipt, subject: d.bankSubjectId ? { id: d.bankSubjectId } : null, missing: bank, summary: text, mergedSummary: cut(`${d.bankAccountName} ${d.date}`), cents, mergeKey: `B${receipt ? 'D' : 'C'}`, aux: {} },
          { direction: !receipt, subject: d.counterSubjectId ? { id: d.counterSubjectId } : null, missing: d.kindName ?? text, summary: text, mergedSummary: text, cents, mergeKey: `L${d.id}`, aux },
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

interface LineAux { auxTypeId: number; auxId: number; code: string | null; name: string }
interface Line { summary: string; subjectId: number; subjectCode: string; subjectName: string; subjectNameEn: string | null; direction: boolean; cents: number; auxes: LineAux[] }

const auxTypeName = (id: number, lang: Language) => {
  const a = auxTypes.find((x) => x.id === id);
  return a ? localTypeName(lang, a) : String(id);
};

/**
 * The voucher lines of a group: subjects moved to the voucher date's account year (remembered rules
 * by code), each line's auxiliary values from its document, else from the fixed values, entries with
 * the same key, subject and values merged.
 */
async function linesOf(tx: Tx, companyId: number, body: BillsTransferBody, g: Group, lang: Language): Promise<Line[]> {
  const entries = g.docs.flatMap((d) => d.entries.map((e) => ({ ...e, doc: d.label })));
  for (const e of entries) if (e.subject === null) fail('DOC_SUBJECT_MISSING', { name: e.missing });
  const place = resolveMarkDate(g.markDate, await yearsWithPeriods(tx, body.accountId));
  if (!place.ok) fail(place.code, place.params);
  const ids = entries.flatMap((e) => (e.subject && 'id' in e.subject ? [e.subject.id] : []));
  const given = await q.subjectsByIds(tx, companyId, ids);
  const codes = [...given.filter((s) => s.accountYearId !== place.accountYearId).map((s) => s.code),
    ...entries.flatMap((e) => (e.subject && 'code' in e.subject ? [e.subject.code] : []))];
  const inYear = new Map((await q.subjectsByCodes(tx, place.accountYearId, codes)).map((s) => [s.code, s]));
  const subjectOf = (ref: SubjectRef) => {
    if (!ref) return undefined;
    if ('code' in ref) return inYear.get(ref.code);
    const s = given.find((x) => x.id === ref.id);
    if (!s) return undefined;
    return s.accountYearId === place.accountYearId ? s : inYear.get(s.code);
  };
  const fixed = new Map(body.auxValues.map((a) => [a.auxTypeId, a.auxId]));
  const placed = entries.map((e) => {
    const s = subjectOf(e.subject);
    if (!s) fail('DOC_SUBJECT_MISSING', { name: e.missing || ('id' in e.subject! ? String(e.subject.id) : e.subject!.code) });
    const auxes = [...s.auxTypeIds].sort((a, b) => a - b).map((t) => {
      const auxId = e.aux[t] ?? fixed.get(t);
      if (!auxId) fail('DOC_AUX_MISSING', { subject: `${s.code} ${localName(lang, s)}`, type: auxTypeName(t, lang) });
      return { auxTypeId: t, auxId };
    });
    return { e, s, auxes };
  });
  // Every value must be usable on a line of the year (a department without children, a budget of the year…).
  const refs = placed.flatMap((p) => p.auxes.map((a) => ({ dim: AUX_DIMENSION_OF_TYPE[a.auxTypeId]!, id: a.auxId })));
  const known = await auxValuesOf(tx, companyId, body.accountId, place.accountYearId, refs);
  const valueOf = (t: number, id: number) => known.get(auxKey(AUX_DIMENSION_OF_TYPE[t]!, id, place.accountYearId));
  // A budget item with sub-items cannot stand on a line (the voucher editor's picker offers leaves only).
  const parents = await q.parentBudgets(tx, placed.flatMap((p) => p.auxes.filter((a) => AUX_DIMENSION_OF_TYPE[a.auxTypeId] === 'budget').map((a) => a.auxId)));
  for (const p of placed) for (const a of p.auxes) {
    // Said as such before "unusable" (the line's check takes leaves only, so a parent is not among the usable values).
    const parent = AUX_DIMENSION_OF_TYPE[a.auxTypeId] === 'budget' ? parents.get(a.auxId) : undefined;
    if (parent) fail('DOC_AUX_NOT_LEAF', { subject: `${p.s.code} ${localName(lang, p.s)}`, type: auxTypeName(a.auxTypeId, lang), name: `${parent.code} ${parent.name}`.trim() });
    if (!valueOf(a.auxTypeId, a.auxId)) fail('DOC_AUX_UNUSABLE', { subject: `${p.s.code} ${localName(lang, p.s)}`, type: auxTypeName(a.auxTypeId, lang) });
  }
  const merged = new Map<string, (typeof placed)[number] & { cents: number; count: number; docs: string[] }>();
  for (const p of placed) {
    const key = `${p.e.mergeKey}|${p.s.id}|${p.auxes.map((a) => `${a.auxTypeId}:${a.auxId}`).join(',')}`;
    const m = merged.get(key);
    if (m) { m.cents += p.e.cents; m.count += 1; if (!m.docs.includes(p.e.doc)) m.docs.push(p.e.doc); } else merged.set(key, { ...p, cents: p.e.cents, count: 1, docs: [p.e.doc] });
  }
  const labels = g.docs.map((d) => d.label);
  const kept = [...merged.values()].filter((m) => m.cents !== 0);
  // Debits first, in the entries' order; what is still owed last (after what was paid, whichever document came first).
  const owed = (m: (typeof kept)[number]) => m.e.mergeKey === 'P';
  return [...kept.filter((m) => m.e.direction), ...kept.filter((m) => !m.e.direction && !owed(m)), ...kept.filter((m) => !m.e.direction && owed(m))].map(({ e, s, auxes, cents, count, docs }) => {
    // A line standing for several documents names them all (never only the first's claimant and code).
    const summary = count > 1 || g.docs.length > 1 ? cut(e.mergedSummary || (docs.length > 1 ? groupSummary(body.source, docs, lang) : e.summary)) : e.summary;
    return {
      summary: summary || cut(labels.join(',')), subjectId: s.id, subjectCode: s.code, subjectName: s.name, subjectNameEn: s.nameEn, direction: e.direction, cents,
      auxes: auxes.map((a) => { const v = valueOf(a.auxTypeId, a.auxId)!; return { ...a, code: v.code, name: v.name }; }),
    };
  });
}

/**
 * The summary of a line standing for several documents (a grouped voucher's credit): how many and
 * which, lowest to highest code, in the requester's language (locales/<lang>/docToVoucher.json
 * groupSummary, i18next-style _one/_other plurals), e.g. "报销 3 张 202609-0001–202609-0005" /
 * "3 reimbursements 202609-0001–202609-0005". `words`: the locale file's groupSummary (a test's own words).
 */
export function groupSummary(source: BillsTransferBody['source'], labels: readonly string[], lang: Language, words: Record<string, string> = localeWords('docToVoucher', lang).groupSummary): string {
  const sorted = [...labels].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const span = sorted.length > 1 ? `${sorted[0]}–${sorted[sorted.length - 1]}` : (sorted[0] ?? '');
  const form = new Intl.PluralRules(lang.replace('_', '-')).select(sorted.length) === 'one' ? 'one' : 'other';
  return cut(fillWords(words[`${source}_${form}`] ?? '', { count: sorted.length, span }));
}

/** The remembered debit subjects of the expense kinds in a ledger set, placed in one of its years. */
export async function billRules(db: Db, accountId: number, accountYearId: number | undefined): Promise<BillRulesDto> {
  const years = await yearsWithPeriods(db, accountId);
  const year = accountYearId ? years.find((y) => y.id === accountYearId) : years[years.length - 1];
  if (accountYearId && !year) fail('NO_PERMISSION');
  const rules = await q.kindSubjectRules(db, accountId);
  const subjects = year ? new Map((await q.subjectsByCodes(db, year.id, [...new Set(rules.values())])).map((s) => [s.code, s.id])) : new Map<string, number>();
  return { kindSubjects: [...rules].map(([expenseKindId, subjectCode]) => ({ expenseKindId, subjectCode, subjectId: subjects.get(subjectCode) ?? null })) };
}

/** Thrown to roll a preview's voucher back. */
class PreviewDone extends Error {}

function errorOf(e: unknown): DomainError {
  if (e instanceof DomainError) return e;
  const code = (e as { code?: unknown })?.code;
  if (isResultCode(code)) return new DomainError(code);
  throw e;
}

/**
 * A refusal of the voucher service names a subject by its Chinese name ("5602 管理费用"): shown beside
 * the proposed lines, it names it as they do, in the requester's language.
 */
function namedInLanguage(err: DomainError, lines: Line[], lang: Language): DomainError {
  const named = err.params?.subject;
  if (typeof named !== 'string') return err;
  const line = lines.find((l) => named === `${l.subjectCode} ${l.subjectName}`);
  return line ? new DomainError(err.code, { ...err.params, subject: `${line.subjectCode} ${localName(lang, { name: line.subjectName, nameEn: line.subjectNameEn })}` }, err.appendix) : err;
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
  const plan = await entriesOf(db, companyId, body, false, lang);
  for (const [id, err] of plan.refused) refuse([id], err);
  // A document whose kind names no subject (a journal line without its kind) is refused on its own,
  // before grouping: it does not hold back the voucher of its day or kind with the others.
  // Shown after the vouchers, each with its reason, as a voucher of its own that could not be made.
  const unplaced: ProposedVoucherDto[] = [];
  const placeable = plan.docs.filter((d) => {
    const missing = d.entries.find((e) => e.subject === null);
    if (!missing) return true;
    const why = refuse([d.id], new DomainError('DOC_SUBJECT_MISSING', { name: missing.missing }));
    unplaced.push({ docIds: [d.id], docCodes: [d.code], markDate: d.date, voucherId: null, voucherCode: null, ...why, lines: [], debitCents: '0', creditCents: '0' });
    return false;
  });
  for (const g of groupsOf(placeable)) {
    const docIds = g.docs.map((d) => d.id);
    const base = { docIds, docCodes: g.docs.map((d) => d.code), markDate: g.markDate, voucherId: null, voucherCode: null, code: null, msg: null };
    let lines: Line[] = [];
    try {
      lines = await linesOf(db, companyId, body, g, lang);
      // The voucher service's own checks (leaf, auxiliaries, period, numbering) run for a preview
      // too: the voucher is written and rolled back.
      const written = await withTx(db, async (tx) => {
        // Locked and checked again: a concurrent transfer of the same document waits, then is refused.
        const again = await entriesOf(tx, companyId, { ...body, ids: docIds }, true, lang);
        const [first] = again.refused.values();
        if (first) throw first;
        const v = await createVoucher(tx, actor, companyId, {
          accountId: body.accountId, kindId: body.kindId, markTime: g.markDate, billCount: g.docs.length,
          items: lines.map((l) => ({ summary: l.summary, subjectId: l.subjectId, direction: l.direction, amount: l.cents, auxes: l.auxes.map(({ auxTypeId, auxId }) => ({ auxTypeId, auxId })) })),
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
      if (written) Object.assign(base, { voucherId: written.id, voucherCode: `${written.kindName}-${written.codeText}` });
    } catch (e) {
      Object.assign(base, refuse(docIds, namedInLanguage(errorOf(e), lines, lang)));
    }
    const debit = lines.filter((l) => l.direction).reduce((s, l) => s + l.cents, 0);
    const credit = lines.filter((l) => !l.direction).reduce((s, l) => s + l.cents, 0);
    vouchers.push({ ...base, lines: lines.map(({ cents, ...l }) => ({ ...l, amount: String(cents) })), debitCents: String(debit), creditCents: String(credit) });
  }
  vouchers.push(...unplaced);
  // A generation that wrote something remembers the kind subjects it was given, by code.
  if (!body.preview && body.source === 'EXPENSE' && body.kindSubjects.length && vouchers.some((v) => v.voucherId !== null)) {
    const chosen = await q.subjectsByIds(db, companyId, body.kindSubjects.map((k) => k.subjectId));
    const codeOf = new Map(chosen.map((s) => [s.id, s.code]));
    await q.saveKindSubjectRules(db, companyId, body.accountId, actor.id, body.kindSubjects.flatMap((k) => (codeOf.has(k.subjectId) ? [{ kindId: k.expenseKindId, code: codeOf.get(k.subjectId)! }] : [])));
  }
  return { preview: body.preview, vouchers, results: ids.map((id) => results.get(id)!) };
}
