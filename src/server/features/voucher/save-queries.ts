/**
 * The statements of a voucher save, few and plain (issue 8 "Speed", decision 036). A save used to
 * cost 22 statements inside its transaction, each a round trip and a Drizzle query build; these
 * fold them without dropping a check:
 *  - saveContext: the kind of the ledger set, its code length, its years with their periods, the
 *    maker's name and the body's subjects (with their name paths for the answer), in one query;
 *  - auxValuesOf: every auxiliary value of a body that may stand on a line of the year, with its
 *    code, name (and a department's ancestors), in one query (none when no line carries one);
 *  - insertVoucherRow: the next free code and the insert in one statement; a code lost to a
 *    concurrent save comes back as "nothing inserted" (ON CONFLICT DO NOTHING on vouchers_code), so
 *    no savepoint is needed around it;
 *  - insertLinesAndProc: the lines and the processing record in one statement.
 * The period is still read `for share` by q.lockPeriod, and the database's triggers (the guards of
 * decision 021 and the balance upkeep of decision 025) run on every row as before.
 */
import { sql, type SQL } from 'drizzle-orm';
import { executeNamed, type Tx, rowsOf } from '../../db/tx';
import { VOUCHER_CODE_LENGTH_DEFAULT } from '../../../domain/finance-settings';
import type { YearWithPeriods } from '../../../domain/voucher-rules';
import type { AuxDimension } from './usage';

/** What the save rules and the answer need of a subject. */
export interface SaveSubject {
  id: number;
  accountYearId: number;
  leaf: boolean;
  disabled: boolean;
  code: string;
  name: string;
  auxTypeIds: number[];
  /** "code name/child/leaf", as the voucher answer shows it. */
  fullName: string;
}

export interface SaveContext {
  /** The kind when it is one of the ledger set's, else null. */
  kind: { id: number; name: string } | null;
  codeLength: number;
  userName: string | null;
  years: YearWithPeriods[];
  subjects: Map<number, SaveSubject>;
}

const idList = (ids: readonly number[]): SQL => (ids.length ? sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql`(null)`);

/** A subject's path of names from its top-level ancestor down to itself. */
const subjectPath = sql`(with recursive chain(id, parent_id, name, level) as (
    select s.id, s.parent_id, s.name, s.level
    union all
    select p.id, p.parent_id, p.name, p.level from chain c join subjects p on p.id = c.parent_id
  ) select string_agg(name, '/' order by level) from chain)`;

/** The subjects of the given ids in the company, keyed by id. */
const subjectsJson = (companyId: number, ids: readonly number[]) => sql`(select coalesce(json_agg(json_build_object(
    'id', s.id, 'accountYearId', s.account_year_id, 'leaf', s.leaf, 'disabled', s.disabled, 'code', s.code, 'name', s.name,
    'auxTypeIds', s.aux_type_ids, 'path', ${subjectPath})), '[]'::json)
  from subjects s where s.company_id = ${companyId} and s.id = any(${sql.param([...ids])}::int[]))`;

interface ContextRow {
  kind: { id: number; name: string } | null;
  code_length: number | null;
  user_name: string | null;
  years: YearWithPeriods[];
  subjects: Array<Omit<SaveSubject, 'fullName'> & { path: string | null }>;
}

/** One query for what a save looks up before it writes (the subjects only when `subjectIds` are given). */
export async function saveContext(tx: Tx, v: { companyId: number; accountId: number; kindId: number; userId: number; subjectIds: readonly number[] }): Promise<SaveContext> {
  const unique = [...new Set(v.subjectIds)];
  const [r] = rowsOf<ContextRow>(await executeNamed(tx, 'ld_save_context', sql`select
    (select json_build_object('id', k.id, 'name', k.name) from voucher_kinds k where k.id = ${v.kindId} and k.account_id = ${v.accountId}) as kind,
    (select r.length from voucher_code_rules r where r.account_id = ${v.accountId}) as code_length,
    (select u.name from users u where u.id = ${v.userId}) as user_name,
    (select coalesce(json_agg(json_build_object('id', y.id, 'startAt', y.start_at, 'endAt', y.end_at, 'periods',
        (select coalesce(json_agg(json_build_object('id', p.id, 'startAt', p.start_at, 'endAt', p.end_at) order by p.start_at), '[]'::json)
         from periods p where p.account_year_id = y.id)) order by y.start_at), '[]'::json)
     from account_years y where y.account_id = ${v.accountId}) as years,
    ${subjectsJson(v.companyId, unique)} as subjects`));
  return {
    kind: r.kind,
    codeLength: r.code_length === null ? VOUCHER_CODE_LENGTH_DEFAULT : Number(r.code_length),
    userName: r.user_name,
    years: r.years,
    subjects: new Map(r.subjects.map(({ path, ...s }) => [s.id, { ...s, fullName: `${s.code} ${path ?? s.name}` }])),
  };
}

