/** Failed sign-in counting and captcha state per username (captcha after 3 failures, spec 01 §8). */
import { eq, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../client';
import { loginGuards } from '../schema';
import { hashToken } from '../../auth/tokens';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../../domain/constants';

const CAPTCHA_TTL_MS = 5 * 60_000;
const key = (username: string) => username.trim().toLowerCase();

export async function getGuard(db: Db, username: string) {
  const [g] = await db.select().from(loginGuards).where(eq(loginGuards.username, key(username))).limit(1);
  return g;
}

export function captchaRequired(g: { failures: number } | undefined): boolean {
  return !!g && g.failures >= LOGIN_FAILURES_BEFORE_CAPTCHA;
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

/** Checks and consumes the pending captcha (one try per image). */
export async function consumeCaptcha(db: Db, username: string, answer: string | null | undefined): Promise<boolean> {
  const g = await getGuard(db, username);
  if (!g?.captchaHash || !g.captchaExpiresAt) return false;
  await db.update(loginGuards).set({ captchaHash: null, captchaExpiresAt: null }).where(eq(loginGuards.username, key(username)));
  if (Date.parse(g.captchaExpiresAt) < Date.now()) return false;
  return !!answer && hashToken(answer.trim().toLowerCase()) === g.captchaHash;
}

export async function recordFailure(db: Db, username: string): Promise<number> {
  const [g] = await db
    .insert(loginGuards)
    .values({ username: key(username), failures: 1 })
    .onConflictDoUpdate({ target: loginGuards.username, set: { failures: sql`${loginGuards.failures} + 1`, updatedAt: sql`now()` } })
    .returning({ failures: loginGuards.failures });
  return g.failures;
}

export async function clearGuard(db: Db, username: string): Promise<void> {
  await db.delete(loginGuards).where(eq(loginGuards.username, key(username)));
}
