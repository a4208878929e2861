/** The spec's answer wrapper {data, success, code, msg} (spec 01 §7). */
import type { Envelope, ListAnswer } from '../../contract/common';

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { data, success: true, code: 0, msg };
}

export function okList<T>(content: T[], total: number): Envelope<ListAnswer<T>> {
  return ok({ content, total });
}
