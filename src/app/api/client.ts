/**
 * The one HTTP client of the SPA. Adds the bearer token and the UI language, unwraps the
 * {data, success, code, msg} answer and throws ApiError for any failure (non-200 or code ≠ 0,
 * spec 01 §8). Network status 0 and expired sessions are broadcast so the shell can show the
 * expired-login alert once, wherever the call came from.
 */
import type { Envelope } from '../../contract/common';
import { sessionStore } from '../session/store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly appendix?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = (e: { kind: 'network' | 'unauthenticated' | 'idle'; message: string }) => void;
const listeners = new Set<Listener>();
/** Subscribe to session-ending failures (status 0, expired or idle token). */
export function onSessionProblem(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** Do not broadcast session problems (the login call itself). */
  quiet?: boolean;
}

function encodeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    params.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The transport under the typed client (api/typed-client.ts); queries call `call(route, input)`, never this. */
export async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
  const { token, language } = sessionStore.getState();
  const headers: Record<string, string> = { 'x-language': language };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}${encodeQuery(opts.query)}`, { method, headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // Network status 0: the shell shows the expired-login alert for signed-in users.
    if (token && !opts.quiet) listeners.forEach((l) => l({ kind: 'network', message: '' }));
    throw new ApiError(0, 'NETWORK', (err as Error).message);
  }
  let env: Envelope<T> | undefined;
  const text = await res.text();
  try {
    env = text ? (JSON.parse(text) as Envelope<T>) : undefined;
  } catch {
    env = undefined;
  }
  if (res.ok && env && env.success && env.code === 0) return env.data;
  const code = env?.code ? String(env.code) : `HTTP_${res.status}`;
  const message = env?.msg || res.statusText || code;
  if (token && !opts.quiet && (code === 'UNAUTHENTICATED' || code === 'SESSION_IDLE')) {
    listeners.forEach((l) => l({ kind: code === 'SESSION_IDLE' ? 'idle' : 'unauthenticated', message }));
  }
  throw new ApiError(res.status, code, message, env?.appendix);
}

/** The file name a content-disposition header names (the UTF-8 form first). */
function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (utf8) return decodeURIComponent(utf8[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain ? plain[1] : fallback;
}

/**
 * A GET route that answers a file (an import template): fetched with the session's token and saved
 * under the server's file name. A refusal arrives as the usual envelope and throws an ApiError.
 */
export async function requestDownload(path: string, fallbackName: string): Promise<string> {
  const { token, language } = sessionStore.getState();
  const headers: Record<string, string> = { 'x-language': language };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`/api${path}`, { headers });
  if (!res.ok) {
    const env = (await res.json().catch(() => undefined)) as Envelope<unknown> | undefined;
    throw new ApiError(res.status, env?.code ? String(env.code) : `HTTP_${res.status}`, env?.msg || res.statusText, env?.appendix);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
