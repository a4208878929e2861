/**
 * The business query (GET /report/businessQuery, right 103, decision 051): per case of the company
 * the caller may see (the project list's rule: administrators and right 501 every case, others the
 * cases their employee directs), its contract amount and its invoices' figures, one statement; then
 * grouped by the lead client, the lead director or the department when asked (a case counts once,
 * for its first client and first director, so the groups add up to the company's total).
 *
 * Invoices carry no date of their own for a payment, so what was received in a range is what the
 * invoices dated in it record as received. Outstanding and unbilled are positions at the range's end.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likeKeyword } from '../../db/queries/list';
import { companyScope, rowsOf, withTx } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import type { projectKinds } from '../../../domain/enums';
import type { BusinessQueryDto, BusinessQueryFilter, BusinessRowDto } from '../../../contract/business';
import { leaderOf, type Viewer } from '../clients/service';
import { todayIso } from '../../clock';

interface CaseRow {
  id: number; code: string; name: string; kind: (typeof projectKinds)[number]; disabled: boolean; contract: string | number;
  department_id: number | null; department_code: string | null; department: string | null;
  client_id: number | null; client_code: string | null; client_name: string | null;
  principal_id: number | null; principal_code: string | null; principal_name: string | null;
  clients: string[] | null; principals: string[] | null;
  invoice_count: string | number; invoiced: string | number; red: string | number; received: string | number;
  net_to_date: string | number; received_to_date: string | number; last_date: string | Date | null;
}

type Figures = Omit<BusinessRowDto, 'key' | 'id' | 'code' | 'name' | 'kind' | 'clients' | 'principals' | 'department' | 'disabled'>;
interface Sums { cases: number; contract: bigint; invoiceCount: number; invoiced: bigint; red: bigint; received: bigint; outstanding: bigint; unbilled: bigint; lastInvoiceDate: string | null }

const zero = (): Sums => ({ cases: 0, contract: 0n, invoiceCount: 0, invoiced: 0n, red: 0n, received: 0n, outstanding: 0n, unbilled: 0n, lastInvoiceDate: null });
const dateText = (d: string | Date | null) => (d === null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

function caseSums(r: CaseRow): Sums {
  const net = BigInt(r.net_to_date);
  return {
    cases: 1, contract: BigInt(r.contract), invoiceCount: Number(r.invoice_count), invoiced: BigInt(r.invoiced), red: BigInt(r.red), received: BigInt(r.received),
    outstanding: net - BigInt(r.received_to_date), unbilled: BigInt(r.contract) - net, lastInvoiceDate: dateText(r.last_date),
  };
}

function add(a: Sums, b: Sums): Sums {
  return {
    cases: a.cases + b.cases, contract: a.contract + b.contract, invoiceCount: a.invoiceCount + b.invoiceCount, invoiced: a.invoiced + b.invoiced, red: a.red + b.red,
    received: a.received + b.received, outstanding: a.outstanding + b.outstanding, unbilled: a.unbilled + b.unbilled,
    lastInvoiceDate: a.lastInvoiceDate === null || (b.lastInvoiceDate !== null && b.lastInvoiceDate > a.lastInvoiceDate) ? b.lastInvoiceDate : a.lastInvoiceDate,
  };
}

const wire = (s: Sums): Figures => ({
  cases: s.cases, contract: String(s.contract), invoiceCount: s.invoiceCount, invoiced: String(s.invoiced), red: String(s.red), received: String(s.received),
  outstanding: String(s.outstanding), unbilled: String(s.unbilled), lastInvoiceDate: s.lastInvoiceDate,
});

/** The range asked for: to defaults to today, from to the first day of to's year. */
export function businessRange(f: Pick<BusinessQueryFilter, 'from' | 'to'>): { from: string; to: string } {
  const to = f.to ?? todayIso();
  const from = f.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw new DomainError('PERIOD_END_BEFORE_START');
  return { from, to };
}

