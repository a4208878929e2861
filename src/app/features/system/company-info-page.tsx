/** /system/companyInfor: the current company's information, editable with the system right. */
import { useEffect, useRef } from 'react';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { companyOptions, useUpdateCompany } from '../../queries/admin-companies';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { formatDateTime } from '../common/row-actions';
import { FormSaveButton } from '../common/form-save-button';
import { CompanyFields, companyValues, useCompanyForm } from './company-form';

export function CompanyInfoPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId } = useScope();
  const canEdit = useHasRight(RIGHTS.SYSTEM);
  const company = useQuery(companyOptions(companyId));
  // The draft is kept with the tab, per company: unsaved edits survive a visit to another tab.
  const form = useCompanyForm(`company:${companyId}`);
  const update = useUpdateCompany();
  const formRef = useRef<HTMLFormElement>(null);
  /**
   * Reset and Save disable themselves once the form is clean again; the button that had the focus
   * then drops it to <body>. The focus goes back to the first field instead.
   */
  const keepFocus = () =>
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || (active instanceof HTMLButtonElement && active.disabled)) {
        formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      }
    });
  useTabDirty(canEdit && form.dirty, undefined, { kept: true });

  useEffect(() => {
    if (company.data) form.load(companyValues(company.data));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [company.data]);

  if (!companyId) return <Text c="dimmed">{t('admin:noCompany')}</Text>;
  if (company.isLoading) return <Loader size="sm" />;
  if (!company.data) return <Text c="red">{company.error?.message ?? t('common:queryFailed')}</Text>;

  const submit = async () => {
    try {
      await form.saveWith(async (body) => companyValues(await update.mutateAsync({ id: companyId, body })));
    } catch {
      /* notified */
    }
    keepFocus();
  };

  return (
    <Card withBorder padding="lg" maw={860} data-testid="company-info">
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canEdit) void submit();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('admin:company.infoTitle')}</Title>
            <Text size="xs" c="dimmed">
              {t('admin:company.id')} {company.data.id} · {t('admin:common.createdAt')} {formatDateTime(company.data.createdAt)}
            </Text>
          </Group>
          <CompanyFields form={form} readOnly={!canEdit} />
          {canEdit && (
            <Group justify="flex-end" gap="xs">
              <Button variant="default" leftSection={<IconRestore size={16} />} disabled={!form.dirty} onClick={() => {
                  form.reset(companyValues(company.data));
                  keepFocus();
                }} data-testid="company-info-reset">
                {t('common:reset')}
              </Button>
              <FormSaveButton form={form} label={t('common:save')} testId="company-info-save" />
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
