/**
 * What leaves the server besides the answer itself: security headers on every answer (helmet) and
 * a log that never carries secrets (SQL parameters, password hashes, tokens, passwords).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

type Directives = Record<string, string[]>;

/**
 * The SPA's policy. The built index.html loads only same-origin module scripts (no inline script);
 * Mantine and AG Grid inject <style> tags, hence 'unsafe-inline' for styles only. Captcha images and
 * grid icons are data: URLs; exports and previews may be blob: URLs. Framing is refused everywhere.
 * No upgrade-insecure-requests: a plain-HTTP intranet deployment must keep working.
 */
export const appCspDirectives: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Swagger UI (/api/docs) also shows remote images (validator badge, logos in descriptions). */
const docsCspDirectives: Directives = { ...appCspDirectives, 'img-src': ["'self'", 'data:', 'https:'] };

export const cspOf = (d: Directives) => Object.entries(d).map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');

/** Stored files: nothing inside may run or load anything, even if a browser renders it. */
export const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const helmetOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // Cross-origin isolation is not needed and would block nothing we serve; keep helmet's other
  // defaults (nosniff, COOP, CORP same-origin, HSTS, X-DNS-Prefetch-Control off, …).
  crossOriginEmbedderPolicy: false,
};

/** Headers of every answer that are not helmet's (the probe below keeps only helmet's). */
const FRAMEWORK_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * helmet's headers for our options, computed once. @fastify/helmet builds helmet's middleware anew
 * (options parsed, CSP directives validated) on every request; the headers never vary here (no CSP
 * nonces, no per-route helmet options), so they are taken once from the real plugin on a throwaway
 * instance and set as a constant on each answer.
 */
export async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, helmetOptions);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (!FRAMEWORK_HEADERS.has(k) && v !== undefined) out[k] = String(v);
  return out;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  if (!headers['content-security-policy'] || !headers['x-frame-options']) throw new Error('security headers could not be computed');
  const docsCsp = cspOf(docsCspDirectives);
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(headers);
    if (req.url === '/api/docs' || req.url.startsWith('/api/docs/')) reply.header('content-security-policy', docsCsp);
  });
}

/* ---------------------------------------------------------------- log ---------------------------------------------------------------- */

const REDACTED = '[redacted]';
/** Keys whose values are data, not diagnosis: SQL parameters and the "Failing row contains (…)" / "Key (…)=(…)" details. */
const SECRET_ERROR_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);
const ARGON_HASH = /\$argon2(?:id|i|d)\$[^\s,)'"]*/g;

/** Drizzle puts the parameters into the message and stack: "Failed query: …\nparams: a,b,c\n    at …". */
function scrubText(s: string): string {
  return s.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTED}`).replace(ARGON_HASH, REDACTED);
}

function scrubError(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubError(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_ERROR_KEYS.has(k) ? REDACTED : scrubError(v, depth + 1);
  return out;
}

/** Error serializer: type, message, stack and own fields (cause chain included), with parameters, row details and hashes removed. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 4) return scrubError(err, depth);
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message: err.message, stack: err.stack };
  for (const [k, v] of Object.entries(err)) if (k !== 'cause') out[k] = v;
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return scrubError(out, depth);
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };
const serializeLoggedError = (err: Error): SerializedError => serializeError(err) as SerializedError;

/**
 * Fastify logger options: redacts credentials wherever a request, body or user object is logged, and
 * scrubs errors (a failed Drizzle query carries its parameters — a password hash, say — in its message).
 * Drizzle's own query logger stays off (db/client.ts), so no statement is logged with its parameters.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
        'password', 'passwordHash', 'password_hash', 'oldPassword', 'newPassword', 'captcha', 'accessToken', 'token',
        '*.password', '*.passwordHash', '*.password_hash', '*.oldPassword', '*.newPassword', '*.accessToken', '*.token',
        'body.*.password', 'user.passwordHash',
      ],
      censor: REDACTED,
    },
    serializers: { err: serializeLoggedError, error: serializeLoggedError },
  };
}
