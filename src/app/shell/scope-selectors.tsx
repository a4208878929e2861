/**
 * Company / ledger set / account year selectors of the top bar, shown by the current page's
 * menu level (≥1 company, ≥2 account, ≥3 year). Switching company calls the server first (the
 * session's rights depend on it), then refreshes user and scope; the shell then closes dialogs
 * and reloads the page (app-layout.tsx).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Group } from '@mantine/core';
import { Select } from '../features/common/select';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import type { MenuLevel } from '../routes/route-table';
import { selectorsFor } from '../routes/access';
import { accountsQueryOptions } from '../queries/account';
import { myCompaniesQueryOptions } from '../queries/company';
import { queryKeys } from '../queries/keys';
import { switchCompany } from '../queries/session';
import { sessionStore, useScope } from '../session/store';
import { confirmDiscardDirtyTabs } from './dirty-guard';
import { queryClient } from './query-client';

/** Switches the working company (also used by the company setup flow). */
export async function changeCompany(companyId: number): Promise<boolean> {
  try {
    const user = await switchCompany(companyId);
    // A load of the user begun before the switch (the old company's rights) must not land after it.
    await queryClient.cancelQueries({ queryKey: queryKeys.currentUser() });
    queryClient.setQueryData(queryKeys.currentUser(), user);
    sessionStore.companySwitched(user, companyId);
    return true;
  } catch (err) {
    notifications.show({ color: 'red', message: err instanceof ApiError && err.message ? err.message : i18n.t('common:queryFailed') });
    return false;
  }
}

/** A ledger set as its selector names it: the main one starred. */
const accountLabel = (a: { name: string; main: number }) => (a.main === 1 ? `${a.name} ★` : a.name);

/**
 * The chosen name of a selector too long for its box ends in '…' (it was cut off mid-letter), and
 * the whole name is its tooltip (title). The boxes are wide enough for the usual names in both
 * languages ('分所账套 Branch ledger ★'); a longer one is ellipsized, never clipped.
 */
const fitted = (label: string | undefined) => ({ title: label, styles: { input: { textOverflow: 'ellipsis' } } });

export function ScopeSelectors({ level, compact }: { level: MenuLevel; compact: boolean }) {
  const { t } = useTranslation('shell');
  const scope = useScope();
  const show = selectorsFor(level);
  const companies = useQuery({ ...myCompaniesQueryOptions(), enabled: show.company });
  const accounts = useQuery(accountsQueryOptions(show.account ? scope.companyId : null));
  const [switching, setSwitching] = useState(false);
  const account = accounts.data?.find((a) => a.id === scope.accountId);
  const years = [...(account?.accountYears ?? [])].sort((a, b) => a.year - b.year);

  if (!show.company) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="scope-selectors">
      <Select
        aria-label={t('company')}
        placeholder={t('company')}
        size="xs"
        w={compact ? 130 : 260}
        {...fitted(companies.data?.find((c) => c.id === scope.companyId)?.name)}
        data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={scope.companyId === null ? null : String(scope.companyId)}
        disabled={switching}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ withinPortal: true, width: 'max-content' }}
        onChange={async (v) => {
          if (!v || Number(v) === scope.companyId) return;
          if (!(await confirmDiscardDirtyTabs())) return;
          setSwitching(true);
          await changeCompany(Number(v));
          setSwitching(false);
        }}
        data-testid="company-select"
      />
      {show.account && (
        <Select
          aria-label={t('account')}
          placeholder={t('account')}
          size="xs"
          w={compact ? 110 : 210}
          {...fitted(account ? accountLabel(account) : undefined)}
          data={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: accountLabel(a) }))}
          value={scope.accountId === null ? null : String(scope.accountId)}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true, width: 'max-content' }}
          onChange={async (v) => {
            if (!v || Number(v) === scope.accountId || !(await confirmDiscardDirtyTabs())) return;
            sessionStore.setScope({ accountId: Number(v) });
          }}
          data-testid="account-select"
        />
      )}
      {show.accountYear && (
        <Select
          aria-label={t('accountYear')}
          placeholder={t('accountYear')}
          size="xs"
          w={90}
          data={years.map((y) => ({ value: String(y.id), label: String(y.year) }))}
          value={scope.accountYearId === null ? null : String(scope.accountYearId)}
          allowDeselect={false}
          checkIconPosition="right"
          onChange={async (v) => {
            if (!v || Number(v) === scope.accountYearId || !(await confirmDiscardDirtyTabs())) return;
            sessionStore.setScope({ accountYearId: Number(v) });
          }}
          data-testid="year-select"
        />
      )}
    </Group>
  );
}
