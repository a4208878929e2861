/**
 * API latency of sign-in and typical list calls, through app.inject(), on PGlite or PostgreSQL.
 * At least 200 samples per call so the p99 is an observed value, not the maximum of a handful
 * (sign-in hashes with argon2id, ~20–40 ms each, so 200 of them stay well under the time budget).
 */
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openDb } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';

export interface LatencyRow {
  backend: string;
  call: string;
  n: number;
  medianMs: number;
  p99Ms: number;
}

export const SIGN_IN_SAMPLES = 200;
export const LIST_SAMPLES = 400;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(n: number, fn: () => Promise<void>): Promise<{ median: number; p99: number }> {
  for (let i = 0; i < Math.min(5, n); i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: pct(times, 50), p99: pct(times, 99) };
}

export async function apiLatency(backend: 'pglite' | 'postgres', adminUrl?: string): Promise<LatencyRow[]> {
  let dbName: string | undefined;
  let url: string | undefined;
  if (backend === 'postgres') {
    if (!adminUrl) return [];
    dbName = `ledgerdesk_bench_${process.pid}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const handle = await openDb(url ? { url } : { dataDir: 'memory://' });
  try {
    await seedDemo(handle.db);
    const app = await buildApp({ db: handle.db, dbKind: handle.kind, loginRateLimitMax: 1_000_000 });
    await app.ready();
    const login = () => app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'clerk', password: 'clerk123' } });
    const token = (await login()).json().data.accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const rows: LatencyRow[] = [];
    const signIn = await measure(SIGN_IN_SAMPLES, async () => void (await login()));
    rows.push({ backend, call: 'POST /api/idm/user/login (argon2id)', n: SIGN_IN_SAMPLES, medianMs: signIn.median, p99Ms: signIn.p99 });
    const list = await measure(LIST_SAMPLES, async () => void (await app.inject({ method: 'GET', url: '/api/account?filter=%7B%22companyId%22%3A1%7D&expand=accountYears', headers })));
    rows.push({ backend, call: 'GET /api/account?expand=accountYears', n: LIST_SAMPLES, medianMs: list.median, p99Ms: list.p99 });
    const companies = await measure(LIST_SAMPLES, async () => void (await app.inject({ method: 'GET', url: '/api/company', headers })));
    rows.push({ backend, call: 'GET /api/company', n: LIST_SAMPLES, medianMs: companies.median, p99Ms: companies.p99 });
    await app.close();
    return rows;
  } finally {
    await handle.close();
    if (dbName && adminUrl) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}
