/**
 * /basic/specificSubjectSet: which subjects of the account year play the CASH (库存现金), BANK
 * (银行存款), CASH_OPP (cash counter-subjects) and BUSINESS roles (spec 01 §3; decision record 019).
 * One tab per kind (arrow keys move between tabs); the kind's subjects in a list; "Add subject" is a
 * searchable box of the subjects that may play the role (type a code or name, Enter adds; F7 or the
 * icon opens the subject catalogue in popup mode, which names why a subject cannot be chosen); Delete
 * (toolbar or row icon) removes the ticked ones. Every change saves the kind's whole
 * set at once; the server checks the rules again.
 */
import { useMemo, useState } from 'react';
import { ActionIcon, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { SpecificSubjectDto } from '../../../contract/subject';
import { specificSubjectTypes } from '../../../domain/enums';
import { RIGHTS } from '../../../domain/rights';
import { specificSubjectProblem, type SpecificKind } from '../../../domain/specific-subjects';
import { useHasRight, useScope } from '../../session/store';
import { allSubjectsOptions, specificSubjectsOptions, useSaveSpecificSubjects } from '../../queries/subjects';
import { ListPage } from '../common/list-page';
import { FirstMatchSelect } from '../common/first-match-select';
import { SubjectPicker } from '../pickers/subject-picker';
import { specificSubjectsColumns } from './specific-subjects.columns';
import { localName } from '../../../domain/names';
import { useTabState } from '../../shell/tab-state';

interface Ctx {
  t: (k: string) => string;
  english: boolean;
}

const renderers = {
  name: (p: ICellRendererParams<SpecificSubjectDto, unknown, Ctx>) => (p.data ? localName(p.context.english, p.data) : null),
  yes: (p: ICellRendererParams<SpecificSubjectDto, boolean, Ctx>) => (p.value ? p.context.t('subject:yes') : ''),
};

export function SpecificSubjectsPage() {
  const { t, i18n } = useTranslation(['subject', 'admin', 'shell']);
  const { accountYearId } = useScope();
  const [kind, setKind] = useTabState<SpecificKind>(`specificSubjects:kind`, () => 'CASH');
  if (!accountYearId) return <Text c="dimmed">{t('shell:banner.accountYear')}</Text>;
  return (
    <Stack gap="xs">
      <Tabs value={kind} onChange={(v) => v && setKind(v as SpecificKind)} keepMounted={false}>
        <Tabs.List>
          {specificSubjectTypes.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`specific-tab-${k}`}>
              {t(`subject:specific.kinds.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Text size="sm" c="dimmed" data-testid="specific-rule">{t(`subject:specific.rules.${kind}`)}</Text>
      <KindList key={`${accountYearId}-${kind}`} accountYearId={accountYearId} kind={kind} english={i18n.language === 'en_US'} />
    </Stack>
  );
}

function KindList({ accountYearId, kind, english }: { accountYearId: number; kind: SpecificKind; english: boolean }) {
  const { t } = useTranslation(['subject', 'admin']);
  const canEdit = useHasRight(RIGHTS.BASIC_FINANCE);
  const current = useQuery(specificSubjectsOptions(accountYearId, kind));
  const all = useQuery(allSubjectsOptions(accountYearId));
  const save = useSaveSpecificSubjects(accountYearId);
  const ids = useMemo(() => (current.data?.content ?? []).map((s) => s.subjectId), [current.data]);
  const nameOf = (s: { name: string; nameEn: string | null }) => localName(english, s);
  const candidates = useMemo(
    () => (all.data?.content ?? []).filter((s) => !ids.includes(s.id) && specificSubjectProblem(kind, s) === null).map((s) => ({ value: String(s.id), label: `${s.code} ${nameOf(s)}` })),
    // nameOf reads `english`
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [all.data, ids, kind, english],
  );
  const context = useMemo<Ctx>(() => ({ t, english }), [t, english]);
  const setIds = (next: number[]) => save.mutateAsync({ kind, subjectIds: next });
  const [picking, setPicking] = useState(false);

  return (
    <ListPage<SpecificSubjectDto, Ctx>
      gridId="basic.specificSubject"
      columns={specificSubjectsColumns}
      query={() => specificSubjectsOptions(accountYearId, kind)}
      resetKey={[accountYearId, kind]}
      getRowId={(s) => s.id}
      rowLabel={(s) => `${s.code} ${nameOf(s)}`}
      renderers={renderers}
      context={context}
      paged={false}
      searchable={false}
      emptyText={t('subject:specific.empty')}
      testId="specific-list"
      toolbarExtra={
        canEdit ? (
          <Group gap={4} wrap="nowrap">
          <FirstMatchSelect
            w={320}
            clearable
            placeholder={t('subject:specific.add')}
            aria-label={t('subject:specific.add')}
            data={candidates}
            value={null}
            nothingFoundMessage={t('subject:specific.noCandidate')}
            onChange={(v) => v && void setIds([...ids, Number(v)])}
            disabled={save.isPending}
            onKeyDown={(e) => {
              if (e.key !== 'F7') return;
              e.preventDefault();
              setPicking(true);
            }}
            data-testid="specific-add"
          />
          <Tooltip label={t('subject:specific.pick')}>
            <ActionIcon variant="default" size="lg" aria-label={t('subject:specific.pick')} onClick={() => setPicking(true)} disabled={save.isPending} data-testid="specific-pick">
              <IconListSearch size={16} />
            </ActionIcon>
          </Tooltip>
          <SubjectPicker
            opened={picking}
            accountYearId={accountYearId}
            leafOnly={false}
            refuse={(s) => {
              const name = `${s.code} ${nameOf(s)}`;
              if (ids.includes(s.id)) return t('subject:specific.already', { name });
              return specificSubjectProblem(kind, s) ? t('subject:specific.refused', { name }) : null;
            }}
            onClose={() => setPicking(false)}
            onChoose={(s) => {
              setPicking(false);
              void setIds([...ids, s.id]);
            }}
          />
          </Group>
        ) : undefined
      }
      actions={[
        {
          key: 'delete',
          tone: 'danger',
          selection: 'some',
          allowed: canEdit,
          placement: 'both',
          loading: save.isPending,
          run: (rows) => void setIds(ids.filter((id) => !rows.some((r) => r.subjectId === id))),
        },
      ]}
    />
  );
}
