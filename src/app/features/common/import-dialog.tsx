/**
 * The shared import popup (spec 02 §2: 500x350, a single file input): an .xlsx is required
 * ('please select EXCEL'); Import sends it; success says 'Operation successful!' and 'Please check
 * again!' and closes; a refused import keeps the popup open and lists the wrong rows by number
 * (nothing was imported) with a link to the error workbook (the upload with an error column).
 * The success notice gives the server's counts (created / updated / unchanged); a sheet without
 * rows says so in the popup instead. Enter imports, Esc closes.
 *
 * The file box is a button: Enter on it opens the file chooser, and the browser gives it the focus
 * back when a file is picked, so Enter there opened the chooser again instead of importing. A file
 * picked sends the focus on to Import; and Enter on the file box with a file chosen imports too (a
 * user who tabbed back to it changes the file with Space, or clears it).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Anchor, Button, FileInput, Group, List, Modal, ScrollArea, Stack } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { importResultDto, type ImportResultDto } from '../../../contract/export';
import { notifySuccess } from '../../queries/admin-common';
import { BusyButton } from './busy-button';

interface RowError { row: number; column: string | null; message: string }

const appendixOf = (err: unknown) => (err instanceof ApiError ? (err.appendix as { errors?: RowError[]; errorFile?: string | null } | undefined) : undefined);
const rowErrorsOf = (err: unknown): RowError[] => {
  const appendix = appendixOf(err);
  return Array.isArray(appendix?.errors) ? appendix.errors : [];
};
/** The error workbook (the upload with an error column), a signed same-origin URL. */
const errorFileOf = (err: unknown): string | null => {
  const url = appendixOf(err)?.errorFile;
  return typeof url === 'string' && url.startsWith('/api/files/') ? url : null;
};

/**
 * What an import did, from its answer: the counts (contract importResultDto), 'empty' when the sheet
 * held no rows, null when the answer carries no counts (an import of another shape).
 */
export function importOutcome(answer: unknown): ImportResultDto | 'empty' | null {
  const parsed = importResultDto.safeParse(answer);
  if (!parsed.success) return null;
  const r = parsed.data;
  return r.created + r.updated + r.unchanged === 0 ? 'empty' : r;
}

/** 'Operation successful! Created 3, updated 1, unchanged 5. Please check again!' (the counts when known). */
export function importSuccessMessage(t: TFunction, outcome: ImportResultDto | null): string {
  return outcome
    ? t('common:importSucceeded', { created: outcome.created, updated: outcome.updated, unchanged: outcome.unchanged })
    : `${t('common:operationSucceeded')} ${t('common:checkAgain')}`;
}

export interface ImportDialogProps {
  opened: boolean;
  onClose: () => void;
  onImport: (file: File) => Promise<unknown>;
  title?: string;
  testId?: string;
}

export function ImportDialog({ opened, onClose, onImport, title, testId = 'import-dialog' }: ImportDialogProps) {
  const { t } = useTranslation(['common', 'errors']);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<RowError[]>([]);
  const [errorFile, setErrorFile] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [empty, setEmpty] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setFile(null);
    setEmpty(false);
    setError(null);
    setRows([]);
    setErrorFile(null);
    onClose();
  };
  const submit = async () => {
    if (!file || !/\.xlsx$/i.test(file.name)) {
      setError(t('errors:IMPORT_FILE_REQUIRED'));
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const outcome = importOutcome(await onImport(file));
      if (outcome === 'empty') {
        // Nothing was in the sheet: the popup stays, so another file can be chosen.
        setError(null);
        setRows([]);
        setErrorFile(null);
        setEmpty(true);
        return;
      }
      notifySuccess(importSuccessMessage(t, outcome));
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : t('common:operationFailed'));
      setRows(rowErrorsOf(err));
      setErrorFile(errorFileOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title ?? t('common:import')} size={500} data-testid={testId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm" mih={250}>
          <FileInput
            data-autofocus
            label={t('common:importFile')}
            placeholder={t('common:importPlaceholder')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={(f) => {
              setFile(f);
              setEmpty(false);
              setError(null);
              setRows([]);
              setErrorFile(null);
              // Enter next imports (the file box, which has the focus back, would open the chooser again).
              if (f) submitButton.current?.focus();
            }}
            onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
              if (e.key !== 'Enter' || !file || e.target !== e.currentTarget) return;
              e.preventDefault();
              void submit();
            }}
            clearable
            data-testid={`${testId}-file`}
          />
          {empty && (
            <Alert color="yellow" data-testid={`${testId}-empty`}>
              {t('common:importNoRows')}
            </Alert>
          )}
          {error && (
            <Alert color="red" data-testid={`${testId}-error`}>
              {error}
              {rows.length > 0 && (
                <ScrollArea.Autosize mah={140} mt="xs">
                  <List size="sm">
                    {rows.map((r) => (
                      <List.Item key={`${r.row}-${r.column ?? ''}`}>{t('common:importRow', { row: r.row })}: {r.column ? `${r.column}: ` : ''}{r.message}</List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
              )}
              {errorFile && (
                <Anchor href={errorFile} download size="sm" mt="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} data-testid={`${testId}-error-file`}>
                  <IconDownload size={14} />
                  {t('common:importErrorFile')}
                </Anchor>
              )}
            </Alert>
          )}
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>{t('common:cancel')}</Button>
          {/* Busy, not disabled, while importing: the focus stays on it (busy-button.tsx). */}
          <BusyButton ref={submitButton} type="submit" busy={busy} data-testid={`${testId}-submit`}>{t('common:import')}</BusyButton>
        </Group>
      </form>
    </Modal>
  );
}
