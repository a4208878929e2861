/**
 * buildApp assembles the HTTP application around a database handle; main.ts listens. Tests call
 * buildApp() and app.inject() with no port.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openApiComponents, openApiTransform } from './http/openapi';
import { answerSerializerCompiler } from './http/answer-serializer';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import './http/types';
import type { AppOptions } from './http/types';
import { errorHandler, sendFailure } from './http/errors';
import { fastifyTrustProxy } from './http/trust-proxy';
import { clientErrorHandler, frameworkErrors, registerInputGuards } from './http/input-guards';
import { loggerOptions, registerSecurityHeaders } from './http/security-headers';
import { registerAuth } from './auth/plugin';
import { UPLOAD_MAX_BYTES } from '../domain/constants';
import { registerApiRoutes } from './features/index';
import { API_VERSION } from './api-version';
import { JobRunner } from './jobs/runner';
import { failRunningTasks } from './features/export/queries';

export type App = FastifyInstance;

/**
 * Built assets carry their content hash in the name (/assets/main-AMYwmi3E.js): a browser keeps
 * them for a year without asking again, so a reload or a screen opened later costs no request.
 * The pages that name them (index.html, kit.html) and unhashed files are checked on every load,
 * so a new build is picked up at once.
 */
export function staticCacheControl(path: string): string {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.(br|gz))?$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? loggerOptions(process.env.LOG_LEVEL ?? 'info') : false,
    // X-Forwarded-For is honoured only from configured proxies (TRUST_PROXY); see http/trust-proxy.ts.
    trustProxy: fastifyTrustProxy(opts.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array' } },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are copied to their declared keys and stringified, not validated per call (http/answer-serializer.ts).
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers: opts.checkAnswers }));
  app.decorate('db', opts.db);
  app.decorate('opts', { ...opts, fileSecret: opts.fileSecret ?? randomBytes(32).toString('hex') });
  app.setErrorHandler(errorHandler);
  registerInputGuards(app);
  // Background jobs (exports) of this process; closing the app waits for those under way.
  app.decorate('jobs', new JobRunner((err) => app.log.error({ err }, 'background job failed')));
  app.addHook('onClose', async () => app.jobs.drain());
  // Exports left RUNNING by a previous process can never finish: mark them FAILED (never stuck).
  await failRunningTasks(opts.db);

  await registerSecurityHeaders(app);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ledgerdesk API', version: API_VERSION, description: 'Answers are wrapped {data, success, code, msg}; lists are {content, total}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Named recursive schemas become components, list filters and upload forms are described (http/openapi.ts).
    transform: openApiTransform,
    transformObject: openApiComponents,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app);
  await app.register(registerApiRoutes, { prefix: '/api' });
  app.get('/api/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, async () => app.swagger());

  const staticDir = opts.staticDir;
  const hasSpa = staticDir && existsSync(join(staticDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside every file: the one the browser accepts is sent as is.
      preCompressed: true,
      setHeaders: (reply, path) => reply.header('cache-control', staticCacheControl(path)),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // A built file that is not there (an old chunk asked for by a page open since the last
    // deployment) is a 404, not the SPA shell: a script answered with HTML fails in a less clear way.
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/') || !hasSpa || req.method !== 'GET') return sendFailure(req, reply, 'NOT_FOUND');
    // Client-side routes (deep links, /404) are answered with the SPA shell.
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
