/** Ledger sets, account years and periods (/account, /account/main, /account/{id}/main, /account/year, /account/period). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okList } from '../../http/reply';
import { envelope, idParams, listOf, listQuerySchema, normalizePaging } from '../../../contract/common';
import {
  accountCreateBody, accountDto as accountSchema, accountUpdateBody, accountYearCreateBody, accountYearDto as yearSchema, accountYearQuery, periodDto as periodSchema, periodQuery, periodUpdateBody,
} from '../../../contract/account';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { companyOfFilter, guardAccount, guardAccountYear, guardCompany, guardPeriod } from '../../http/guards';
import {
  accountDto, accountYearDto, createAccount, createAccountYear, deleteAccount, deleteAccountYear, listAccounts, listPeriods, listYears, mainAccountOf, periodDto, setMainAccount, updateAccount, updatePeriodBoundaries,
} from '../../db/queries/accounts';

const read = { right: null, scope: 'account' } as const;
const manage = { right: RIGHTS.ACCOUNT_MANAGE, scope: 'account' } as const;

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  /** Find many: filter {companyId, deleted}, paged, expand=accountYears (or accountYears.periods). */
  app.get('', { config: { access: { right: null, scope: 'company' } }, schema: { tags: ['account'], querystring: listQuerySchema, response: { 200: envelope(listOf(accountSchema)) } } }, async (req) => {
    const p = normalizePaging(req.query as never, 100);
    const companyId = companyOfFilter(req, p.filter.companyId);
    const { content, total } = await listAccounts(app.db, p, [companyId]);
    return okList(content, total);
  });

  app.get('/main', {
    config: { access: { right: null, scope: 'company' } },
    schema: { tags: ['account'], querystring: z.object({ companyId: z.coerce.number().int().positive().optional() }), response: { 200: envelope(accountSchema.nullable()) } },
  }, async (req) => {
    const companyId = companyOfFilter(req, (req.query as { companyId?: number }).companyId);
    const row = await mainAccountOf(app.db, companyId);
    return ok(row ? accountDto(row) : null);
  });

  app.get('/year', { config: { access: read }, schema: { tags: ['account'], querystring: accountYearQuery.extend({ expand: z.string().optional() }), response: { 200: envelope(listOf(yearSchema)) } } }, async (req) => {
    const q = req.query as z.infer<typeof accountYearQuery> & { expand?: string };
    await guardAccount(req, q.accountId);
    const years = await listYears(app.db, q.accountId, q.year, (q.expand ?? '').includes('periods'));
    return okList(years, years.length);
  });

  /** Creates an account year with its 12 monthly periods. */
  app.post('/year', { config: { access: manage }, schema: { tags: ['account'], body: accountYearCreateBody, response: { 200: envelope(yearSchema) } } }, async (req) => {
    const body = req.body as z.infer<typeof accountYearCreateBody>;
    const account = await guardAccount(req, body.accountId);
    const y = await createAccountYear(app.db, account, body.year, body.startAt);
    return ok(accountYearDto(y, await listPeriods(app.db, y.id)));
  });

  /** Deletes the last account year of a ledger set with its periods, while nothing uses it. */
  app.delete('/year/:id', { config: { access: { right: RIGHTS.ACCOUNT_MANAGE, scope: 'accountYear' } }, schema: { tags: ['account'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const year = await guardAccountYear(req, (req.params as { id: number }).id);
    await deleteAccountYear(app.db, year);
    return ok(null);
  });

  app.get('/period', { config: { access: { right: null, scope: 'accountYear' } }, schema: { tags: ['account'], querystring: periodQuery.passthrough(), response: { 200: envelope(listOf(periodSchema)) } } }, async (req) => {
    const { accountYearId } = req.query as z.infer<typeof periodQuery>;
    await guardAccountYear(req, accountYearId);
    const ps = await listPeriods(app.db, accountYearId);
    return okList(ps.map(periodDto), ps.length);
  });

  /** Adjusts a period's boundaries; neighbours move with it so the year stays covered. */
  app.post('/period/:id', { config: { access: { right: RIGHTS.ACCOUNT_MANAGE, scope: 'period' } }, schema: { tags: ['account'], params: idParams, body: periodUpdateBody, response: { 200: envelope(listOf(periodSchema)) } } }, async (req) => {
    const period = await guardPeriod(req, (req.params as { id: number }).id);
    const ps = await updatePeriodBoundaries(app.db, period, req.body as z.infer<typeof periodUpdateBody>);
    return okList(ps.map(periodDto), ps.length);
  });

  app.get('/:id', { config: { access: read }, schema: { tags: ['account'], params: idParams, querystring: z.object({ expand: z.string().optional() }), response: { 200: envelope(accountSchema) } } }, async (req) => {
    const account = await guardAccount(req, (req.params as { id: number }).id);
    const expand = (req.query as { expand?: string }).expand ?? '';
    const years = expand.includes('accountYears') ? await listYears(app.db, account.id, undefined, expand.includes('periods')) : undefined;
    return ok(accountDto(account, years));
  });

  app.post('', { config: { access: { right: RIGHTS.ACCOUNT_MANAGE, scope: 'company' } }, schema: { tags: ['account'], body: accountCreateBody, response: { 200: envelope(accountSchema) } } }, async (req) => {
    const body = req.body as z.infer<typeof accountCreateBody>;
    guardCompany(req, body.companyId);
    const row = await createAccount(app.db, { ...body, main: body.main ?? false });
    return ok(accountDto(row, await listYears(app.db, row.id)));
  });

  app.post('/:id', { config: { access: manage }, schema: { tags: ['account'], params: idParams, body: accountUpdateBody, response: { 200: envelope(accountSchema) } } }, async (req) => {
    const account = await guardAccount(req, (req.params as { id: number }).id);
    return ok(accountDto(await updateAccount(app.db, account, req.body as z.infer<typeof accountUpdateBody>)));
  });

  app.post('/:id/main', { config: { access: manage }, schema: { tags: ['account'], params: idParams, response: { 200: envelope(accountSchema) } } }, async (req) => {
    const account = await guardAccount(req, (req.params as { id: number }).id);
    if (account.state === 'DELETED') throw new DomainError('NO_PERMISSION');
    await setMainAccount(app.db, account);
    return ok(accountDto({ ...account, main: true }));
  });

  app.delete('/:id', { config: { access: manage }, schema: { tags: ['account'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const account = await guardAccount(req, (req.params as { id: number }).id);
    await deleteAccount(app.db, account);
    return ok(null);
  });
}
