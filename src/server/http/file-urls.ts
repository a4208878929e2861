/** Signed URLs for stored files, so an <img> can load an avatar without a bearer header. */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signFileId(secret: string, id: number): string {
  return createHmac('sha256', secret).update(`file:${id}`).digest('base64url').slice(0, 22);
}

export function fileUrl(secret: string, id: number): string {
  return `/api/files/${id}?sig=${signFileId(secret, id)}`;
}

export function verifyFileSig(secret: string, id: number, sig: string | undefined): boolean {
  if (!sig) return false;
  const want = Buffer.from(signFileId(secret, id));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
