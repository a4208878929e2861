/** GET /voucher/:id/proc: the voucher's processing records with the users' names, oldest first. */
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { users, voucherProcs } from '../../db/schema';
import { voucherProcApi } from '../../../contract/voucher-procs';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccount } from '../../http/guards';
import * as q from './queries';

export async function voucherProcRoutes(app: FastifyInstance): Promise<void> {
  handle(app, voucherProcApi.list, async (req) => {
    const v = await q.findVoucher(app.db, req.params.id);
    if (!v) throw new DomainError('NO_PERMISSION');
    await guardAccount(req, v.accountId);
    const rows = await app.db
      .select({ id: voucherProcs.id, action: voucherProcs.action, userId: voucherProcs.userId, userName: users.name, note: voucherProcs.note, at: voucherProcs.at })
      .from(voucherProcs)
      .leftJoin(users, eq(users.id, voucherProcs.userId))
      .where(eq(voucherProcs.voucherId, v.id))
      .orderBy(asc(voucherProcs.id));
    return ok(rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })));
  });
}