/** An auxiliary value that may stand on a line of the year, as the answer names it. */
export interface AuxValue {
  code: string | null;
  name: string;
  /** A department's ancestors, outermost first. */
  path?: Array<{ id: number; name: string }>;
}

export const auxKey = (dim: AuxDimension, id: number, accountYearId: number) => `${dim}:${id}:${accountYearId}`;

/**
 * The auxiliary values among `refs` that may stand on a line of the account year (the rules of
 * usage.ts auxValueOfYear: a record of the company, a vendor of the ledger set, a budget of the year
 * itself and without sub-items, a department without children), in one query. A missing key means not usable.
 */
export async function auxValuesOf(tx: Tx, companyId: number, accountId: number, accountYearId: number, refs: ReadonlyArray<{ dim: AuxDimension; id: number }>): Promise<Map<string, AuxValue>> {
  const out = new Map<string, AuxValue>();
  const byDim = new Map<AuxDimension, number[]>();
  for (const r of refs) byDim.set(r.dim, [...new Set([...(byDim.get(r.dim) ?? []), r.id])]);
  if (!byDim.size) return out;
  const parts: SQL[] = [];
  for (const [dim, ids] of byDim) {
    const list = idList(ids);
    switch (dim) {
      case 'department':
        parts.push(sql`select 'department' as dim, d.id, d.code, d.name, (with recursive chain(id, parent_id, name, depth) as (
            select p.id, p.parent_id, p.name, 1 from departments p where p.id = d.parent_id
            union all
            select p.id, p.parent_id, p.name, c.depth + 1 from chain c join departments p on p.id = c.parent_id where c.depth < 20
          ) select coalesce(json_agg(json_build_object('id', id, 'name', name) order by depth desc), '[]'::json) from chain) as path
          from departments d where d.id in ${list} and d.company_id = ${companyId} and not exists (select 1 from departments c where c.parent_id = d.id)`);
        break;
      case 'employee':
        parts.push(sql`select 'employee' as dim, e.id, e.code, e.name, null::json as path from employees e where e.id in ${list} and e.company_id = ${companyId}`);
        break;
      case 'customer':
        parts.push(sql`select 'customer' as dim, c.id, c.code, c.name, null::json as path from customers c where c.id in ${list} and c.company_id = ${companyId}`);
        break;
      case 'project':
        parts.push(sql`select 'project' as dim, p.id, p.code, p.name, null::json as path from projects p where p.id in ${list} and p.company_id = ${companyId}`);
        break;
      case 'vendor':
        parts.push(sql`select 'vendor' as dim, v.id, v.code, v.name, null::json as path from vendors v where v.id in ${list} and v.account_id = ${accountId}`);
        break;
      case 'budget':
        parts.push(sql`select 'budget' as dim, b.id, b.code, b.name, null::json as path from budgets b where b.id in ${list} and b.account_year_id = ${accountYearId} and b.leaf`);
        break;
    }
  }
  const rows = rowsOf<{ dim: AuxDimension; id: number; code: string | null; name: string; path: Array<{ id: number; name: string }> | null }>(
    await tx.execute(sql.join(parts, sql` union all `)));
  for (const r of rows) out.set(auxKey(r.dim, Number(r.id), accountYearId), { code: r.code, name: r.name, ...(r.path ? { path: r.path } : {}) });
  return out;
}

export interface NewVoucherRow {
  companyId: number;
  accountId: number;
  accountYearId: number;
  periodId: number;
  kindId: number;
  markDate: string;
  billCount: number;
  source: string;
  originId: number | null;
  debitCents: number;
  creditCents: number;
  createdBy: number;
}

