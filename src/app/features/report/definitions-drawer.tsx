/**
 * The report definition editor (decision 033), opened from the balance sheet and the income
 * statement: the company's rows with their formulas; add, edit, delete a row, or restore the
 * standard Small Enterprise layout. The server checks every formula against the company's charts
 * and the other rows and answers what is wrong. Changing definitions needs the finance information
 * right (601); others see them read-only. The drawer and a row's form being edited are kept with the
 * report's tab; leaving a changed form asks first (see useDefinitionsDrawer).
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Group, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Select } from '../common/select';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { ReportRowDto } from '../../../contract/report';
import type { ReportKind } from '../../../domain/report-formula';
import { RIGHTS } from '../../../domain/rights';
import { call } from '../../api/typed-client';
import { notifyError } from '../../queries/admin-common';
import { useHasRight, useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { ConfirmDialog } from '../common/confirm-dialog';
import { leaveWithSaveTip } from '../common/save-tip';
import { SaveTipDialog } from '../common/save-tip-dialog';
import { useSaveTip } from '../common/use-save-tip';

interface Form {
  id: number | null;
  version: number;
  side: 'LEFT' | 'RIGHT';
  lineNo: number | null;
  label: string;
  labelEn: string;
  indent: number;
  bold: boolean;
  formula: string;
  sort?: number;
}

const fromRow = (r: ReportRowDto): Form => ({ id: r.id, version: r.version, side: r.side, lineNo: r.lineNo, label: r.label, labelEn: r.labelEn ?? '', indent: r.indent, bold: r.bold, formula: r.formula });

/** The row being added or edited: its fields now and as they were when the form opened. */
interface Edit {
  form: Form;
  start: Form;
}
const sameForm = (a: Form, b: Form) => (Object.keys({ ...a, ...b }) as Array<keyof Form>).every((k) => Object.is(a[k], b[k]));

/**
 * The drawer of a report page. Whether it is open and the row being edited are kept with the page's
 * tab (the form per company): back from another tab, the drawer shows the form as it was left. A
 * changed form marks the tab unsaved (closing it asks); closing the drawer, the form's Cancel or
 * another row's form asks Yes / No / Cancel first (Yes saves).
 */
export function useDefinitionsDrawer(kind: ReportKind, onChanged: () => void) {
  const { companyId } = useScope();
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const [opened, setOpened] = useTabState<boolean>(`reportDefinitions:${kind}:open`, () => false);
  const [edit, setEdit] = useTabState<Edit | null>(`reportDefinitions:${kind}:${companyId}:edit`, () => null);
  const dirty = canEdit && !!edit && !sameForm(edit.form, edit.start);
  useTabDirty(dirty, undefined, { kept: true });
  const close = () => {
    setEdit(null);
    setOpened(false);
  };
  return {
    open: () => setOpened(true),
    drawer: opened ? <DefinitionsDrawer kind={kind} edit={edit} setEdit={setEdit} dirty={dirty} onClose={close} onChanged={onChanged} /> : null,
  };
}

interface DrawerProps {
  kind: ReportKind;
  edit: Edit | null;
  setEdit: (next: Edit | null | ((prev: Edit | null) => Edit | null)) => void;
  dirty: boolean;
  onClose: () => void;
  onChanged: () => void;
}

