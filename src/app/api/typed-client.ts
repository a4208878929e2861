/**
 * The typed way to call the API: `call(accountApi.list, { query: { filter: { companyId } } })`. The
 * declaration (src/contract) gives the method, the path and the types of params, query, body and
 * answer, so a wrong path, a missing parameter or a body that does not match fails the typecheck.
 */
import { fillPath, type AnswerOf, type CallInput, type RouteDef } from '../../contract/route';
import { ApiError, request, requestDownload } from './client';

type Args<D> = Record<never, never> extends CallInput<D> ? [input?: CallInput<D>, options?: CallOptions] : [input: CallInput<D>, options?: CallOptions];

export interface CallOptions {
  signal?: AbortSignal;
  /** Do not broadcast session problems (the sign-in call itself). */
  quiet?: boolean;
  /** A POST that changes nothing this time (a preview, a dry run): no data-changed notice after it. */
  readOnly?: boolean;
}

/** A preview or a dry run (`preview: true`, `dryRun: true` in the body or the query) writes nothing. */
const writesNothing = (i: { query?: Record<string, unknown>; body?: unknown }) => {
  const body = i.body && typeof i.body === 'object' && !(i.body instanceof FormData) ? (i.body as Record<string, unknown>) : {};
  return body.preview === true || body.dryRun === true || i.query?.preview === true || i.query?.dryRun === true;
};

type ChangeListener = (def: RouteDef) => void;
const changeListeners = new Set<ChangeListener>();

/**
 * Hears every call that went through and may have changed data: any POST or DELETE but the exports
 * (readOnly in the route heads, the 'export' tag in a declaration: they only write a file) and the
 * previews. The query client refreshes what the books show from it (query-client.ts, decision 068),
 * whichever screen saved, posted, imported or settled.
 */
export function onDataChanged(l: ChangeListener): () => void {
  changeListeners.add(l);
  return () => changeListeners.delete(l);
}

type StaleListener = (def: RouteDef) => void;
const staleListeners = new Set<StaleListener>();

/**
 * Hears every call the server refused as made on out-of-date data (STALE_DATA: someone else saved
 * the record since it was read). The query client then reads everything on screen again
 * (query-client.ts), so the editor, the list and the books show the record as it now is, not the
 * figures the refused action was about ("数据已被他人修改，请刷新后重新操作" with nothing refreshed).
 */
export function onStaleData(l: StaleListener): () => void {
  staleListeners.add(l);
  return () => staleListeners.delete(l);
}

export function call<D extends RouteDef>(def: D, ...[input, options]: Args<D>): Promise<AnswerOf<D>> {
  const i = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const answer = request<AnswerOf<D>>(def.method, fillPath(def.path, i.params), { query: i.query, body: i.body, signal: options?.signal, quiet: options?.quiet })
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.code === 'STALE_DATA') staleListeners.forEach((l) => l(def));
      throw e;
    });
  // A preview must not mark the views stale: the period-end preview is itself one, and would ask again for ever.
  if (def.method === 'GET' || def.readOnly || def.tags?.includes('export') || options?.readOnly || writesNothing(i)) return answer;
  return answer.then((a) => {
    changeListeners.forEach((l) => l(def));
    return a;
  });
}

/** Downloads what a file route (a GET answering an attachment: import templates) answers; resolves to the saved name. */
export function download<D extends RouteDef & { method: 'GET' }>(def: D, fallbackName: string): Promise<string> {
  return requestDownload(fillPath(def.path, {}), fallbackName);
}
