/**
 * The invoice popup (spec 02 §2.6, §4, §5): opens read-only for viewing (and marks the invoice
 * opened on the server); Edit switches to editing and prefixes the title; New closes it and starts
 * a new invoice. Amounts are typed in currency units with 2 decimals and read as text into cents.
 * Attachments are PDFs of at most 2 MB: chosen files are checked here by content (the server checks
 * again), uploaded right after the invoice is saved; a failed upload says so and keeps the popup
 * open (the saved invoice stays; saving again uploads what is left). At least one attachment is
 * mandatory. Existing attachments open in the PDF viewer drawer and, while editing, can be deleted
 * after a confirmation (the last one only once a replacement is uploaded).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, FileButton, Group, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { Select } from '../common/select';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPaperclip, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invoiceCreateBody, type InvoiceAttachmentDto, type InvoiceDto } from '../../../contract/invoice';
import { formatCents } from '../../../domain/money';
import { projectAmountCents } from '../../../domain/clients';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { DEFAULT_INVOICE_KIND, INVOICE_ATTACHMENT_MAX_BYTES, INVOICE_KINDS, INVOICE_REMARK_MAX, invoiceAmountsProblem } from '../../../domain/invoice';
import { isPdf } from '../../../domain/pdf';
import { useSession } from '../../session/store';
import { invoiceKeys, invoiceProjectPickerOptions, openInvoice, uploadAttachment, useDeleteAttachment, useSaveInvoice } from '../../queries/invoice';
import { notifyError, notifySuccess } from '../../queries/admin-common';
import { ConfirmDialog } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { useEntityForm } from '../common/use-entity-form';
import { PdfViewerDrawer, type PdfDocument } from '../common/pdf-viewer-drawer';
import { AmountInput } from '../common/amount-input';
import { FirstMatchSelect } from '../common/first-match-select';
import { todayIso } from '../common/today';

export interface InvoiceValues extends Record<string, unknown> {
  projectId: string | null;
  no: string;
  kind: string;
  issueOffice: string;
  date: string | null;
  amount: number | string;
  receivedAmount: number | string;
  redAmount: number | string;
  remark: string;
}


export const invoiceValues = (i: InvoiceDto | null, projectId?: number | null): InvoiceValues => ({
  projectId: i ? String(i.projectId) : projectId ? String(projectId) : null,
  no: i?.no ?? '',
  kind: i?.kind ?? DEFAULT_INVOICE_KIND,
  issueOffice: i?.issueOffice ?? '',
  date: i?.date ?? todayIso(),
  amount: formatCents(i?.amount ?? 0),
  receivedAmount: formatCents(i?.receivedAmount ?? 0),
  redAmount: formatCents(i?.redAmount ?? 0),
  remark: i?.remark ?? '',
});


/**
 * The project picker's server keyword: what is typed, but not the chosen project's own label, which
 * the select shows as its search text (nothing typed then: the list offers the first projects).
 */
export function projectKeyword(typed: string, projectId: string | null, known: readonly { id: number; code: string; name: string }[]): string {
  const chosen = projectId ? known.find((p) => String(p.id) === projectId) : undefined;
  return chosen && typed === `${chosen.code} ${chosen.name}` ? '' : typed;
}

export interface InvoiceDialogProps {
  opened: boolean;
  companyId: number;
  /** The invoice shown; null for a new one. */
  invoice: InvoiceDto | null;
  /** Opens editable (edit or new) rather than read-only. */
  editing: boolean;
  canOperate: boolean;
  /** A new invoice's project (from the project view). */
  projectId?: number | null;
  /** A known project label for the picker (the project view's project). */
  projectLabel?: { id: number; code: string; name: string } | null;
  onClose: () => void;
  /** The New button: close and start a new invoice. */
  onNew: () => void;
}

/** One mount per opening: the popup's state (the invoice as last saved, chosen files, mode) starts from its props. */
export function InvoiceDialog(props: InvoiceDialogProps) {
  return <InvoiceDialogBody key={`${props.opened}:${props.invoice?.id ?? 'new'}:${props.editing}:${props.projectId ?? ''}`} {...props} />;
}

