/**
 * The conflict-of-interest check (GET /retrieval/conflict, decision 050): a name, or a piece of it,
 * looked up in the given companies (null: every live company) as a client (the customers whose
 * name holds it, once per case acting for them, or once alone when no case does) and as the
 * opposing party, plaintiff or defendant of a case. Case-insensitive; `%` and `_` in the keyword
 * are plain characters. The most recent cases first; at most CONFLICT_HIT_LIMIT hits.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/tx';
import { iso, likeKeyword } from '../../db/queries/list';
import { CONFLICT_HIT_LIMIT, type ConflictDto, type ConflictQuery, type ConflictRole } from '../../../contract/retrieval';

interface HitRow {
  company_id: number; company_name: string; role: ConflictRole; matched: string;
  customer_id: number | null; customer_code: string | null;
  project_id: number | null; project_code: string | null; project_name: string | null; project_kind: string | null;
  principals: string[] | null; department: string | null; disabled: boolean; created_at: string | Date | null;
}

export async function conflictSearch(db: Db, visible: readonly number[] | null, q: ConflictQuery): Promise<ConflictDto> {
  if (visible && visible.length === 0) return { keyword: q.keyword, hits: [], truncated: false };
  // The contract asks for 2 characters at least: never blank here.
  const pat = likeKeyword(q.keyword)!;
  const within = visible ? sql`and h.company_id = any(${sql.param([...visible])}::integer[])` : sql``;
  const party = (role: ConflictRole, column: string) => sql`
    select p.company_id, ${role}::text as role, p.${sql.raw(column)} as matched, null::integer as customer_id, null::text as customer_code, p.id as project_id
    from projects p where p.${sql.raw(column)} ilike ${pat}`;
  const result = await db.execute(sql`
    with hits as (
      select pc.company_id, 'CLIENT'::text as role, c.name as matched, c.id as customer_id, c.code as customer_code, pc.project_id
      from project_clients pc join customers c on c.company_id = pc.company_id and c.id = pc.customer_id
      where c.name ilike ${pat}
      union all ${party('OPPOSING', 'opp_party')}
      union all ${party('PLAINTIFF', 'plaintiff')}
      union all ${party('DEFENDANT', 'defendant')}
      union all
      select c.company_id, 'CUSTOMER'::text, c.name, c.id, c.code, null::integer
      from customers c
      where c.name ilike ${pat} and not exists (select 1 from project_clients pc where pc.company_id = c.company_id and pc.customer_id = c.id)
    )
    select h.company_id, co.name as company_name, h.role, h.matched, h.customer_id, h.customer_code,
      p.id as project_id, p.code as project_code, p.name as project_name, p.kind as project_kind,
      (select array_agg(e.name order by pp.position, e.id) from project_principals pp
         join employees e on e.company_id = pp.company_id and e.id = pp.employee_id
         where pp.company_id = p.company_id and pp.project_id = p.id) as principals,
      d.name as department,
      coalesce(p.disabled, cu.disabled, false) as disabled,
      p.created_at
    from hits h
      join companies co on co.id = h.company_id and co.deleted = false
      left join projects p on p.company_id = h.company_id and p.id = h.project_id
      left join departments d on d.company_id = p.company_id and d.id = p.department_id
      left join customers cu on cu.company_id = h.company_id and cu.id = h.customer_id
    where true ${within}
    order by p.created_at desc nulls last, p.id desc nulls last, h.company_id, h.role, h.customer_id
    limit ${CONFLICT_HIT_LIMIT + 1}`);
  const rows = rowsOf<HitRow>(result);
  return {
    keyword: q.keyword,
    truncated: rows.length > CONFLICT_HIT_LIMIT,
    hits: rows.slice(0, CONFLICT_HIT_LIMIT).map((r) => ({
      companyId: Number(r.company_id), companyName: r.company_name, role: r.role, matched: r.matched,
      customerId: r.customer_id === null ? null : Number(r.customer_id), customerCode: r.customer_code,
      projectId: r.project_id === null ? null : Number(r.project_id), projectCode: r.project_code, projectName: r.project_name, projectKind: r.project_kind,
      principals: r.principals ?? [], department: r.department, disabled: !!r.disabled,
      createdAt: r.created_at === null ? null : iso(r.created_at),
    })),
  };
}
