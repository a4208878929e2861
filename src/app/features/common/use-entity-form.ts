/**
 * The form state of every editor (dialogs through form-dialog.tsx, and editor pages), validated
 * with the contract's zod schema: a field is checked on blur (and again on each change once it
 * showed an error), the whole object on save; zod issues become localized messages
 * (form-validation.ts), server refusals go under their field or above the form (form-model.ts).
 *
 *   const form = useEntityForm({ schema: roleCreateBody, empty: () => ({ companyId, name: '', remark: '' }), required: ['name'] });
 *   <TextInput label={t('admin:role.name')} withAsterisk data-autofocus {...form.text('name')} />
 *
 * Options: `toInput` maps the values to the schema's input when they differ (a checkbox that
 * leaves a field out, strings that become numbers); `rules` adds cross-field checks; `messages`
 * gives a field the form's own message (the spec's wording) in place of the generic ones, an empty
 * required field included (`{ blank, invalid }` words the two apart; form-validation.ts FieldMessage); `serverFields` maps result codes to fields;
 * `keep` (a slot name) keeps the draft with the page's tab (shell/tab-state.ts) so unsaved edits
 * survive a tab switch, and `load(server)` then replaces the values only while they are unedited.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useTabState } from '../../shell/tab-state';
import { mergeAnswer, mergeErrors, sameValues, serverErrorToForm } from './form-model';
import { crossFieldErrors, isBlank, ownMessage, validateObject, validateValue, type FieldMessage, type MessageRef } from './form-validation';

type Values = Record<string, unknown>;
type Field<V> = keyof V & string;

export interface EntityFormOptions<S extends z.ZodObject, V extends Values> {
  schema: S;
  /** The values of a new record. */
  empty: () => V;
  /** Fields whose blank value is an error even where the schema accepts it (partial update schemas). */
  required?: readonly Field<V>[];
  toInput?: (values: V) => Values;
  rules?: (values: V) => Partial<Record<Field<V>, MessageRef>>;
  /** The form's own message per field, shown for an empty required field as well as a wrong value. */
  messages?: Partial<Record<Field<V>, FieldMessage>>;
  serverFields?: Record<string, Field<V>>;
  keep?: string | null;
}

interface FormState<V> {
  values: V;
  baseline: V;
  errors: Record<string, MessageRef | null>;
  /** A refusal of the last save that belongs to no field. */
  serverError: MessageRef | null;
  /** The values of a save on its way (`saveWith`): server data arriving meanwhile is compared with these. */
  sending?: V | null;
}