/**
 * Inserts the voucher with the given code, or (code null) with the next free code of its period and
 * kind but not below `floor`. Answers the code tried and, when the row went in, its id, creation
 * time and version; a code already taken (also by a save committed meanwhile) inserts nothing.
 */
export async function insertVoucherRow(tx: Tx, row: NewVoucherRow, code: number | null, floor = 1): Promise<{ code: number; id: number | null; createdAt: Date | string | null; version: number | null }> {
  const codeOf = code !== null
    ? sql`select ${code}::int as code`
    : sql`select greatest(coalesce(max(code), 0) + 1, ${floor}::int)::int as code from vouchers where period_id = ${row.periodId} and kind_id = ${row.kindId}`;
  const [r] = rowsOf<{ code: number; id: number | null; created_at: Date | string | null; version: number | null }>(await executeNamed(tx, code !== null ? 'ld_voucher_insert_given' : 'ld_voucher_insert_next', sql`with c as (${codeOf}),
    v as (insert into vouchers (company_id, account_id, account_year_id, period_id, kind_id, code, mark_date, bill_count, source, origin_id, debit_cents, credit_cents, created_by)
      select ${row.companyId}::int, ${row.accountId}::int, ${row.accountYearId}::int, ${row.periodId}::int, ${row.kindId}::int, c.code, ${row.markDate}::date, ${row.billCount}::int,
        ${row.source}, ${row.originId}::int, ${row.debitCents}::bigint, ${row.creditCents}::bigint, ${row.createdBy}::int from c
      on conflict (period_id, kind_id, code) do nothing
      returning id, created_at, version)
    select c.code, v.id, v.created_at, v.version from c left join v on true`));
  return { code: Number(r.code), id: r.id === null ? null : Number(r.id), createdAt: r.created_at, version: r.version === null ? null : Number(r.version) };
}

export interface LineRow {
  lineNo: number;
  summary: string;
  subjectId: number;
  direction: boolean;
  amountCents: number;
  departmentId: number | null;
  employeeId: number | null;
  customerId: number | null;
  vendorId: number | null;
  projectId: number | null;
  budgetId: number | null;
}

/**
 * The voucher's lines and one processing record in one statement; answers the lines' ids by line
 * number. The lines travel as one array per column (unnest), so the statement's text is the same
 * for any number of lines and runs as a named prepared statement.
 */
export async function insertLinesAndProc(tx: Tx, companyId: number, voucherId: number, accountYearId: number, lines: readonly LineRow[],
  proc: { action: string; userId: number; note: string | null }): Promise<Map<number, number>> {
  const column = <T>(f: (l: LineRow) => T) => sql.param(lines.map(f));
  const rows = rowsOf<{ id: number; line_no: number }>(await executeNamed(tx, 'ld_voucher_lines', sql`with p as (
      insert into voucher_procs (company_id, voucher_id, action, user_id, note) values (${companyId}::int, ${voucherId}::int, ${proc.action}, ${proc.userId}::int, ${proc.note})
    )
    insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents, department_id, employee_id, customer_id, vendor_id, project_id, budget_id)
    select ${companyId}::int, ${voucherId}::int, u.line_no, u.summary, ${accountYearId}::int, u.subject_id, u.direction, u.amount_cents,
      u.department_id, u.employee_id, u.customer_id, u.vendor_id, u.project_id, u.budget_id
    from unnest(${column((l) => l.lineNo)}::int[], ${column((l) => l.summary)}::text[], ${column((l) => l.subjectId)}::int[], ${column((l) => l.direction)}::boolean[],
      ${column((l) => l.amountCents)}::bigint[], ${column((l) => l.departmentId)}::int[], ${column((l) => l.employeeId)}::int[], ${column((l) => l.customerId)}::int[],
      ${column((l) => l.vendorId)}::int[], ${column((l) => l.projectId)}::int[], ${column((l) => l.budgetId)}::int[])
      with ordinality as u(line_no, summary, subject_id, direction, amount_cents, department_id, employee_id, customer_id, vendor_id, project_id, budget_id, n)
    order by u.n
    returning id, line_no`));
  return new Map(rows.map((r) => [Number(r.line_no), Number(r.id)]));
}
