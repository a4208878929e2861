/**
 * Test apps on a real database: PGlite restored from the run's snapshot, or a PostgreSQL database
 * copied from the run's template. `backends()` lists the ones available in this run.
 *
 * Isolation (issue 6 §6, "tests build their own world"):
 * - Every `createTestApp()` opens a database of its own: a fresh in-memory PGlite restored from the
 *   migrated, seeded snapshot that global-setup.ts writes once per run, or a new PostgreSQL database
 *   `create database … template <run template>`. Nothing is shared between two apps.
 * - Each API test file creates its app(s) in `beforeAll` of a top-level `describe.each(backends())`
 *   (one app per backend and describe) and closes them in `afterAll`, so every file — and every
 *   describe in it — starts from the snapshot, whatever ran before it or runs beside it.
 * - Inside one describe the tests share that database, so a test builds the rows it reads or
 *   changes with ./factories.ts and asserts on those rows; it never names a seed id or relies on
 *   another test's leftovers, and the file passes under `vitest --sequence.shuffle`. The seed's
 *   demo users may be signed in by name (DEMO_PASSWORDS); their ids come from answers (factories.ts: `demoCompanyId()`, `userIdByName()`).
 *   no-seed-ids.test.ts fails when a literal id creeps back in.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDb, type DbHandle } from '../../src/server/db/client';
import type { TrustProxy } from '../../src/server/http/trust-proxy';
import type { AnswerMismatch } from '../../src/server/http/answer-serializer';

export type Backend = 'pglite' | 'postgres';

export function backends(): Backend[] {
  return inject('pgTemplateUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

let copies = 0;

export async function openTestDb(backend: Backend): Promise<DbHandle & { url?: string }> {
  if (backend === 'pglite') {
    const bytes = readFileSync(inject('pgliteSnapshot'));
    return openDb({ dataDir: 'memory://', loadDataDir: new Blob([bytes]), migrate: false });
  }
  const templateUrl = new URL(inject('pgTemplateUrl')!);
  const template = templateUrl.pathname.slice(1);
  const name = `${template}_${process.pid}_${++copies}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl')! });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  templateUrl.pathname = `/${name}`;
  const h = await openDb({ url: templateUrl.toString(), migrate: false, poolSize: 5 });
  return { ...h, url: templateUrl.toString() };
}

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  close(): Promise<void>;
  login(username: string, password?: string): Promise<string>;
  call(method: 'GET' | 'POST' | 'DELETE', url: string, opts?: { token?: string; body?: unknown; query?: Record<string, unknown>; lang?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse & { body: string; json(): any }>;
}

export const DEMO_PASSWORDS: Record<string, string> = { admin: 'admin123', clerk: 'clerk123', auditor: 'audit123', cashier: 'cash123' };

export async function createTestApp(backend: Backend, opts: { idleTimeoutMs?: number; loginRateLimitMax?: number; trustProxy?: TrustProxy } = {}): Promise<TestApp> {
  const db = await openTestDb(backend);
  // The server writes answers with a copier compiled from the zod schemas and does not validate them
  // per call (docs/decisions/039-api-hot-path.md); in tests every answer is validated against the
  // route's zod answer schema as well, and the copier's text must equal zod's. A mismatch fails the call.
  const mismatches: AnswerMismatch[] = [];
  const app = await buildApp({
    db: db.db,
    dbKind: db.kind,
    loginRateLimitMax: opts.loginRateLimitMax ?? 10_000,
    idleTimeoutMs: opts.idleTimeoutMs,
    trustProxy: opts.trustProxy,
    fileSecret: 'test-secret',
    checkAnswers: (m) => mismatches.push(m),
  });
  await app.ready();
  const inject: TestApp['call'] = async (method, url, o = {}) => {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) query[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    const res = await app.inject({
      method,
      url,
      query,
      headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.lang ? { 'x-language': o.lang } : {}), ...(o.headers ?? {}) },
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    return res as never;
  };
  const call: TestApp['call'] = async (method, url, o = {}) => {
    const res = await inject(method, url, o);
    const bad = mismatches.splice(0);
    if (bad.length) throw new Error(`answer does not match its contract schema: ${bad.map((m) => `${m.method} ${m.url}: ${JSON.stringify(m.issues).slice(0, 2000)}`).join('; ')}`);
    return res;
  };
  return {
    app,
    db,
    call,
    async login(username, password = DEMO_PASSWORDS[username]) {
      const res = await call('POST', '/api/idm/user/login', { body: { username, password } });
      const j = res.json();
      if (!j.success) throw new Error(`login ${username} failed: ${res.body}`);
      return j.data.accessToken as string;
    },
    async close() {
      await app.close();
      await db.close();
      // Answers fetched with app.inject() directly (not through call) are checked as well.
      if (mismatches.length) throw new Error(`answers that do not match their contract schema: ${mismatches.map((m) => `${m.method} ${m.url}: ${JSON.stringify(m.issues).slice(0, 2000)}`).join('; ')}`);
    },
  };
}
