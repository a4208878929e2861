/** The company fields (create/edit dialog and the company info screen share them). */
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { companyCreateBody } from '../../../contract/company';
import type { CompanyDto } from '../../../contract/company';
import { useEntityForm } from '../common/use-entity-form';

export interface CompanyValues extends Record<string, unknown> {
  name: string;
  shortCut: string;
  taxNumber: string;
  address: string;
  phone: string;
  remark: string;
}

export const companyValues = (c?: CompanyDto | null): CompanyValues => ({
  name: c?.name ?? '', shortCut: c?.shortCut ?? '', taxNumber: c?.taxNumber ?? '', address: c?.address ?? '', phone: c?.phone ?? '', remark: c?.remark ?? '',
});

/** `keep`: a slot to keep the draft with the page's tab (company info), null in dialogs. */
export function useCompanyForm(keep: string | null = null) {
  return useEntityForm({ schema: companyCreateBody, empty: () => companyValues(), required: ['name'], keep });
}

export function CompanyFields({ form, readOnly }: { form: ReturnType<typeof useCompanyForm>; readOnly?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('company.name')} withAsterisk data-autofocus readOnly={readOnly} {...form.text('name')} data-testid="company-name" />
        <TextInput label={t('company.shortCut')} readOnly={readOnly} {...form.text('shortCut')} data-testid="company-shortcut" />
        <TextInput label={t('company.taxNumber')} readOnly={readOnly} {...form.text('taxNumber')} data-testid="company-tax" />
        <TextInput label={t('company.phone')} readOnly={readOnly} {...form.text('phone')} data-testid="company-phone" />
      </SimpleGrid>
      <TextInput label={t('company.address')} readOnly={readOnly} {...form.text('address')} data-testid="company-address" />
      <Textarea label={t('company.remark')} autosize minRows={2} maxRows={6} readOnly={readOnly} {...form.text('remark')} />
    </>
  );
}