function DefinitionsDrawer({ kind, edit, setEdit, dirty, onClose, onChanged }: DrawerProps) {
  const { t, i18n } = useTranslation(['report', 'common']);
  const { companyId } = useScope();
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const rows = useQuery({
    queryKey: ['report', 'definition', companyId, kind],
    queryFn: async ({ signal }) => call(reportApi.definition, { query: { companyId: companyId!, kind } }, { signal }),
    enabled: companyId !== null,
  });
  const [selected, setSelected] = useState<ReportRowDto | null>(null);
  const form = edit?.form ?? null;
  const setForm = (next: Form) => setEdit((e) => (e ? { ...e, form: next } : { form: next, start: next }));
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'remove' | 'reset' | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = async () => {
    await rows.refetch();
    onChanged();
  };
  /** Runs a change; resolves whether it went through (a refusal is shown: in the form when one is open). */
  const run = async (fn: () => Promise<unknown>, after?: () => void): Promise<boolean> => {
    setBusy(true);
    try {
      await fn();
      notifications.show({ color: 'green', message: t('definitions.saved') });
      after?.();
      await changed();
      return true;
    } catch (err) {
      if (form) setError(err instanceof Error ? err.message : String(err));
      else notifyError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const save = async (): Promise<boolean> => {
    if (!form || !companyId || !form.label.trim()) return false;
    const common = { lineNo: form.lineNo, label: form.label, labelEn: form.labelEn.trim() || null, indent: form.indent, bold: form.bold, formula: form.formula };
    return run(() => (form.id === null
      ? call(reportApi.definitionCreate, { body: { companyId, kind, side: form.side, ...(form.sort ? { sort: form.sort } : {}), ...common } })
      : call(reportApi.definitionUpdate, { params: { id: form.id }, body: { ...common, version: form.version } })), () => setEdit(null));
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  // Leaving a changed form (the drawer closing, Cancel, another row's form) asks first: Yes saves
  // then goes on, No drops the changes, Cancel stays.
  const tip = useSaveTip();
  const leave = (proceed: () => void) => {
    if (tip.opened) return;
    if (!dirty) return proceed();
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // After this key event: a question opened within the Escape that closes the drawer heard it too
    // (Mantine listens on the window) and was answered Cancel at once.
    setTimeout(() => void leaveWithSaveTip({ dirty: true, ask: tip.ask, save: () => saveRef.current(), proceed }).then((left) => {
      // Stayed: the caret back where it was, once the drawer's focus trap is on again (it focuses its first control).
      if (!left) setTimeout(() => requestAnimationFrame(() => before?.isConnected && before.focus()), 30);
    }));
  };
  // The form closed by Cancel (its button gone): the caret goes on to Add, once the drawer's focus
  // trap is on again after a question (it focuses its first control when it comes back).
  const addRef = useRef<HTMLButtonElement>(null);
  const closeForm = () => {
    setEdit(null);
    setTimeout(() => requestAnimationFrame(() => addRef.current?.focus()), 30);
  };
  const startForm = (next: Form) => leave(() => {
    setError(null);
    setEdit({ form: next, start: next });
  });
  const en = i18n.language === 'en_US';
  const columns = useMemo<Array<ColDef<ReportRowDto>>>(() => [
    ...(kind === 'BALANCE_SHEET' ? [{ field: 'side' as const, headerName: t('definitions.side'), width: 90, valueFormatter: (p: { value: unknown }) => (p.value === 'LEFT' ? t('balanceSheet.assets') : t('balanceSheet.liabilities')) }] : []),
    { field: 'lineNo', headerName: t('definitions.lineNo'), width: 70 },
    { colId: 'label', headerName: t('definitions.label'), minWidth: 200, flex: 1, valueGetter: (p) => (p.data ? `${'\u3000'.repeat(p.data.indent)}${en ? p.data.labelEn ?? p.data.label : p.data.label}` : '') },
    { field: 'formula', headerName: t('definitions.formula'), minWidth: 260, flex: 2 },
  ], [t, kind, en]);

  // While the question shows, the drawer lets it have the focus (its trap would keep the keys).
  return (
    <>
      <Drawer opened onClose={() => leave(onClose)} trapFocus={!tip.opened} position="right" size={900} title={`${t('definitions.title')} · ${t(`definitions.${kind}`)}`} data-testid="report-definitions">
        <Stack gap="sm">
          <Text size="xs" c="dimmed">{t('definitions.help')}</Text>
          {!canEdit && <Alert color="gray">{t('definitions.readOnly')}</Alert>}
          {canEdit && (
            <Group gap="xs">
              <Button ref={addRef} size="xs" data-testid="def-add" onClick={() => startForm({ id: null, version: 0, side: selected?.side ?? 'LEFT', lineNo: null, label: '', labelEn: '', indent: 1, bold: false, formula: '', sort: selected?.sort })}>{t('definitions.add')}</Button>
              <Button size="xs" variant="default" data-testid="def-edit" disabled={!selected} onClick={() => startForm(fromRow(selected!))}>{t('definitions.edit')}</Button>
              <Button size="xs" variant="default" color="red" data-testid="def-remove" disabled={!selected} onClick={() => setConfirm('remove')}>{t('definitions.remove')}</Button>
              <Button size="xs" variant="subtle" data-testid="def-reset" onClick={() => setConfirm('reset')}>{t('definitions.reset')}</Button>
            </Group>
          )}
          {form && (
            <Stack gap="xs" p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} data-testid="def-form">
              <Group gap="xs" align="flex-end">
                {kind === 'BALANCE_SHEET' && form.id === null && (
                  <Select label={t('definitions.side')} w={220} allowDeselect={false} value={form.side} onChange={(v) => v && setForm({ ...form, side: v as Form['side'] })}
                    data={[{ value: 'LEFT', label: t('definitions.LEFT') }, { value: 'RIGHT', label: t('definitions.RIGHT') }]} />
                )}
                <NumberInput label={t('definitions.lineNo')} w={90} min={1} max={999} value={form.lineNo ?? ''} data-testid="def-line"
                  onChange={(v) => setForm({ ...form, lineNo: v === '' ? null : Number(v) })} />
                <TextInput label={t('definitions.label')} w={260} value={form.label} data-testid="def-label" onChange={(e) => setForm({ ...form, label: e.currentTarget.value })} />
                <TextInput label={t('definitions.labelEn')} w={220} value={form.labelEn} onChange={(e) => setForm({ ...form, labelEn: e.currentTarget.value })} />
                <NumberInput label={t('definitions.indent')} w={80} min={0} max={5} value={form.indent} onChange={(v) => setForm({ ...form, indent: Number(v) || 0 })} />
                <Checkbox label={t('definitions.bold')} checked={form.bold} mb={8} onChange={(e) => setForm({ ...form, bold: e.currentTarget.checked })} />
              </Group>
              <Textarea label={t('definitions.formula')} autosize minRows={1} value={form.formula} data-testid="def-formula" styles={{ input: { fontFamily: 'monospace' } }}
                onChange={(e) => setForm({ ...form, formula: e.currentTarget.value })} />
              {error && <Alert color="red" data-testid="def-error">{error}</Alert>}
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" data-testid="def-cancel" onClick={() => leave(closeForm)}>{t('common:cancel')}</Button>
                <Button size="xs" loading={busy} data-testid="def-save" disabled={!form.label.trim()} onClick={() => void save()}>{t('common:save')}</Button>
              </Group>
            </Stack>
          )}
          <div style={{ height: form ? 'calc(100vh - 420px)' : 'calc(100vh - 200px)', minHeight: 240 }}>
            <ReadGrid<ReportRowDto>
              columnDefs={columns}
              rowData={rows.data ?? []}
              getRowId={(p) => String(p.data.id)}
              rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
              onSelectionChanged={(e) => setSelected(e.api.getSelectedRows()[0] ?? null)}
              onRowDoubleClicked={(e) => { if (canEdit && e.data) startForm(fromRow(e.data)); }}
            />
          </div>
        </Stack>
        <ConfirmDialog opened={confirm !== null} loading={busy} onCancel={() => setConfirm(null)}
          message={confirm === 'reset' ? t('definitions.resetConfirm') : t('definitions.removeConfirm')}
          onConfirm={() => {
            const what = confirm;
            setConfirm(null);
            if (what === 'reset') void run(() => call(reportApi.definitionReset, { body: { companyId: companyId!, kind } }));
            else if (what === 'remove' && selected) void run(() => call(reportApi.definitionRemove, { params: { id: selected.id } }), () => setSelected(null));
          }} />
      </Drawer>
      <SaveTipDialog {...tip.dialog} />
    </>
  );
}
