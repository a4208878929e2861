/**
 * Localized details for INVALID_INPUT: each zod issue becomes "<field>: <rule>" with the field's label
 * and the rule from errors.json (validation.*, fields.*), so a zh_CN answer is Chinese throughout.
 * Issues arrive in two shapes: zod's own ({code, path, ...}) and fastify-type-provider-zod's
 * ({keyword, instancePath, params}).
 */
import type { z } from 'zod';
import type { Language } from '../../domain/enums';
import { hasMessage, translate } from './messages';
import { DATE_ORDER } from '../../contract/date-order';
import { moneyBound } from '../../contract/money';
import { NO_SORT, NO_SUCH_KEY, noSuchKeyIssue } from '../../contract/common';

export { noSuchKeyIssue };

export interface Issue {
  code: string;
  path: string[];
  message: string;
  params: Record<string, unknown>;
}

export function normalizeIssue(raw: unknown): Issue {
  const r = (raw ?? {}) as Record<string, unknown>;
  if (typeof r.keyword === 'string') {
    const path = String(r.instancePath ?? '').split('/').filter(Boolean);
    return { code: r.keyword, path, message: String(r.message ?? ''), params: (r.params as Record<string, unknown>) ?? {} };
  }
  const { code, path, message, ...params } = r;
  return { code: String(code ?? 'custom'), path: Array.isArray(path) ? path.map(String) : [], message: String(message ?? ''), params };
}

/** The label of a field path: known names from fields.*, array positions as [n]. */
export function fieldLabel(path: readonly string[], lang: Language): string {
  let out = '';
  for (const seg of path) {
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else out += (out ? '.' : '') + (hasMessage(`fields.${seg}`) ? translate(`fields.${seg}`, lang) : seg);
  }
  return out;
}


/** Messages the contract's schemas give their refinements (src/contract), and the rule each names. */
const RULE_MESSAGES: Record<string, string> = { [NO_SORT]: 'noSort', 'special symbols': 'specialSymbols', mobile: 'mobile', 'YYYY-MM-DD': 'date', required: 'required', tooDeep: 'tooDeep', badText: 'badText', notJson: 'notJson' };

const typeLabel = (t: unknown, lang: Language) => (hasMessage(`validation.types.${String(t)}`) ? translate(`validation.types.${String(t)}`, lang) : String(t));

/** The rule an issue broke, localized. `value` is the input at the issue's path (undefined = missing). */
export function ruleOf(issue: Issue, lang: Language, value: unknown): string {
  const p = issue.params;
  const t = (key: string, params: Record<string, string | number> = {}) => translate(`validation.${key}`, lang, params);
  // A key a list does not have (sort, fields): "has no key x; the keys are a, b".
  if (issue.message === NO_SUCH_KEY) {
    const k = (p.params ?? {}) as { key?: unknown; keys?: unknown };
    return t('noSuchKey', { key: String(k.key ?? ''), keys: String(k.keys ?? '') });
  }
  // Contract schemas name some rules in the message (the app's form validation reads them too).
  const named = RULE_MESSAGES[issue.message];
  if (named) return t(named);
  // A date before the one it follows (contract/date-order.ts): "cannot be before <the earlier field>".
  if (issue.message === DATE_ORDER) {
    const after = (p.params as { after?: unknown } | undefined)?.after;
    return t('dateOrder', { after: typeof after === 'string' ? fieldLabel(after.split('.'), lang) : '' });
  }
  // A money field's bound is cents; it is said in currency units (contract/money.ts): "at most 21,000,000.00".
  const money = moneyBound({ code: issue.code, message: issue.message, minimum: p.minimum, maximum: p.maximum });
  if (money) return money.side === 'max' ? t(p.inclusive === false ? 'lessThan' : 'max', { max: money.amount }) : t(p.inclusive === false ? 'greaterThan' : 'min', { min: money.amount });
  const n = (v: unknown) => (typeof v === 'bigint' ? v.toString() : Number(v));
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined || /received undefined$/.test(issue.message)) return t('required');
      return t('invalidType', { expected: typeLabel(p.expected, lang) });
    case 'invalid_union':
      return value === undefined ? t('required') : t('invalid');
    case 'too_small': {
      const min = n(p.minimum);
      // An empty (or blank, when trimmed) text is a missing one: "is required", not "at least 1 characters".
      if (p.origin === 'string') return Number(min) <= 1 || (typeof value === 'string' && value.trim() === '') ? t('required') : t('tooShort', { min });
      if (p.origin === 'array' || p.origin === 'set') return t('tooFew', { min });
      return p.inclusive === false ? t('greaterThan', { min }) : t('min', { min });
    }
    case 'too_big': {
      const max = n(p.maximum);
      if (p.origin === 'string') return t('tooLong', { max });
      if (p.origin === 'array' || p.origin === 'set') return t('tooMany', { max });
      return p.inclusive === false ? t('lessThan', { max }) : t('max', { max });
    }
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map(String) : [];
      return values.length === 1 ? t('mustEqual', { values: values[0] }) : t('oneOf', { values: values.join(' / ') });
    }
    case 'invalid_format':
      if (p.format === 'email') return t('email');
      if (p.format === 'date' || p.format === 'datetime' || p.format === 'iso_date') return t('date');
      return t('pattern');
    case 'unrecognized_keys':
      return t('unknownKeys', { keys: Array.isArray(p.keys) ? p.keys.join(', ') : '' });
    case 'not_multiple_of':
      return t('multipleOf', { divisor: n(p.divisor) });
    default:
      return t('invalid');
  }
}

/** Reads the raw input at a path; JSON-encoded query values (filter) are looked into as well. */
export function valueAt(source: unknown, path: readonly string[]): unknown {
  let node: unknown = source;
  for (const seg of path) {
    if (typeof node === 'string') {
      try {
        node = JSON.parse(node);
      } catch {
        return undefined;
      }
    }
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node;
}

export function describeIssue(issue: Issue, lang: Language, source: unknown): string {
  const rule = ruleOf(issue, lang, valueAt(source, issue.path));
  return issue.path.length ? translate('validation.field', lang, { field: fieldLabel(issue.path, lang), rule }) : rule;
}

export function describeIssues(issues: Issue[], lang: Language, source: unknown): string {
  return issues.slice(0, 3).map((i) => describeIssue(i, lang, source)).join(translate('validation.separator', lang));
}

/**
 * Raised by handlers that validate input themselves (list filters); the error handler answers it
 * like a failed route schema.
 */
export class InputValidationError extends Error {
  readonly statusCode = 400;
  readonly validation: unknown[];
  constructor(issues: unknown[], readonly source: unknown) {
    super('input validation failed');
    this.validation = issues;
  }
}

/** The issue for keys a list does not know (`sort`, `fields`), naming them and the known ones. */

/** Parses a list filter (already JSON-decoded) with its contract schema; failures answer INVALID_INPUT naming filter.<field>. */
export function parseFilter<T extends z.ZodType>(schema: T, filter: Record<string, unknown>): z.output<T> {
  const r = schema.safeParse(filter);
  if (r.success) return r.data;
  throw new InputValidationError(r.error.issues.map((i) => ({ ...i, path: ['filter', ...i.path.map(String)] })), { filter });
}