export async function businessQuery(db: Db, companyId: number, viewer: Viewer, f: BusinessQueryFilter): Promise<BusinessQueryDto> {
  const { from, to } = businessRange(f);
  return withTx(db, async (tx) => {
    const leader = await leaderOf(companyScope(tx, companyId), viewer);
    const answer = (rows: BusinessRowDto[], totals: Sums): BusinessQueryDto => ({ companyId, groupBy: f.groupBy, from, to, rows, totals: wire(totals) });
    if (leader === 'none') return answer([], zero());

    const conds: SQL[] = [];
    if (leader !== null) conds.push(sql`exists (select 1 from project_principals pp where pp.company_id = p.company_id and pp.project_id = p.id and pp.employee_id = ${leader})`);
    if (!f.includeDisabled) conds.push(sql`p.disabled = false`);
    if (f.kind) conds.push(sql`p.kind = ${f.kind}`);
    if (f.departmentId !== undefined) conds.push(f.departmentId === null ? sql`p.department_id is null` : sql`p.department_id = ${f.departmentId}`);
    const pat = likeKeyword(f.keyword);
    if (pat) {
      conds.push(sql`(p.code ilike ${pat} or p.name ilike ${pat} or exists (select 1 from project_clients pc join customers c on c.company_id = pc.company_id and c.id = pc.customer_id
        where pc.company_id = p.company_id and pc.project_id = p.id and c.name ilike ${pat}))`);
    }
    const outer: SQL[] = [];
    if (f.clientId) outer.push(sql`lc.customer_id = ${f.clientId}`);
    if (f.principalId) outer.push(sql`le.employee_id = ${f.principalId}`);
    const where = (list: SQL[]) => (list.length ? sql.join(list.map((c) => sql`and ${c}`), sql` `) : sql``);

    const result = await tx.execute(sql`
      with inv as (
        select i.project_id,
          count(*) filter (where i.date >= ${from} and i.date <= ${to}) as invoice_count,
          coalesce(sum(i.amount_cents) filter (where i.date >= ${from} and i.date <= ${to}), 0) as invoiced,
          coalesce(sum(i.red_cents) filter (where i.date >= ${from} and i.date <= ${to}), 0) as red,
          coalesce(sum(i.received_cents) filter (where i.date >= ${from} and i.date <= ${to}), 0) as received,
          coalesce(sum(i.amount_cents - i.red_cents) filter (where i.date <= ${to}), 0) as net_to_date,
          coalesce(sum(i.received_cents) filter (where i.date <= ${to}), 0) as received_to_date,
          max(i.date) filter (where i.date <= ${to}) as last_date
        from invoices i where i.company_id = ${companyId}
        group by i.project_id
      )
      select p.id, p.code, p.name, p.kind, p.disabled, p.amount_cents as contract,
        p.department_id, d.code as department_code, d.name as department,
        lc.customer_id as client_id, lcc.code as client_code, lcc.name as client_name,
        le.employee_id as principal_id, lee.code as principal_code, lee.name as principal_name,
        (select array_agg(c.name order by pc.position, c.id) from project_clients pc join customers c on c.company_id = pc.company_id and c.id = pc.customer_id
           where pc.company_id = p.company_id and pc.project_id = p.id) as clients,
        (select array_agg(e.name order by pp.position, e.id) from project_principals pp join employees e on e.company_id = pp.company_id and e.id = pp.employee_id
           where pp.company_id = p.company_id and pp.project_id = p.id) as principals,
        coalesce(inv.invoice_count, 0) as invoice_count, coalesce(inv.invoiced, 0) as invoiced, coalesce(inv.red, 0) as red, coalesce(inv.received, 0) as received,
        coalesce(inv.net_to_date, 0) as net_to_date, coalesce(inv.received_to_date, 0) as received_to_date, inv.last_date
      from projects p
        left join departments d on d.company_id = p.company_id and d.id = p.department_id
        left join lateral (select pc.customer_id from project_clients pc where pc.company_id = p.company_id and pc.project_id = p.id order by pc.position, pc.customer_id limit 1) lc on true
        left join customers lcc on lcc.company_id = p.company_id and lcc.id = lc.customer_id
        left join lateral (select pp.employee_id from project_principals pp where pp.company_id = p.company_id and pp.project_id = p.id order by pp.position, pp.employee_id limit 1) le on true
        left join employees lee on lee.company_id = p.company_id and lee.id = le.employee_id
        left join inv on inv.project_id = p.id
      where p.company_id = ${companyId} ${where(conds)} ${where(outer)}
      order by p.code desc, p.id desc`);
    const cases = rowsOf<CaseRow>(result);

    const keep = (s: Sums) => !f.outstandingOnly || s.outstanding !== 0n;
    let totals = zero();
    if (f.groupBy === 'PROJECT') {
      const rows: BusinessRowDto[] = [];
      for (const r of cases) {
        const s = caseSums(r);
        if (!keep(s)) continue;
        totals = add(totals, s);
        rows.push({
          key: `P${r.id}`, id: Number(r.id), code: r.code, name: r.name, kind: r.kind, clients: r.clients ?? [], principals: r.principals ?? [],
          department: r.department, disabled: !!r.disabled, ...wire(s),
        });
      }
      return answer(rows, totals);
    }

    const groups = new Map<string, { id: number | null; code: string | null; name: string; sums: Sums }>();
    for (const r of cases) {
      const [prefix, id, code, name] =
        f.groupBy === 'CLIENT' ? ['C', r.client_id, r.client_code, r.client_name]
        : f.groupBy === 'PRINCIPAL' ? ['E', r.principal_id, r.principal_code, r.principal_name]
        : ['D', r.department_id, r.department_code, r.department];
      const key = `${prefix}${id ?? '-'}`;
      const g = groups.get(key) ?? { id: id === null ? null : Number(id), code, name: name ?? '', sums: zero() };
      g.sums = add(g.sums, caseSums(r));
      groups.set(key, g);
    }
    const rows: BusinessRowDto[] = [];
    for (const [key, g] of [...groups].sort(([, a], [, b]) => (a.code === null ? 1 : b.code === null ? -1 : a.code.localeCompare(b.code)))) {
      if (!keep(g.sums)) continue;
      totals = add(totals, g.sums);
      rows.push({ key, id: g.id, code: g.code, name: g.name, kind: null, clients: [], principals: [], department: null, disabled: false, ...wire(g.sums) });
    }
    return answer(rows, totals);
  });
}
