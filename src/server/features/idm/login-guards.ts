/**
 * Failed sign-in counting and captcha state per username (captcha after 3 failures, spec 01 §8).
 *
 * Failures count within a window (LOGIN_FAILURE_WINDOW_MS, default 15 minutes, from the last
 * failure): after a quiet window the counter starts again, so nobody can force a captcha on another
 * account forever. Every attempt is counted *before* its password is verified, in one atomic upsert
 * (reserveAttempt), so concurrent wrong passwords cannot run more real password checks than the
 * threshold; beyond it only an attempt that solved a captcha is verified.
 */
import { eq, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client';
import { loginGuards } from '../../db/schema';
import { hashToken } from '../../auth/tokens';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../../domain/constants';

const CAPTCHA_TTL_MS = 5 * 60_000;
export const LOGIN_FAILURE_WINDOW_MS_DEFAULT = 15 * 60_000;
const key = (username: string) => username.trim().toLowerCase();

/** The failure window in ms: LOGIN_FAILURE_WINDOW_MS when it is a positive number, else 15 minutes. Read per call. */
export function loginFailureWindowMs(): number {
  const v = Number(process.env.LOGIN_FAILURE_WINDOW_MS);
  return Number.isFinite(v) && v > 0 ? v : LOGIN_FAILURE_WINDOW_MS_DEFAULT;
}

/** True when the row's last failure is older than the window (evaluated by the database clock). */
const expired = () => sql`${loginGuards.lastFailureAt} <= now() - (${loginFailureWindowMs()} * interval '1 millisecond')`;

/** The guard of a username; failures older than the window read as none. */
export async function getGuard(db: Db, username: string) {
  const [g] = await db
    .select({ failures: sql<number>`case when ${expired()} then 0 else ${loginGuards.failures} end`.mapWith(Number) })
    .from(loginGuards)
    .where(eq(loginGuards.username, key(username)))
    .limit(1);
  return g;
}

export function captchaRequired(g: { failures: number } | undefined): boolean {
  return !!g && g.failures >= LOGIN_FAILURES_BEFORE_CAPTCHA;
}

/**
 * Counts one sign-in attempt before its password is checked and answers its number within the
 * window (1 = first). One statement, so concurrent attempts get distinct numbers.
 */
export async function reserveAttempt(db: Db, username: string): Promise<number> {
  const [g] = await db
    .insert(loginGuards)
    .values({ username: key(username), failures: 1 })
    .onConflictDoUpdate({
      target: loginGuards.username,
      set: {
        failures: sql`case when ${expired()} then 1 else ${loginGuards.failures} + 1 end`,
        lastFailureAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failures: loginGuards.failures });
  return g.failures;
}

/** Whether attempt number `attempt` may have its password verified (a solved captcha lifts the limit). */
export function mayVerify(attempt: number, captchaSolved: boolean): boolean {
  return captchaSolved || attempt <= LOGIN_FAILURES_BEFORE_CAPTCHA;
}

/** Issues a new captcha for the username; answers the image as a data URL. Only its hash is kept. */
export async function issueCaptcha(db: Db, username: string): Promise<string> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1ilI', color: true, background: '#f4f6fb', width: 120, height: 40 });
  const captchaHash = hashToken(c.text.toLowerCase());
  const captchaExpiresAt = new Date(Date.now() + CAPTCHA_TTL_MS).toISOString();
  await db
    .insert(loginGuards)
    .values({ username: key(username), failures: LOGIN_FAILURES_BEFORE_CAPTCHA, captchaHash, captchaExpiresAt })
    .onConflictDoUpdate({ target: loginGuards.username, set: { captchaHash, captchaExpiresAt, updatedAt: sql`now()` } });
  return `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`;
}

/**
 * Checks and consumes the pending captcha (one try per image). Taking it is one statement, so two
 * concurrent attempts cannot both use the same image.
 */
export async function consumeCaptcha(db: Db, username: string, answer: string | null | undefined): Promise<boolean> {
  const taken = await db.execute(sql`
    update ${loginGuards} g set captcha_hash = null, captcha_expires_at = null
    from (select username, captcha_hash, captcha_expires_at > now() as live from ${loginGuards} where username = ${key(username)} for update) old
    where g.username = old.username and old.captcha_hash is not null
    returning old.captcha_hash, old.live`);
  // Both drivers (node-postgres, PGlite) answer raw statements as { rows }.
  const [old] = (taken as unknown as { rows: Array<{ captcha_hash: string | null; live: boolean }> }).rows;
  if (!old?.captcha_hash || !old.live) return false;
  return !!answer && hashToken(answer.trim().toLowerCase()) === old.captcha_hash;
}

export async function clearGuard(db: Db, username: string): Promise<void> {
  await db.delete(loginGuards).where(eq(loginGuards.username, key(username)));
}
