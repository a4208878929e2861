/**
 * Dialogs shared by the administration screens: a form dialog (Enter submits, Esc closes) and the
 * delete confirmation of the product ('Cannot be recovered after deletion!…').
 */
import { useState, type ReactNode } from 'react';
import { useTabState } from '../../shell/tab-state';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { validateObject, validateValue, type MessageRef } from './form-validation';

export interface FormDialogProps {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  loading?: boolean;
  size?: string | number;
  submitLabel?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export function FormDialog({ opened, title, onClose, onSubmit, loading, size = 'md', submitLabel, children, testId }: FormDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered closeOnEscape trapFocus>
      <form
        noValidate
        data-testid={testId}
        onSubmit={(e) => {
          e.preventDefault();
          if (!loading) onSubmit();
        }}
      >
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" gap="xs" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={loading} data-testid="dialog-submit">
              {submitLabel ?? t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface ConfirmDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  color?: string;
}

/** Delete confirmation; the confirm button takes the focus so Enter confirms and Esc cancels. */
export function ConfirmDialog({ opened, onCancel, onConfirm, loading, message, confirmLabel, color = 'red' }: ConfirmDialogProps) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Modal opened={opened} onClose={onCancel} title={t('admin:confirm.title')} size="sm" centered>
      <Stack gap="md" data-testid="confirm-dialog">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconAlertTriangle color="var(--mantine-color-orange-6)" size={22} style={{ flexShrink: 0 }} />
          <Text size="sm">{message ?? t('admin:confirm.delete')}</Text>
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm} data-autofocus data-testid="confirm-ok">
            {confirmLabel ?? t('common:confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Delete confirmation state for a screen: ask(payload) opens it; confirm runs the action. */
export function useConfirm<P>() {
  const [payload, setPayload] = useState<P | null>(null);
  return { payload, opened: payload !== null, ask: (p: P) => setPayload(p), close: () => setPayload(null) };
}

/**
 * A small form state for dialogs and editor pages, validated with a contract schema: each field
 * on blur, the whole object on submit. `required` lists fields whose blank value is an error even
 * when the schema accepts it (e.g. a partial update schema).
 *
 * `keep` (a slot name) keeps the values with the page's tab (shell/tab-state.ts), so a page's
 * unsaved edits survive switching tabs; `load(server)` sets the baseline the draft is compared
 * with (`dirty`) and replaces the values only while they hold no unsaved edit.
 */
interface FormState<V> {
  values: V;
  baseline: V;
  errors: Record<string, MessageRef | null>;
}

const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? '') !== (b[k] ?? '')) return false;
  return true;
};

export function useZodForm<S extends z.ZodObject, V extends Record<string, unknown>>(schema: S, initial: V, required: readonly (keyof V & string)[] = [], keep: string | null = null) {
  const { t } = useTranslation(['admin', 'errors']);
  const [state, setState] = useTabState<FormState<V>>(keep, () => ({ values: initial, baseline: initial, errors: {} }));
  const { values, errors } = state;
  const shape = schema.shape as Record<string, z.ZodType>;
  const msg = (m: MessageRef | null | undefined) => (m ? t(m.key, m.values) : undefined);
  const setErrors = (f: (e: Record<string, MessageRef | null>) => Record<string, MessageRef | null>) => setState((s) => ({ ...s, errors: f(s.errors) }));
  const setValue = (name: string, value: unknown) => setState((s) => ({ ...s, values: { ...s.values, [name]: value } }));

  const checkField = (name: keyof V & string, value: unknown = values[name]) => {
    const s = shape[name];
    const m = s ? validateValue(s, value, required.includes(name)) : null;
    setErrors((e) => ({ ...e, [name]: m }));
    return m;
  };

  return {
    values,
    errors,
    /** Values differ from the last loaded (or reset) baseline. */
    dirty: !sameValues(values, state.baseline),
    /** Replaces values and baseline (after a save, or "reset" to the loaded data). */
    reset(next: V) {
      setState({ values: next, baseline: next, errors: {} });
    },
    /** New data from the server: becomes the baseline; replaces the values unless they hold unsaved edits. */
    load(next: V) {
      setState((s) => (sameValues(s.values, s.baseline) ? { values: next, baseline: next, errors: {} } : { ...s, baseline: next }));
    },
    set<K extends keyof V & string>(name: K, value: V[K]) {
      setValue(name, value);
      if (errors[name]) checkField(name, value);
    },
    /** Props for text inputs: value, onChange, onBlur (validates), localized error. */
    text(name: keyof V & string) {
      return {
        value: (values[name] as string | null | undefined) ?? '',
        onChange: (e: { currentTarget: { value: string } }) => {
          const value = e.currentTarget.value;
          setValue(name, value);
          if (errors[name]) checkField(name, value);
        },
        onBlur: () => checkField(name),
        error: msg(errors[name]),
      };
    },
    error: (name: string) => msg(errors[name]),
    setError: (name: string, m: MessageRef | null) => setErrors((e) => ({ ...e, [name]: m })),
    checkField,
    /** Validate everything; the parsed payload when valid, else null (errors shown). */
    validate(): z.output<S> | null {
      const r = validateObject(schema, values, required);
      if (r.ok) return r.data;
      setErrors(() => r.errors);
      return null;
    },
  };
}
