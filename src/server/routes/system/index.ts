/** /system/config and /system/userData (saved query filters and column widths, per user). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okList } from '../../http/reply';
import { deleteByFilterSchema, envelope, idsOfDeleteQuery, idParams, listOf, listQuerySchema, normalizePaging } from '../../../contract/common';
import { systemConfigDto, systemConfigUpdateBody, userDataCreateBody, userDataDto as userDataSchema, userDataUpdateBody } from '../../../contract/system';
import { DomainError } from '../../../domain/result-codes';
import { createUserData, deleteUserData, findUserData, listUserData, readConfig, updateUserData, userDataDto, writeConfig } from '../../db/queries/system';
import { API_VERSION } from '../index';

const own = { right: null, scope: 'self' } as const;

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  // Public: the sign-in page needs to know whether the language switch is enabled.
  app.get('/config', { config: { access: { public: true } }, schema: { tags: ['system'], security: [], response: { 200: envelope(systemConfigDto) } } }, async () => ok(await readConfig(app.db, API_VERSION)));

  app.post('/config', { config: { access: { right: null, scope: 'none', adminOnly: true } }, schema: { tags: ['system'], body: systemConfigUpdateBody, response: { 200: envelope(systemConfigDto) } } }, async (req) => {
    await writeConfig(app.db, req.body as Record<string, unknown>);
    return ok(await readConfig(app.db, API_VERSION));
  });

  app.get('/userData', { config: { access: own }, schema: { tags: ['system'], querystring: listQuerySchema, response: { 200: envelope(listOf(userDataSchema)) } } }, async (req) => {
    const p = normalizePaging(req.query as never, 50);
    if (p.filter.createdBy !== undefined && Number(p.filter.createdBy) !== req.access.user.id) throw new DomainError('NO_PERMISSION');
    const { content, total } = await listUserData(app.db, req.access.user.id, p);
    return okList(content, total);
  });

  app.post('/userData', { config: { access: own }, schema: { tags: ['system'], body: userDataCreateBody, response: { 200: envelope(userDataSchema) } } }, async (req) => {
    return ok(userDataDto(await createUserData(app.db, req.access.user.id, req.body as z.infer<typeof userDataCreateBody>)));
  });

  app.post('/userData/:id', { config: { access: own }, schema: { tags: ['system'], params: idParams, body: userDataUpdateBody, response: { 200: envelope(userDataSchema) } } }, async (req) => {
    const { id } = req.params as { id: number };
    if (!(await findUserData(app.db, req.access.user.id, id))) throw new DomainError('NO_PERMISSION');
    return ok(userDataDto(await updateUserData(app.db, id, req.body as z.infer<typeof userDataUpdateBody>)));
  });

  app.delete('/userData/:id', { config: { access: own }, schema: { tags: ['system'], params: idParams, response: { 200: envelope(z.number().int()) } } }, async (req) => {
    const { id } = req.params as { id: number };
    if (!(await findUserData(app.db, req.access.user.id, id))) throw new DomainError('NO_PERMISSION');
    return ok(await deleteUserData(app.db, req.access.user.id, [id]));
  });

  /** Delete many (filter={"id":[…]} or ?id=…) to prune extras; only the caller's own rows are touched. */
  app.delete('/userData', { config: { access: own }, schema: { tags: ['system'], querystring: deleteByFilterSchema, response: { 200: envelope(z.number().int()) } } }, async (req) => {
    return ok(await deleteUserData(app.db, req.access.user.id, idsOfDeleteQuery(req.query as z.infer<typeof deleteByFilterSchema>)));
  });
}
