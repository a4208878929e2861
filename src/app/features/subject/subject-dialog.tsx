/**
 * The subject detail popup (spec 02 §2.1, 700×550): code, name, English name, abbreviation, kind
 * (from the first digit), balance direction (a child follows its parent; only a new level-1
 * subject chooses), the code rule, disabled, parent (from the code's prefix), cash flag and the
 * auxiliary types. Save, Save and new (Ctrl+Enter: the next code at the same level), Copy (an
 * existing subject's values as a new one, without abbreviation), Exit (Esc).
 */
import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { subjectCreateBody, type SubjectDto } from '../../../contract/subject';
import { auxTypes } from '../../../domain/enums';
import { isValidSubjectCode, kindOfCode, nextSiblingCode, parentCodeOf } from '../../../domain/subject-code';
import { useCreateSubject, useUpdateSubject } from '../../queries/subjects';
import { call } from '../../api/typed-client';
import { subjectApi } from '../../../contract/heads';
import { FormDialog, SaveCancelled } from '../common/form-dialog';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ApiError } from '../../api/client';
import { useScope } from '../../session/store';
import { AuxValuesDialog, type AuxValue } from './aux-values-dialog';
import { useEntityForm } from '../common/use-entity-form';
import { CodeInput } from '../common/code-input';
import { localName } from '../../../domain/names';

export interface SubjectValues extends Record<string, unknown> {
  accountYearId: number;
  code: string;
  name: string;
  nameEn: string;
  abbr: string;
  direction: 'BORROWER' | 'LENDER';
  disabled: boolean;
  beCash: boolean;
  auxTypeIds: string[];
}

export const subjectValues = (accountYearId: number, s?: Partial<SubjectDto> | null): SubjectValues => ({
  accountYearId,
  code: s?.code ?? '',
  name: s?.name ?? '',
  nameEn: s?.nameEn ?? '',
  abbr: s?.abbr ?? '',
  direction: s?.direction === false ? 'LENDER' : 'BORROWER',
  disabled: !!s?.disabled,
  beCash: !!s?.beCash,
  auxTypeIds: (s?.auxTypeIds ?? []).map(String),
});

/** What the popup edits: an existing subject, or a new one (optionally seeded: copy, child of a node). */
export interface SubjectEditorPayload {
  subject: SubjectDto | null;
  seed?: SubjectValues;
  /** Re-seeds the form when a copy or a new seed replaces the current record. */
  key?: string;
}

interface Props {
  opened: boolean;
  payload: SubjectEditorPayload | null;
  accountYearId: number;
  rule: number[];
  subjects: SubjectDto[];
  onClose: () => void;
  onOpen: (p: SubjectEditorPayload) => void;
}

