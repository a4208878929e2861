/**
 * GET /voucher/step (src/contract/voucher-step.ts): one row-value comparison on (mark_date, code,
 * id) within the ledger set and year, served by the vouchers_account_date index.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { voucherStepApi } from '../../../contract/voucher-step';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccount } from '../../http/guards';
import { rowsOf } from '../../db/tx';

interface StepRow {
  id: number;
  mark_date: string;
  code: number;
}

export async function voucherStepRoutes(app: FastifyInstance): Promise<void> {
  handle(app, voucherStepApi.step, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    const { accountYearId, step, fromId } = req.query;
    const scope = sql`company_id = ${account.companyId} and account_id = ${account.id} and account_year_id = ${accountYearId}`;
    let from: StepRow | undefined;
    if (fromId !== undefined && (step === 'previous' || step === 'next')) {
      [from] = rowsOf<StepRow>(await app.db.execute(sql`select id, mark_date::text as mark_date, code from vouchers where id = ${fromId} and ${scope}`));
      // A voucher of another ledger set, year or company answers like a missing one.
      if (!from) throw new DomainError('NO_PERMISSION');
    }
    const forward = step === 'first' || step === 'next';
    const past = from ? (forward ? sql`and (mark_date, code, id) > (${from.mark_date}::date, ${from.code}, ${from.id})` : sql`and (mark_date, code, id) < (${from.mark_date}::date, ${from.code}, ${from.id})`) : sql``;
    const order = forward ? sql`order by mark_date, code, id` : sql`order by mark_date desc, code desc, id desc`;
    const [hit] = rowsOf<StepRow>(await app.db.execute(sql`select id, mark_date::text as mark_date, code from vouchers where ${scope} ${past} ${order} limit 1`));
    return ok(hit ? { id: Number(hit.id), markTime: hit.mark_date, code: Number(hit.code) } : null);
  });
}