function InvoiceDialogBody(props: InvoiceDialogProps) {
  const { opened, companyId, invoice, canOperate, projectId, projectLabel, onClose, onNew } = props;
  const { t } = useTranslation(['invoice', 'common', 'errors']);
  const qc = useQueryClient();
  const lang = useSession((s) => s.language);
  const save = useSaveInvoice(companyId);
  const delAttachment = useDeleteAttachment(companyId);
  /** The invoice as the server last answered (after a save or an upload), else the one given. */
  const [current, setCurrent] = useState<InvoiceDto | null>(invoice);
  const [editing, setEditing] = useState(props.editing);
  const [pending, setPending] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<InvoiceAttachmentDto | null>(null);
  const [viewing, setViewing] = useState<PdfDocument | null>(null);
  const [projectSearch, setProjectSearch] = useState('');
  const [projectKw] = useDebouncedValue(projectSearch.trim(), SEARCH_DEBOUNCE_MS);
  const resetRef = useRef<number | string | null>(null);
  const noRef = useRef<HTMLInputElement>(null);
  const addFileRef = useRef<HTMLButtonElement>(null);

  // Each opening starts from the given invoice and mode; viewing marks the invoice opened.
  const openingKey = opened ? `${invoice?.id ?? 'new'}:${props.editing}` : null;
  useEffect(() => {
    if (openingKey === resetRef.current) return;
    resetRef.current = openingKey;
    if (!opened) return;
    setCurrent(invoice);
    setEditing(props.editing);
    setPending([]);
    setFileError(null);
    if (invoice && !props.editing && !invoice.opened) {
      openInvoice(invoice.id).then((fresh) => {
        setCurrent((c) => (c && c.id === fresh.id ? { ...c, opened: true } : c));
        void qc.invalidateQueries({ queryKey: invoiceKeys.all(companyId) });
      }).catch(() => undefined);
    }
    // The opening is decided by openingKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openingKey]);

  const form = useEntityForm({
    schema: invoiceCreateBody,
    empty: () => invoiceValues(null, projectId),
    required: ['projectId', 'no', 'kind', 'date'],
    toInput: (v) => ({
      ...v,
      projectId: v.projectId === null ? undefined : Number(v.projectId),
      date: v.date ?? undefined,
      amount: projectAmountCents(v.amount),
      receivedAmount: projectAmountCents(v.receivedAmount),
      redAmount: projectAmountCents(v.redAmount),
    }),
    messages: { no: { key: 'invoice:enterNo' }, kind: { key: 'invoice:selectKind' } },
    // The server's rule, said under its field before a save is sent.
    rules: (v) => {
      const cents = { amount: projectAmountCents(v.amount), receivedAmount: projectAmountCents(v.receivedAmount), redAmount: projectAmountCents(v.redAmount) };
      if (Object.values(cents).some(Number.isNaN)) return {};
      const p = invoiceAmountsProblem(cents);
      const values = { red: formatCents(cents.redAmount), received: formatCents(cents.receivedAmount), amount: formatCents(cents.amount) };
      return p ? { [p.field]: { key: `errors:${p.code}`, values } } : {};
    },
    serverFields: { INVOICE_NO_DUPLICATE: 'no', INVOICE_RED_OVER_AMOUNT: 'redAmount', INVOICE_RECEIVED_OVER_AMOUNT: 'receivedAmount' },
  });

  const known = useMemo(
    () => [current?.project, projectLabel].filter((p): p is { id: number; code: string; name: string } => !!p),
    [current, projectLabel],
  );
  // The select shows the chosen project's label as its search text: that text is not a keyword to
  // search the projects by (it would offer the chosen project alone when the list opens).
  const { data: projectRows } = useQuery(invoiceProjectPickerOptions(opened && editing ? companyId : null, projectKeyword(projectKw, form.values.projectId, known)));
  const projectOptions = useMemo(() => {
    const rows = [...known, ...(projectRows?.content ?? [])];
    const seen = new Set<number>();
    return rows.filter((p) => !seen.has(p.id) && seen.add(p.id)).map((p) => ({ value: String(p.id), label: `${p.code} ${p.name}` }));
  }, [known, projectRows]);

  const attachments = current?.attachments ?? [];
  const readOnly = !editing;

  // Edit (in the read-only view) leaves with its button: the caret goes to the first field.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing && !wasEditing.current) requestAnimationFrame(() => noRef.current?.focus());
    wasEditing.current = editing;
  }, [editing]);

  /**
   * The fields and the mandatory attachment are checked together, so one Enter shows every refusal:
   * a wrong field takes the caret (the dialog's own rule), else the missing PDF puts it on "Add PDF".
   */
  const dialogForm = {
    ...form,
    validate: () => {
      const missing = !attachments.length && !pending.length;
      if (missing) setFileError(t('invoice:attachmentRequired'));
      const body = form.validate();
      if (body && missing) {
        requestAnimationFrame(() => addFileRef.current?.focus());
        return null;
      }
      return body;
    },
  };

  const addFiles = async (files: File[]) => {
    setFileError(null);
    const ok: File[] = [];
    for (const f of files) {
      if (f.size > INVOICE_ATTACHMENT_MAX_BYTES) {
        setFileError(`${f.name}: ${t('errors:ATTACHMENT_TOO_LARGE')}`);
        continue;
      }
      if (!isPdf(new Uint8Array(await f.arrayBuffer()))) {
        setFileError(`${f.name}: ${t('errors:PDF_ONLY')}`);
        continue;
      }
      ok.push(f);
    }
    setPending((p) => [...p, ...ok]);
  };

  /** Saves the fields (an unchanged invoice is not written), then uploads each chosen file. */
  const onSave = async (body: ReturnType<typeof invoiceCreateBody.parse>) => {
    if (!attachments.length && !pending.length) {
      const message = t('invoice:attachmentRequired');
      setFileError(message);
      throw new Error(message);
    }
    let saved = current
      ? await save.mutateAsync({ id: current.id, body: { ...body, version: current.version } })
      : await save.mutateAsync({ id: null, body });
    setCurrent(saved);
    const left: File[] = [];
    let failure: string | null = null;
    for (const f of pending) {
      try {
        saved = await uploadAttachment(saved.id, f);
        setCurrent(saved);
      } catch (err) {
        left.push(f);
        failure = `${f.name}: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    setPending(left);
    await qc.invalidateQueries({ queryKey: invoiceKeys.all(companyId) });
    if (failure) {
      // The invoice is saved; the popup stays so the failed files can be retried or replaced.
      const message = t('invoice:uploadFailed', { detail: failure });
      setFileError(message);
      notifyError(new Error(message));
      throw new Error(message);
    }
    notifySuccess();
  };

  const title = current
    ? editing ? `${t('invoice:editPrefix')} ${t('invoice:title', { no: current.no })}` : t('invoice:title', { no: current.no })
    : t('invoice:newTitle');

  return (
    <>
      <FormDialog
        opened={opened}
        onClose={onClose}
        title={title}
        form={dialogForm}
        values={current ? invoiceValues(current) : undefined}
        recordKey={`${invoice?.id ?? 'new'}:${projectId ?? ''}:${opened}`}
        onSave={onSave}
        readOnly={readOnly}
        size={800}
        // The PDF viewer and the delete question lie over the popup: Esc closes them, not the popup.
        covered={!!viewing || !!confirming}
        testId="invoice-dialog"
        footerLeft={readOnly && canOperate ? (
          <>
            <Button variant="default" onClick={onNew} data-testid="invoice-view-new">{t('common:new')}</Button>
            <Button onClick={() => setEditing(true)} data-autofocus data-testid="invoice-view-edit">{t('common:edit')}</Button>
          </>
        ) : undefined}
      >
        <div>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
            <TextInput ref={noRef} label={t('invoice:no')} withAsterisk data-autofocus={editing || undefined} {...form.text('no')} readOnly={readOnly} data-testid="invoice-no" />
            <Select
              label={t('invoice:kind')}
              withAsterisk
              data={INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoice:kinds.${k}`) }))}
              allowDeselect={false}
              {...form.field('kind')}
              onChange={(v) => v && form.set('kind', v)}
              readOnly={readOnly}
              data-testid="invoice-kind"
            />
            <DateInput label={t('invoice:date')} withAsterisk valueFormat="YYYY-MM-DD" locale={lang === 'zh_CN' ? 'zh-cn' : 'en'} {...form.field('date')} readOnly={readOnly} data-testid="invoice-date" />
            {/* FirstMatchSelect: the projects are searched on the server as the user types, and a code typed
                then Enter takes its project also when the answer arrives after the typing (a plain Select
                lost its highlight when the options were replaced: Enter took nothing and saved nothing). */}
            <FirstMatchSelect
              label={t('invoice:project')}
              withAsterisk
              data={projectOptions}
              // Always controlled: a search value that became controlled only on Edit left the chosen project blank.
              searchValue={projectSearch}
              onSearchChange={setProjectSearch}
              nothingFoundMessage="—"
              {...form.field('projectId')}
              readOnly={readOnly}
              data-testid="invoice-project"
            />
            <TextInput label={t('invoice:issueOffice')} {...form.text('issueOffice')} readOnly={readOnly} data-testid="invoice-issue-office" />
            <AmountInput label={t('invoice:amount')} {...form.field('amount')} readOnly={readOnly} testId="invoice-amount" />
            <AmountInput label={t('invoice:receivedAmount')} {...form.field('receivedAmount')} readOnly={readOnly} testId="invoice-received" />
            <AmountInput label={t('invoice:redAmount')} {...form.field('redAmount')} readOnly={readOnly} testId="invoice-red" />
          </SimpleGrid>
          <Textarea mt={6} label={t('invoice:remark')} rows={3} maxLength={INVOICE_REMARK_MAX} description={`${form.values.remark.length}/${INVOICE_REMARK_MAX}`} inputWrapperOrder={['label', 'input', 'description', 'error']} {...form.text('remark')} readOnly={readOnly} data-testid="invoice-remark" />
        </div>
        <Stack gap={4} data-testid="invoice-attachments">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {t('invoice:attachments')} <Text span c="red">*</Text> <Text span size="xs" c="dimmed">{t('invoice:attachmentHint')}</Text>
            </Text>
            {editing && (
              <FileButton onChange={(files) => void addFiles(files)} accept="application/pdf,.pdf" multiple>
                {(p) => <Button {...p} ref={addFileRef} size="xs" variant="light" leftSection={<IconPaperclip size={14} />} data-testid="invoice-add-file">{t('invoice:addFile')}</Button>}
              </FileButton>
            )}
          </Group>
          <Table withTableBorder verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {attachments.map((a) => (
                <Table.Tr key={a.id} data-testid="invoice-attachment-row">
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td w={90} ta="right" c="dimmed">{t('invoice:fileSize', { size: (a.size / 1024).toFixed(1) })}</Table.Td>
                  <Table.Td w={80}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('invoice:viewFile')}>
                        <ActionIcon variant="subtle" aria-label={t('invoice:viewFile')} onClick={() => setViewing({ url: a.realUri, name: a.name })} data-testid="invoice-attachment-view"><IconEye size={16} /></ActionIcon>
                      </Tooltip>
                      {editing && (
                        <Tooltip label={t('common:delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('common:delete')} onClick={() => setConfirming(a)} data-testid="invoice-attachment-delete"><IconTrash size={16} /></ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {pending.map((f, i) => (
                <Table.Tr key={`p${i}`} data-testid="invoice-pending-row">
                  <Table.Td>{f.name} <Text span size="xs" c="dimmed">({t('invoice:toUpload')})</Text></Table.Td>
                  <Table.Td w={90} ta="right" c="dimmed">{t('invoice:fileSize', { size: (f.size / 1024).toFixed(1) })}</Table.Td>
                  <Table.Td w={80}>
                    <Group justify="flex-end">
                      <ActionIcon variant="subtle" aria-label={t('common:cancel')} onClick={() => setPending((p) => p.filter((x) => x !== f))}><IconX size={16} /></ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!attachments.length && !pending.length && (
                <Table.Tr><Table.Td colSpan={3} c="dimmed">{t('invoice:noAttachments')}</Table.Td></Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {fileError && <Text size="xs" c="red" role="alert" data-testid="invoice-file-error">{fileError}</Text>}
        </Stack>
      </FormDialog>
      <ConfirmDialog
        opened={!!confirming}
        message={t('invoice:deleteAttachmentConfirm', { name: confirming?.name ?? '' })}
        loading={delAttachment.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const a = confirming!;
          delAttachment.mutateAsync({ id: a.invoiceId, attachmentId: a.id })
            .then((fresh) => setCurrent(fresh))
            .catch(() => undefined)
            .finally(() => setConfirming(null));
        }}
      />
      <PdfViewerDrawer file={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
