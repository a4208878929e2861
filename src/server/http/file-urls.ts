/**
 * Signed URLs for stored files (avatars, invoice attachments, export results, error workbooks), so an
 * <img> or a download can load a file without a bearer header. A URL carries its expiry (`exp`, unix
 * seconds) and an HMAC of the file id together with that expiry: a copied link stops working after
 * FILE_URL_TTL_SECONDS (default 4 h), and neither the id nor the expiry can be changed without the
 * server's secret. Answers mint a fresh URL on every read, so the app never holds one for long: it
 * fetches an export's result right after the task finishes, and lists re-read the attachments.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILE_URL_TTL_DEFAULT_SECONDS = 4 * 60 * 60;
/** Expiries are rounded up to this step, so a file read twice within minutes keeps one URL (and the browser's cache). */
const EXP_STEP_SECONDS = 10 * 60;

/** The lifetime of a new URL: FILE_URL_TTL_SECONDS (whole seconds, at least one step) or the default. */
export function fileUrlTtlSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.FILE_URL_TTL_SECONDS);
  return Number.isInteger(n) && n >= EXP_STEP_SECONDS ? n : FILE_URL_TTL_DEFAULT_SECONDS;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function signFileId(secret: string, id: number, exp: number): string {
  return createHmac('sha256', secret).update(`file:${id}:${exp}`).digest('base64url').slice(0, 22);
}

/** A URL of the file valid for the configured lifetime from `now` (unix seconds). */
export function fileUrl(secret: string, id: number, o: { now?: number; ttlSeconds?: number } = {}): string {
  const exp = Math.ceil(((o.now ?? nowSeconds()) + (o.ttlSeconds ?? fileUrlTtlSeconds())) / EXP_STEP_SECONDS) * EXP_STEP_SECONDS;
  return `/api/files/${id}?exp=${exp}&sig=${signFileId(secret, id, exp)}`;
}

/**
 * 'ok' for a genuine, unexpired link; 'expired' for a genuine one past its expiry; 'forged' for a
 * missing or wrong signature (a changed id or expiry included).
 */
export function checkFileUrl(secret: string, id: number, exp: number | undefined, sig: string | undefined, now = nowSeconds()): 'ok' | 'expired' | 'forged' {
  if (!sig || exp === undefined) return 'forged';
  const want = Buffer.from(signFileId(secret, id, exp));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'forged';
  return exp < now ? 'expired' : 'ok';
}
