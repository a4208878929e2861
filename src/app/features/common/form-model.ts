/**
 * The pure half of the form pattern (use-entity-form.ts, form-dialog.tsx): whether a draft differs
 * from what was loaded, and where a server refusal is shown (under a field or above the form).
 */
import { ApiError } from '../../api/client';
import { isBlank, ownMessage, type FieldMessage, type MessageRef } from './form-validation';

const norm = (v: unknown): unknown => (v === undefined || v === null ? '' : v);

/** Same draft: blank (undefined, null, '') values are equal, arrays and objects compare by content. */
export function sameValues(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = norm(a[k]);
    const y = norm(b[k]);
    if (x === y) continue;
    if (typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y)) continue;
    return false;
  }
  return true;
}

/**
 * The values after a save of `sent` answered `answer` while the user went on editing (`current`):
 * a field still as it was sent takes the answer's value (what the server stored: a trimmed name, a
 * padded code, a new version), a field edited since keeps the edit. Keys of the answer the draft
 * does not have are taken as they are.
 */
export function mergeAnswer<V extends Record<string, unknown>>(current: V, sent: V, answer: V): V {
  const out: Record<string, unknown> = { ...answer };
  for (const k of Object.keys(current)) {
    if (!sameValues({ v: current[k] }, { v: sent[k] })) out[k] = current[k];
  }
  return out as V;
}

/**
 * A failed save → a message under the field the result code belongs to (`fields`, e.g.
 * {DATA_DUPLICATION: 'code'}), else a message above the form. Server messages arrive localized.
 */
export function serverErrorToForm(err: unknown, fields: Record<string, string> = {}): { field: string | null; message: MessageRef } {
  const text = err instanceof Error && err.message ? err.message : undefined;
  const message: MessageRef = text ? { key: 'common:operationFailed', text } : { key: 'common:operationFailed' };
  const field = err instanceof ApiError ? (fields[err.code] ?? null) : null;
  return { field, message };
}

/**
 * Field errors of a failed whole-form check: a schema error in the form's own wording where it has
 * one (`own`, for an empty field too: `input` holds the values checked), else the generic message;
 * then the cross-field rules on fields without one.
 */
export function mergeErrors(
  schemaErrors: Record<string, MessageRef>,
  ruleErrors: Record<string, MessageRef | undefined> = {},
  own: Record<string, FieldMessage | undefined> = {},
  input: Record<string, unknown> = {},
): Record<string, MessageRef> {
  const out: Record<string, MessageRef> = {};
  for (const [k, m] of Object.entries(schemaErrors)) out[k] = ownMessage(m, own[k], isBlank(input[k]));
  for (const [k, m] of Object.entries(ruleErrors)) if (m && !out[k]) out[k] = m;
  return out;
}