export function useEntityForm<S extends z.ZodObject, V extends Values>(options: EntityFormOptions<S, V>) {
  const { schema, empty, required = [], toInput = (v: V) => v as Values, rules, serverFields = {}, keep = null } = options;
  const messages: Partial<Record<Field<V>, FieldMessage>> = options.messages ?? {};
  const { t } = useTranslation(['admin', 'errors', 'common']);
  const [state, setState] = useTabState<FormState<V>>(keep, () => {
    const v = empty();
    return { values: v, baseline: v, errors: {}, serverError: null };
  });
  const { values, errors } = state;
  const queueRef = useRef<{ tail: Promise<boolean> | null; tailSent: V | null }>({ tail: null, tailSent: null });
  /** The fields showing a cross-field message of the last field check (cleared there once mended). */
  const crossShown = useRef<Set<string>>(new Set());
  const shape = schema.shape as Record<string, z.ZodType>;
  const msg = (m: MessageRef | null | undefined) => (m ? (m.text ?? t(m.key, m.values)) : undefined);
  const setErrors = (f: (e: Record<string, MessageRef | null>) => Record<string, MessageRef | null>) => setState((s) => ({ ...s, errors: f(s.errors) }));

  const checkField = (name: Field<V>, value: unknown = values[name]): MessageRef | null => {
    const next = { ...values, [name]: value } as V;
    const input = toInput(next);
    const s = shape[name];
    const found = s ? validateValue(s, input[name], required.includes(name)) : null;
    let m: MessageRef | null = found ? ownMessage(found, messages[name], isBlank(input[name])) : null;
    // The schema's cross-field rules (a leave date before the entry date): on the field they name,
    // set when this edit breaks one and cleared when it mends one, whichever of the two was edited.
    const cross = crossFieldErrors(schema, input);
    if (!m) m = cross[name] ?? null;
    if (!m && rules) m = rules(next)[name] ?? null;
    const shownCross = crossShown.current;
    setErrors((e) => {
      const out = { ...e, [name]: m };
      for (const k of shownCross) if (k !== name && e[k] && !cross[k]) out[k] = null;
      for (const [k, c] of Object.entries(cross)) if (k !== name && (!e[k] || shownCross.has(k))) out[k] = c;
      return out;
    });
    crossShown.current = new Set(Object.keys(cross));
    return m;
  };

  const set = <K extends Field<V>>(name: K, value: V[K]) => {
    setState((s) => ({ ...s, values: { ...s.values, [name]: value }, serverError: null }));
    if (errors[name]) checkField(name, value);
  };

  const validate = (): z.output<S> | null => {
    const input = toInput(values);
    const r = validateObject(schema, input, required);
    crossShown.current = new Set(Object.keys(crossFieldErrors(schema, input)));
    const ruleErrors = rules ? rules(values) : {};
    const failed = !r.ok || Object.values(ruleErrors).some(Boolean);
    if (!failed && r.ok) return r.data;
    setErrors(() => mergeErrors(r.ok ? {} : r.errors, ruleErrors, messages, input));
    return null;
  };
  /**
   * A save of `sent` (the values when it was sent) answered `answer`: the answer becomes the baseline,
   * and the values too, but for the fields the user edited while the save was on its way (those edits
   * stay, unsaved, instead of being overwritten by the answer; the fields not touched since take what
   * the server stored, form-model.ts `mergeAnswer`).
   */
  const saved = (sent: V, answer: V) => {
    setState((s) => (sameValues(s.values, sent) ? { values: answer, baseline: answer, errors: {}, serverError: null, sending: null } : { ...s, values: mergeAnswer(s.values, sent, answer), baseline: answer, sending: null }));
  };

  return {
    values,
    errors,
    empty,
    /**
     * Values differ from the last loaded (or reset) baseline, or from the values of the save on its
     * way: what an Enter would still have to send.
     */
    dirty: !sameValues(values, state.sending ?? state.baseline),
    /** A save is on its way (`saveWith`). */
    saving: state.sending != null,
    serverError: msg(state.serverError),
    /** Replaces values and baseline (opening a record, after a save). */
    reset(next: V) {
      setState({ values: next, baseline: next, errors: {}, serverError: null });
    },
    /**
     * A default that arrives after the form was seeded (its data was still loading, e.g. the
     * department chosen in a tree whose list had not been fetched yet): set where the field is
     * still as seeded, in the baseline too, so it is not an edit; a field the user touched keeps theirs.
     */
    preset<K extends Field<V>>(name: K, value: V[K]) {
      setState((s) => (Object.is(s.values[name], s.baseline[name]) && !Object.is(s.values[name], value)
        ? { ...s, values: { ...s.values, [name]: value }, baseline: { ...s.baseline, [name]: value } }
        : s));
    },
    /** A save of `sent` answered `answer` (see `saved` above; `saveWith` calls it). */
    saved,
    /**
     * New data from the server: becomes the baseline; replaces the values unless they hold unsaved
     * edits. While a save is on its way, edits are what differs from the values it sent: a box cleared
     * back to its old value right after Enter is an edit, not something the reload may overwrite.
     */
    load(next: V) {
      setState((s) => (sameValues(s.values, s.sending ?? s.baseline) ? { values: next, baseline: next, errors: {}, serverError: null, sending: s.sending ?? null } : { ...s, baseline: next }));
    },
    /**
     * Validates and sends the values through `send` (a save answering the values as stored): on
     * success `saved(sent, answer)`; a refusal is thrown on (the caller's mutation notified it).
     * Answers whether it saved; false when the values did not validate.
     */
    async saveWith(send: (body: z.output<S>) => Promise<V>): Promise<boolean> {
      const body = validate();
      if (!body) return false;
      const sent = values;
      // Saves go one after another: an Enter with new edits while the last save is on its way is
      // sent when that one has answered (so the server keeps the newer values); an Enter that finds
      // the same values already on their way or queued sends nothing more.
      const queue = queueRef.current;
      if (queue.tail && queue.tailSent && sameValues(queue.tailSent, sent)) return queue.tail;
      const previous = queue.tail;
      const run = (async () => {
        if (previous) await previous.catch(() => undefined);
        setState((s) => ({ ...s, sending: sent }));
        try {
          saved(sent, await send(body));
          return true;
        } catch (e) {
          setState((s) => ({ ...s, sending: null }));
          throw e;
        }
      })();
      queue.tail = run;
      queue.tailSent = sent;
      const done = () => {
        if (queue.tail === run) {
          queue.tail = null;
          queue.tailSent = null;
        }
      };
      run.then(done, done);
      return run;
    },
    set,
    /** Props for TextInput, PasswordInput, Textarea: value, onChange, onBlur (validates), localized error. */
    text(name: Field<V>) {
      return {
        value: (values[name] as string | null | undefined) ?? '',
        onChange: (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value as V[typeof name]),
        onBlur: () => void checkField(name),
        error: msg(errors[name]),
      };
    },
    /** Props for inputs that report a value (Select, MultiSelect, NumberInput, DateInput). */
    field<K extends Field<V>>(name: K) {
      return {
        value: values[name],
        onChange: (v: V[K]) => set(name, v),
        onBlur: () => void checkField(name),
        error: msg(errors[name]),
      };
    },
    checkbox(name: Field<V>) {
      return { checked: !!values[name], onChange: (e: { currentTarget: { checked: boolean } }) => set(name, e.currentTarget.checked as V[typeof name]) };
    },
    error: (name: string) => msg(errors[name]),
    setError: (name: Field<V>, m: MessageRef | null) => setErrors((e) => ({ ...e, [name]: m })),
    checkField,
    /** Validates everything: the parsed payload when valid, else null (errors shown). */
    validate,
    /** Shows a refused save: under its field when the result code maps to one, else above the form. */
    fail(err: unknown) {
      const { field, message } = serverErrorToForm(err, serverFields);
      if (field) setErrors((e) => ({ ...e, [field]: message }));
      else setState((s) => ({ ...s, serverError: message }));
    },
  };
}

export type EntityForm<S extends z.ZodObject = z.ZodObject, V extends Values = Values> = ReturnType<typeof useEntityForm<S, V>>;
