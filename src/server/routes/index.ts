/** All /api routes. Each module declares, per route, the right it needs and the scope it touches. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/reply';
import { envelope } from '../../contract/common';
import { loginRoutes } from './idm/login';
import { userRoutes } from './idm/user';
import { roleRoutes } from './idm/role';
import { linkRoutes } from './idm/links';
import { companyRoutes } from './company/index';
import { accountRoutes } from './account/index';
import { systemRoutes } from './system/index';

/** The API client version of spec 01 §7. */
export const API_VERSION = '2.5.788';

export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', {
    config: { access: { public: true } },
    schema: { tags: ['system'], response: { 200: envelope(z.object({ status: z.literal('ok'), db: z.string(), version: z.string() })) } },
  }, async () => ok({ status: 'ok' as const, db: app.opts.dbKind, version: API_VERSION }));
  await app.register(loginRoutes, { prefix: '/idm/user' });
  await app.register(userRoutes, { prefix: '/idm/user' });
  await app.register(roleRoutes, { prefix: '/idm' });
  await app.register(linkRoutes, { prefix: '/idm' });
  await app.register(companyRoutes, { prefix: '/company' });
  await app.register(accountRoutes, { prefix: '/account' });
  await app.register(systemRoutes, { prefix: '/system' });
  const { fileRoutes } = await import('./system/files');
  await app.register(fileRoutes, { prefix: '/files' });
}
