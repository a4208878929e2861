/** Ledgers: parse (by the contract), guard the account year and its ledger set, answer from the balance tables. */
import type { FastifyInstance } from 'fastify';
import { ledgerApi } from '../../../contract/ledger';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccountYear } from '../../http/guards';
import { subjectBalance } from './subject-balance';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  handle(app, ledgerApi.subjectBalance, async (req) => {
    const f = req.query.filter;
    const year = await guardAccountYear(req, f.accountYearId);
    if (year.accountId !== f.accountId) throw new DomainError('NO_PERMISSION');
    return ok(await subjectBalance(app.db, year.companyId, f));
  });
}