export function SubjectDialog({ opened, payload, accountYearId, rule, subjects, onClose, onOpen }: Props) {
  const { t, i18n } = useTranslation(['subject', 'admin']);
  const subject = payload?.subject ?? null;
  const isNew = !subject;
  const byCode = useMemo(() => new Map(subjects.map((s) => [s.code, s])), [subjects]);
  const form = useEntityForm({
    schema: subjectCreateBody,
    empty: () => subjectValues(accountYearId),
    required: ['code', 'name'],
    toInput: (v) => ({ ...v, auxTypeIds: v.auxTypeIds.map(Number), nameEn: v.nameEn || null, abbr: v.abbr || null }),
    rules: (v) => (v.code && !isValidSubjectCode(rule, v.code) ? { code: { key: 'subject:tip2' } } : {}),
    // Spec 02 §5: an empty code or name asks 'please enter'; a wrong one keeps its own message (tip2, length).
    messages: { code: { blank: { key: 'admin:validation.pleaseEnter' } }, name: { blank: { key: 'admin:validation.pleaseEnter' } } },
    serverFields: { SUBJECT_CODE_DUPLICATE: 'code', SUBJECT_CODE_INVALID: 'code', SUBJECT_PARENT_MISSING: 'code', SUBJECT_PARENT_IN_USE: 'code' },
  });
  const create = useCreateSubject();
  const update = useUpdateSubject(accountYearId);

  const code = form.values.code;
  const parentCode = parentCodeOf(rule, code);
  const parent = parentCode ? byCode.get(parentCode) : undefined;
  const kind = kindOfCode(code);
  // A child's direction is its parent's; only a new level-1 subject chooses its own.
  const direction = parent ? (parent.direction ? 'BORROWER' : 'LENDER') : form.values.direction;
  const directionLocked = !isNew || !!parentCode;
  // A saved level-1 subject turns round only while the books use neither it nor a sub-subject (the
  // server refuses it then, SUBJECT_DIRECTION_USED); until the answer comes it stays fixed.
  const usedQuery = useQuery({
    queryKey: ['subject', 'used', subject?.id ?? 0, subject?.version ?? 0],
    queryFn: ({ signal }) => call(subjectApi.used, { query: { id: subject!.id } }, { signal }),
    enabled: !!subject && subject.parentId === null,
  });
  const directionFree = !directionLocked || (!!subject && subject.parentId === null && usedQuery.data === false);

  const codeInput = form.text('code');
  const scope = useScope();
  // Tip7 (spec 02 §5): the server refuses new auxiliary types on a used subject without values; the
  // user confirms, then chooses one value per new type, and the save is sent again with them.
  const [tip7, setTip7] = useState<number[] | null>(null);
  const [asking, setAsking] = useState<number[] | null>(null);
  const answer = useRef<(v: AuxValue[] | null) => void>(() => {});
  const askAuxValues = (auxTypeIds: number[]) => new Promise<AuxValue[] | null>((resolve) => {
    answer.current = (v) => {
      setTip7(null);
      setAsking(null);
      resolve(v);
    };
    setTip7(auxTypeIds);
  });
  const updateSubject = async (s: SubjectDto, body: Parameters<typeof update.mutateAsync>[0]['body']) => {
    try {
      return await update.mutateAsync({ id: s.id, body });
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'SUBJECT_AUX_VALUES_REQUIRED') throw err;
      const missing = ((err.appendix as { auxTypeIds?: number[] } | undefined)?.auxTypeIds ?? []).filter((n) => Number.isInteger(n));
      const values = await askAuxValues(missing);
      if (!values) throw new SaveCancelled();
      return update.mutateAsync({ id: s.id, body: { ...body, auxValues: values } });
    }
  };
  const seedKey = payload?.key ?? (subject ? `s${subject.id}` : undefined);

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={isNew ? t('newTitle') : t('editTitle')}
      form={form}
      values={payload?.seed ?? (subject ? subjectValues(accountYearId, subject) : undefined)}
      recordKey={seedKey}
      onSave={(body) => {
        if (subject) {
          const { accountYearId: _y, code: _c, direction: d, ...rest } = body;
          return updateSubject(subject, { ...rest, ...(subject.parentId === null ? { direction: d } : {}), version: subject.version });
        }
        return create.mutateAsync({ ...body, direction: parent ? undefined : body.direction });
      }}
      saveAndNew
      // No key: the dialog already took the next values (a key would re-seed it empty).
      onNew={() => onOpen({ subject: null })}
      nextValues={(saved) => ({ ...saved, code: nextSiblingCode(rule, saved.code) ?? '', name: '', nameEn: '', abbr: '' })}
      size={700}
      footerLeft={
        <Button
          variant="default"
          disabled={isNew}
          data-testid="subject-copy"
          onClick={() => onOpen({ subject: null, seed: { ...form.values, abbr: '' }, key: `copy${Date.now()}` })}
        >
          {t('copy')}
        </Button>
      }
      testId="subject-dialog"
    >
      <Stack gap="sm" mih={400}>
        <SimpleGrid cols={2} spacing="sm">
          <CodeInput
            label={t('field.code')}
            withAsterisk
            data-autofocus={isNew || undefined}
            disabled={!isNew}
            placeholder={t('codeHint')}
            title={t('codeHint')}
            input={codeInput}
            maxLength={40}
            data-testid="subject-code"
          />
          <TextInput label={t('field.codeRule')} value={rule.join('-')} readOnly data-testid="subject-rule" />
          <TextInput label={t('field.name')} withAsterisk data-autofocus={!isNew || undefined} maxLength={50} {...form.text('name')} data-testid="subject-name" />
          <TextInput label={t('field.nameEn')} maxLength={100} {...form.text('nameEn')} data-testid="subject-name-en" />
          <TextInput label={t('field.abbr')} maxLength={50} {...form.text('abbr')} data-testid="subject-abbr" />
          <TextInput label={t('field.parent')} value={parent ? `${parent.code} ${localName(i18n.language, parent)}` : parentCode ?? t('noParent')} readOnly data-testid="subject-parent" />
          <TextInput label={t('field.kind')} value={kind ? t(`kind.${kind}`) : ''} readOnly data-testid="subject-kind" />
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('field.direction')}</Text>
            <SegmentedControl
              value={direction}
              disabled={!directionFree}
              onChange={(v) => form.set('direction', v as SubjectValues['direction'])}
              data={[{ value: 'BORROWER', label: t('direction.BORROWER') }, { value: 'LENDER', label: t('direction.LENDER') }]}
              data-testid="subject-direction"
            />
          </Stack>
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox label={t('field.disabled')} {...form.checkbox('disabled')} data-testid="subject-disabled" />
          <Checkbox label={t('field.beCash')} {...form.checkbox('beCash')} data-testid="subject-be-cash" />
        </Group>
        <Checkbox.Group label={t('field.auxes')} value={form.values.auxTypeIds} onChange={(v) => form.set('auxTypeIds', v)}>
          <Group gap="md" mt={4}>
            {auxTypes.map((a) => <Checkbox key={a.id} value={String(a.id)} label={t(`aux.${a.id}`)} data-testid={`subject-aux-${a.id}`} />)}
          </Group>
        </Checkbox.Group>
      </Stack>
      <ConfirmDialog
        opened={tip7 !== null && asking === null}
        message={t('subject:auxValues.tip7')}
        color="blue"
        onCancel={() => answer.current(null)}
        onConfirm={() => setAsking(tip7)}
      />
      <AuxValuesDialog
        key={asking?.join(',') ?? 'none'}
        opened={asking !== null}
        auxTypeIds={asking ?? []}
        companyId={scope.companyId}
        accountId={scope.accountId}
        accountYearId={accountYearId}
        onCancel={() => answer.current(null)}
        onConfirm={(v) => answer.current(v)}
      />
    </FormDialog>
  );
}
