/**
 * The project editor (800×650, spec 02 §2.5, §4, §5): a two-column form; at least one client and one
 * director (principal); amount in currency units with 2 decimals (read as text into cents);
 * summary (2 rows, ≤ 250) and remark (5 rows, ≤ 500) with a counter. New projects are
 * non-litigation; a false `disabled` is sent as null.
 */
import { useMemo, useState } from 'react';
import { Checkbox, MultiSelect, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { projectCreateBody, type ProjectDto } from '../../../contract/clients';
import { formatCentsForEdit } from '../../../domain/money';
import { projectAmountCents, PROJECT_AMOUNT_MAX_CENTS, PROJECT_REMARK_MAX, PROJECT_SUMMARY_MAX } from '../../../domain/clients';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { projectKinds } from '../../../domain/enums';
import { disabledOnWire } from '../../../domain/staff';
import { customerPickerOptions, useSaveProject } from '../../queries/clients';
import { allDepartmentsOptions, employeePickerOptions } from '../../queries/staff';
import { FormDialog } from '../common/form-dialog';
import { useEntityForm } from '../common/use-entity-form';

export interface ProjectValues extends Record<string, unknown> {
  code: string;
  name: string;
  kind: string;
  amount: number | string;
  departmentId: string | null;
  oppParty: string;
  plaintiff: string;
  defendant: string;
  summary: string;
  remark: string;
  disabled: boolean;
  clients: string[];
  principals: string[];
}

export const projectValues = (p?: ProjectDto | null): ProjectValues => ({
  code: p?.code ?? '',
  name: p?.name ?? '',
  kind: p?.kind ?? 'NON_LITIGATION',
  amount: p ? formatCentsForEdit(p.amount) : '0',
  departmentId: p?.departmentId ? String(p.departmentId) : null,
  oppParty: p?.oppParty ?? '',
  plaintiff: p?.plaintiff ?? '',
  defendant: p?.defendant ?? '',
  summary: p?.summary ?? '',
  remark: p?.remark ?? '',
  disabled: p?.disabled ?? false,
  clients: (p?.clientIds ?? []).map(String),
  principals: (p?.principalIds ?? []).map(String),
});

interface Ref { id: number; code: string; name: string }
const optionsOf = (rows: Ref[], known: Ref[]) => {
  const all = [...known.filter((k) => !rows.some((r) => r.id === k.id)), ...rows];
  return all.map((r) => ({ value: String(r.id), label: `${r.code} ${r.name}` }));
};

/** A searchable multi-select over a server search (200 ms), keeping the chosen records' labels. */
function RefMultiSelect({ label, known, rows, onSearch, testId, ...field }: {
  label: string;
  known: Ref[];
  rows: Ref[];
  onSearch: (s: string) => void;
  testId: string;
  value: unknown;
  onChange: (v: string[]) => void;
  onBlur: () => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  return (
    <MultiSelect
      label={label}
      withAsterisk
      searchable
      data={optionsOf(rows, known)}
      searchValue={search}
      onSearchChange={(s) => {
        setSearch(s);
        onSearch(s);
      }}
      value={field.value as string[]}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={field.error}
      nothingFoundMessage="—"
      data-testid={testId}
    />
  );
}

export function ProjectDialog({ opened, companyId, project, onClose, onNew }: {
  opened: boolean;
  companyId: number;
  /** The record edited; null for a new one. */
  project: ProjectDto | null;
  onClose: () => void;
  onNew: () => void;
}) {
  const { t } = useTranslation(['clients', 'admin', 'common']);
  const save = useSaveProject(companyId);
  const [clientSearch, setClientSearch] = useState('');
  const [principalSearch, setPrincipalSearch] = useState('');
  const [clientKw] = useDebouncedValue(clientSearch.trim(), SEARCH_DEBOUNCE_MS);
  const [principalKw] = useDebouncedValue(principalSearch.trim(), SEARCH_DEBOUNCE_MS);
  const { data: clientRows } = useQuery(customerPickerOptions(companyId, clientKw));
  const { data: employeeRows } = useQuery(employeePickerOptions(companyId, principalKw));
  const { data: depts } = useQuery(allDepartmentsOptions(companyId));
  const [knownClients, setKnownClients] = useState<Ref[]>([]);
  const [knownPrincipals, setKnownPrincipals] = useState<Ref[]>([]);
  const form = useEntityForm({
    schema: projectCreateBody,
    empty: () => projectValues(null),
    required: ['code', 'name'],
    toInput: (v) => ({
      ...v,
      companyId,
      amount: projectAmountCents(v.amount),
      departmentId: v.departmentId === null ? null : Number(v.departmentId),
      clients: v.clients.map(Number),
      principals: v.principals.map(Number),
      disabled: disabledOnWire(v.disabled),
    }),
    rules: (v) => ({
      clients: v.clients.length ? undefined : { key: 'clients:project.selectClient' },
      principals: v.principals.length ? undefined : { key: 'clients:project.selectDirector' },
    }),
    serverFields: { DATA_DUPLICATION: 'code', PROJECT_CLIENT_REQUIRED: 'clients', PROJECT_PRINCIPAL_REQUIRED: 'principals' },
  });
  // Labels of the chosen records survive a search that no longer lists them.
  const clientsKnown = useMemo(() => [...(project?.clients ?? []), ...knownClients, ...(clientRows?.content ?? [])].filter((c) => form.values.clients.includes(String(c.id))), [project, knownClients, clientRows, form.values.clients]);
  const principalsKnown = useMemo(() => [...(project?.principals ?? []), ...knownPrincipals, ...(employeeRows?.content ?? [])].filter((e) => form.values.principals.includes(String(e.id))), [project, knownPrincipals, employeeRows, form.values.principals]);
  const clientsField = form.field('clients');
  const principalsField = form.field('principals');
  const counter = (v: string, max: number) => `${v.length}/${max}`;
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={project ? t('clients:project.editTitle', { name: project.name }) : t('clients:project.newTitle')}
      form={form}
      values={project ? projectValues(project) : undefined}
      recordKey={project?.id ?? 'new'}
      onSave={(parsed) => (project ? save.mutateAsync({ id: project.id, body: { ...parsed, disabled: disabledOnWire(parsed.disabled), version: project.version } }) : save.mutateAsync({ id: null, body: { ...parsed, disabled: disabledOnWire(parsed.disabled) } }))}
      saveAndNew
      onNew={onNew}
      size={800}
      testId="project-dialog"
    >
      <div style={{ minHeight: 470 }}>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
          <TextInput label={t('clients:project.code')} withAsterisk data-autofocus {...form.text('code')} data-testid="project-code" />
          <TextInput label={t('clients:project.name')} withAsterisk {...form.text('name')} data-testid="project-name" />
          <Select label={t('clients:project.kind')} data={projectKinds.map((k) => ({ value: k, label: t(`clients:project.kinds.${k}`) }))} allowDeselect={false} {...form.field('kind')} onChange={(v) => v && form.set('kind', v)} data-testid="project-kind" />
          <NumberInput
            label={t('clients:project.amount')}
            min={0}
            max={Number(formatCentsForEdit(PROJECT_AMOUNT_MAX_CENTS))}
            step={1}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            clampBehavior="strict"
            {...form.field('amount')}
            onChange={(v) => form.set('amount', v)}
            data-testid="project-amount"
          />
          <RefMultiSelect
            label={t('clients:project.clients')}
            known={clientsKnown}
            rows={clientRows?.content ?? []}
            onSearch={setClientSearch}
            testId="project-clients"
            {...clientsField}
            onChange={(v) => {
              setKnownClients(clientsKnown);
              form.set('clients', v);
            }}
          />
          <RefMultiSelect
            label={t('clients:project.principals')}
            known={principalsKnown}
            rows={employeeRows?.content ?? []}
            onSearch={setPrincipalSearch}
            testId="project-principals"
            {...principalsField}
            onChange={(v) => {
              setKnownPrincipals(principalsKnown);
              form.set('principals', v);
            }}
          />
          <Select
            label={t('clients:project.department')}
            clearable
            searchable
            data={(depts?.content ?? []).map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` }))}
            {...form.field('departmentId')}
            data-testid="project-department"
          />
          <TextInput label={t('clients:project.oppParty')} {...form.text('oppParty')} data-testid="project-opp-party" />
          <TextInput label={t('clients:project.plaintiff')} {...form.text('plaintiff')} />
          <TextInput label={t('clients:project.defendant')} {...form.text('defendant')} />
        </SimpleGrid>
        <Textarea mt={6} label={t('clients:project.summary')} rows={2} maxLength={PROJECT_SUMMARY_MAX} description={counter(form.values.summary, PROJECT_SUMMARY_MAX)} inputWrapperOrder={['label', 'input', 'description', 'error']} {...form.text('summary')} data-testid="project-summary" />
        <Textarea mt={6} label={t('clients:project.remark')} rows={5} maxLength={PROJECT_REMARK_MAX} description={counter(form.values.remark, PROJECT_REMARK_MAX)} inputWrapperOrder={['label', 'input', 'description', 'error']} {...form.text('remark')} data-testid="project-remark" />
        <Checkbox mt={8} label={t('clients:project.disabled')} {...form.checkbox('disabled')} data-testid="project-disabled" />
      </div>
    </FormDialog>
  );
}
