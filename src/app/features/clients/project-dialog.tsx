/**
 * The project editor (800×650, spec 02 §2.5, §4, §5): a two-column form; at least one client and one
 * director (principal); amount in currency units with 2 decimals (read as text into cents);
 * summary (2 rows, ≤ 250) and remark (5 rows, ≤ 500) with a counter. New projects are
 * non-litigation; a false `disabled` is sent as null.
 */
import { useMemo, useState } from 'react';
import { Checkbox, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Select } from '../common/select';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { projectCreateBody, type ProjectDto } from '../../../contract/clients';
import { formatCents } from '../../../domain/money';
import { projectAmountCents, PROJECT_REMARK_MAX, PROJECT_SUMMARY_MAX } from '../../../domain/clients';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { projectKinds } from '../../../domain/enums';
import { disabledOnWire } from '../../../domain/staff';
import { useSaveProject } from '../../queries/clients';
import { CustomerPicker } from '../pickers/customer-picker';
import { DepartmentField } from '../pickers/department-field';
import { EmployeePicker } from '../pickers/employee-picker';
import { customerPageOptions, employeeSearchOptions, employeesAllOptions } from '../pickers/picker-queries';
import { mergeChosen, remoteKeyword } from '../pickers/picker-rules';
import { RefMultiField, type Ref } from '../pickers/ref-multi-field';
import { FormDialog } from '../common/form-dialog';
import { useEntityForm } from '../common/use-entity-form';
import { AmountInput } from '../common/amount-input';

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
  amount: formatCents(p?.amount ?? 0),
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
  // Remote searches only for a non-empty keyword (spec 02 §5); directors come from every page of employees.
  const clientKeyword = remoteKeyword(clientKw);
  const { data: clientRows } = useQuery({ ...customerPageOptions(companyId, { index: 0, size: 15, sort: { createdAt: 'desc' }, keyword: clientKeyword ?? '' }), enabled: !!clientKeyword });
  const { data: allEmployees } = useQuery(employeesAllOptions(companyId, false));
  // Once every employee is loaded the box filters them itself; until then a keyword asks the server.
  const principalKeyword = allEmployees ? null : remoteKeyword(principalKw);
  const { data: foundEmployees } = useQuery(employeeSearchOptions(companyId, principalKeyword, false));
  const employeeRows = principalKeyword ? foundEmployees : allEmployees;
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
    serverFields: { DATA_DUPLICATION: 'code', PROJECT_CLIENT_REQUIRED: 'clients', PROJECT_PRINCIPAL_REQUIRED: 'principals', DEPARTMENT_NOT_LEAF: 'departmentId' },
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
          <AmountInput label={t('clients:project.amount')} {...form.field('amount')} testId="project-amount" />
          <RefMultiField
            label={t('clients:project.clients')}
            withAsterisk
            known={clientsKnown}
            rows={clientKeyword ? clientRows?.content ?? [] : []}
            onSearch={setClientSearch}
            testId="project-clients"
            value={clientsField.value as string[]}
            onBlur={clientsField.onBlur}
            error={clientsField.error}
            onChange={(v) => {
              setKnownClients(clientsKnown);
              form.set('clients', v);
            }}
            picker={(opened, close) => (
              <CustomerPicker
                opened={opened}
                companyId={companyId}
                multiple
                onClose={close}
                onChooseMany={(rows) => {
                  const chosen = mergeChosen<Ref>(clientsKnown, rows);
                  setKnownClients(chosen);
                  form.set('clients', chosen.map((c) => String(c.id)));
                  close();
                }}
              />
            )}
          />
          <RefMultiField
            label={t('clients:project.principals')}
            withAsterisk
            known={principalsKnown}
            rows={employeeRows?.content ?? []}
            onSearch={setPrincipalSearch}
            testId="project-principals"
            value={principalsField.value as string[]}
            onBlur={principalsField.onBlur}
            error={principalsField.error}
            onChange={(v) => {
              setKnownPrincipals(principalsKnown);
              form.set('principals', v);
            }}
            picker={(opened, close) => (
              <EmployeePicker
                opened={opened}
                companyId={companyId}
                multiple
                disabled={false}
                onClose={close}
                onChooseMany={(rows) => {
                  const chosen = mergeChosen<Ref>(principalsKnown, rows);
                  setKnownPrincipals(chosen);
                  form.set('principals', chosen.map((e) => String(e.id)));
                  close();
                }}
              />
            )}
          />
          <DepartmentField
            label={t('clients:project.department')}
            companyId={companyId}
            clearable
            {...form.field('departmentId')}
            value={form.values.departmentId}
            onChange={(v) => form.set('departmentId', v)}
            testId="project-department"
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
