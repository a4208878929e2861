/**
 * withTx (src/server/db/tx.ts) on PostgreSQL: a transaction PostgreSQL aborts because of another one
 * (a deadlock) is run again and both go through; any other error goes up at once; a withTx inside a
 * transaction is a savepoint and leaves the retry to the outermost one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isRetryableTxError, withTx, TX_ATTEMPTS } from '../../src/server/db/tx';
import { backends, openTestDb } from './harness';
import { sqlStateOf } from './sql-state';

// PostgreSQL only: PGlite is one connection, so two transactions never cross (skipped without TEST_DATABASE_URL).
describe.runIf(backends().includes('postgres'))('withTx retries (postgres)', () => {
  const backend = 'postgres' as const;
  let h: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    h = await openTestDb(backend);
  });
  afterAll(async () => h?.close());

  /** Two parties that each wait until both have arrived (once). */
  const meeting = () => {
    let arrived = 0;
    let open!: () => void;
    const all = new Promise<void>((r) => (open = r));
    return () => {
      if (++arrived === 2) open();
      return all;
    };
  };

  it('runs again a transaction aborted by a deadlock: both of two crossing transactions commit', async () => {
    const meet = meeting();
    const attempts = { a: 0, b: 0 };
    const crossing = (who: 'a' | 'b', first: number, second: number) =>
      withTx(h.db, async (tx) => {
        const attempt = ++attempts[who];
        await tx.execute(sql`select pg_advisory_xact_lock(${first})`);
        if (attempt === 1) await meet();
        await tx.execute(sql`select pg_advisory_xact_lock(${second})`);
        await tx.execute(sql`select pg_advisory_xact_lock(${first + second})`);
        return who;
      });
    expect(await Promise.all([crossing('a', 7101, 7102), crossing('b', 7102, 7101)])).toEqual(['a', 'b']);
    // PostgreSQL aborted exactly one of them; it ran a second time.
    expect(attempts.a + attempts.b).toBe(3);
  });

  it('gives up after TX_ATTEMPTS and lets the deadlock go up (the API answers BUSY); other errors go up at once', async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const always = withTx(h.db, async () => {
      runs++;
      throw new Error('wrapped', { cause: deadlock });
    });
    await expect(always).rejects.toThrow('wrapped');
    expect(runs).toBe(TX_ATTEMPTS);
    expect(isRetryableTxError(new Error('x', { cause: deadlock }))).toBe(true);

    runs = 0;
    expect(await sqlStateOf(withTx(h.db, async (tx) => {
      runs++;
      await tx.execute(sql`select 1/0`);
    }))).toBe('22012');
    expect(runs).toBe(1);
  });

  it('inside a transaction is a savepoint: the outermost withTx alone runs again', async () => {
    let inner = 0;
    let outer = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await withTx(h.db, async (tx) => {
      outer++;
      await withTx(tx, async () => {
        inner++;
        if (outer === 1) throw deadlock;
      });
    });
    expect({ outer, inner }).toEqual({ outer: 2, inner: 2 });
  });
});
