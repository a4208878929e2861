/**
 * Authentication and the declared-access check for every /api route. A route without an access
 * declaration is refused at start-up, so no route can forget to state its right and scope.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { DomainError } from '../../domain/result-codes';
import { Access } from './access';
import { lookupCaller } from './caller-lookup';
import { pickLanguage } from '../http/messages';
import type { Language } from '../../domain/enums';
import { IDLE_TIMEOUT_MS } from '../../domain/constants';
import type { AccessRule } from '../http/types';
import { failureBody } from '../http/errors';

export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : null;
}

/** The API's own documentation routes, the only /api routes not declared in the contract. */
const isDocsRoute = (url: string) => url.startsWith('/api/docs') || url === '/api/openapi.json';

export function assertAccessDeclared(route: RouteOptions): void {
  const url = route.url;
  if (!url.startsWith('/api/') || isDocsRoute(url)) return;
  const config = route.config as { access?: unknown; contract?: boolean } | undefined;
  if (!config?.access) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
  // Every API route comes from its declaration in src/contract (http/route.ts), never by hand.
  if (!config.contract) throw new Error(`Route ${String(route.method)} ${url} is not registered from a contract declaration`);
}

export async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<Access> {
  const token = bearerOf(req);
  if (!token) throw new DomainError('UNAUTHENTICATED');
  // Session, user and rights in one prepared statement (caller-lookup.ts).
  const found = await lookupCaller(app.db, token, Date.now(), app.opts.idleTimeoutMs ?? IDLE_TIMEOUT_MS);
  if (found.status === 'idle') throw new DomainError('SESSION_IDLE');
  if (found.status !== 'ok') throw new DomainError('UNAUTHENTICATED');
  const user = found.user;
  if (user.state !== 'NORMAL') throw new DomainError('UNAUTHENTICATED');
  const rights = found.rights;
  const current = found.companyId !== null && rights.has(found.companyId) ? found.companyId : (rights.keys().next().value ?? null);
  const lang: Language = pickLanguage((req.headers['x-language'] as string | undefined) ?? user.language, req.headers['accept-language']);
  return new Access(
    { id: user.id, username: user.username, name: user.name, kind: user.kind as 'ADMIN' | 'OTHER', state: user.state, companyId: user.companyId, language: user.language },
    found.sessionId,
    current,
    rights,
    lang,
  );
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: AccessRule;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('access', null as unknown as Access);
  app.decorateRequest('lang', 'zh_CN');
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    assertAccessDeclared(route);
    const access = (route.config as { access?: AccessRule } | undefined)?.access;
    if (access && route.url.startsWith('/api/')) {
      for (const m of [route.method].flat()) if (m !== 'HEAD') declared.push({ method: String(m), url: route.url, access });
    }
  });
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['x-language'] as string | undefined, req.headers['accept-language']);
    const rule = req.routeOptions.config?.access;
    if (!rule || 'public' in rule) return;
    req.access = await authenticate(app, req);
    req.lang = req.access.lang;
    if (rule.adminOnly) req.access.assertAdmin();
    // Global routes check the right in the session's company here; scoped routes check it against
    // the company of each id they touch (guards.ts), because rights are held per company.
    if (rule.scope === 'none' || rule.scope === 'self') req.access.assertRight(rule.right);
  });
  // Fail closed: a scoped route whose handler succeeded without running the guard of its declared
  // scope (a route declared 'period' must have checked a period, not just some company) answers 403
  // instead of whatever it computed. This is a backstop for a forgotten or wrong guard (a bug, so
  // logged); handlers still guard before they read or write.
  app.addHook('onSend', async (req, reply, payload) => {
    const rule = req.routeOptions.config?.access;
    if (!rule || 'public' in rule || rule.scope === 'none' || rule.scope === 'self') return payload;
    if (!req.access || reply.statusCode >= 300 || req.access.checkedScope(rule.scope)) return payload;
    req.log.error({ route: req.routeOptions.url, method: req.method, declared: rule.scope, checked: req.access.checkedScopes }, 'scoped route finished without a guard of its declared scope');
    reply.code(403).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(failureBody(req, 'NO_PERMISSION'));
  });
}
