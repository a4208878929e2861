/**
 * Form validation for the forms (use-entity-form.ts) with the contract's own zod schemas (no payload
 * shape is re-declared): each field is checked on blur with its schema, the whole form on submit,
 * and zod issues become localized message keys.
 */
import type { z } from 'zod';
import { DATE_ORDER, RANGE_ORDER, VALUE_RANGE_ORDER } from '../../../contract/date-order';
import { moneyBound } from '../../../contract/money';

export interface MessageRef {
  key: string;
  values?: Record<string, unknown>;
  /** Text already localized (a server message); shown as is instead of `key`. */
  text?: string;
}

/** An empty value: nothing, blank text, an empty list. */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * A form's own message for a field, the spec's wording (spec 02 §5: 'Please enter the correct
 * content', 'Please select'): one message for every failure of the field, an empty value included,
 * or `{ blank, invalid }` to word an empty value and a wrong one apart (a name's 'Please enter'
 * while its length keeps 'At most 50 characters'). Without one the field gets the generic messages.
 */
export type FieldMessage = MessageRef | { blank?: MessageRef; invalid?: MessageRef };

/** The message a field shows: its form's own (`own`) in place of the generic `found`; `blank` says the value was empty. */
export function ownMessage(found: MessageRef, own: FieldMessage | undefined, blank: boolean): MessageRef {
  if (!own) return found;
  if ('key' in own) return own;
  return (blank ? own.blank : own.invalid) ?? found;
}

/** Map the first zod issue of a failed field to an i18n key (namespaces admin/errors). */
export function issueToMessage(issue: z.core.$ZodIssue | undefined, input: unknown, required: boolean): MessageRef {
  if (required && isBlank(input)) return { key: 'admin:validation.required' };
  if (!issue) return { key: 'admin:validation.invalid' };
  const msg = issue.message;
  if (msg === 'INVALID_PASSWORD') return { key: 'errors:INVALID_PASSWORD' };
  if (msg === 'mobile') return { key: 'admin:validation.mobile' };
  if (msg === 'special symbols') return { key: 'admin:validation.specialSymbols' };
  if (msg === 'YYYY-MM-DD') return { key: 'admin:validation.date' };
  // A date before the one it follows (contract/date-order.ts): 'Cannot be before <the earlier field's label>'.
  if (msg === DATE_ORDER) return { key: 'admin:validation.dateOrder', values: { after: String((issue as { params?: { after?: unknown } }).params?.after ?? '') } };
  if (msg === RANGE_ORDER || msg === VALUE_RANGE_ORDER) return { key: `errors:${msg}` };
  // A money field's bound is cents; the form says it in currency units (contract/money.ts): 'At most 21,000,000.00'.
  const money = moneyBound(issue as Parameters<typeof moneyBound>[0]);
  if (money) return money.side === 'max' ? { key: 'admin:validation.atMost', values: { max: money.amount } } : { key: 'admin:validation.atLeast', values: { min: money.amount } };
  switch (issue.code) {
    // A number's bound is a value ('at most 10'), a text's a length ('at most 10 characters').
    case 'too_small': {
      const { minimum, origin, inclusive } = issue as { minimum?: number | bigint; origin?: string; inclusive?: boolean };
      const min = Number(minimum ?? 0);
      if (origin === 'number' || origin === 'bigint') return { key: inclusive === false ? 'admin:validation.aboveMin' : 'admin:validation.atLeast', values: { min } };
      return { key: 'admin:validation.tooShort', values: { min } };
    }
    case 'too_big': {
      const { maximum, origin, inclusive } = issue as { maximum?: number | bigint; origin?: string; inclusive?: boolean };
      const max = Number(maximum ?? 0);
      if (origin === 'number' || origin === 'bigint') return { key: inclusive === false ? 'admin:validation.belowMax' : 'admin:validation.atMost', values: { max } };
      return { key: 'admin:validation.tooLong', values: { max } };
    }
    case 'invalid_format': {
      const format = (issue as { format?: string }).format;
      if (format === 'email') return { key: 'admin:validation.email' };
      return { key: 'admin:validation.format' };
    }
    default:
      return { key: 'admin:validation.invalid' };
  }
}

/** Validate one value against a field schema; null when valid. */
export function validateValue(schema: z.ZodType, value: unknown, required = false): MessageRef | null {
  if (required && isBlank(value)) return { key: 'admin:validation.required' };
  const r = schema.safeParse(value);
  return r.success ? null : issueToMessage(r.error.issues[0], value, required);
}

/**
 * The messages of the schema's cross-field rules (a leave date before the entry date,
 * contract/date-order.ts), by field: issues of the whole object at a field whose own schema takes
 * its value. Checking one field on blur sees these too, on whichever field the rule names.
 */
export function crossFieldErrors(schema: z.ZodObject, values: unknown): Record<string, MessageRef> {
  const r = schema.safeParse(values);
  if (r.success) return {};
  const shape = schema.shape as Record<string, z.ZodType>;
  const v = (values ?? {}) as Record<string, unknown>;
  const out: Record<string, MessageRef> = {};
  for (const issue of r.error.issues) {
    const f = String(issue.path[0] ?? '');
    if (issue.path.length !== 1 || out[f] || !shape[f] || !shape[f].safeParse(v[f]).success) continue;
    out[f] = issueToMessage(issue, v[f], false);
  }
  return out;
}

/** Validate a whole object; messages keyed by the first path segment. */
export function validateObject<S extends z.ZodType>(
  schema: S,
  values: unknown,
  required: readonly string[] = [],
): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, MessageRef> } {
  const errors: Record<string, MessageRef> = {};
  const v = (values ?? {}) as Record<string, unknown>;
  for (const f of required) if (isBlank(v[f])) errors[f] = { key: 'admin:validation.required' };
  const r = schema.safeParse(values);
  if (!r.success) {
    for (const issue of r.error.issues) {
      const f = String(issue.path[0] ?? '');
      if (!errors[f]) errors[f] = issueToMessage(issue, v[f], required.includes(f));
    }
  }
  if (Object.keys(errors).length || !r.success) return { ok: false, errors };
  return { ok: true, data: r.data };
}
