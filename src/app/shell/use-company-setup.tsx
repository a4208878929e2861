/**
 * Company setup after sign-in (spec 01 §4):
 * 1. with companies, the remembered / session / own / first one is current (and the server
 *    session is switched to it, since rights are per company);
 * 2. the remembered, else main, else first ledger set is current;
 * 3. the remembered, else last account year is current;
 * 4. no company: an admin is told and taken to the company list (the alert closes after 2 s);
 *    others are told. No ledger set: a confirm offers creating one (account list) — only for
 *    admins and holders of right 603 (spec §4.5), others get the no-sub-account notice. No account
 *    year: a confirm offers creating one; a user who cannot create one is told to ask for it.
 * If the server refuses the remembered company, the server's current company is used instead.
 * Each prompt shows once per company / ledger set and session.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { RIGHTS, hasRight } from '../../domain/rights';
import { accountsQueryOptions, pickAccount, pickAccountYear } from '../queries/account';
import { myCompaniesQueryOptions, pickCompany } from '../queries/company';
import { sessionStore, useScope, useSession } from '../session/store';
import { changeCompany } from './scope-selectors';

const ADMIN_NO_COMPANY_CLOSE_MS = 2000;

/**
 * `settling`: the scope is still being filled in (lists loading, a pick or a company switch under
 * way); a page's missing-scope banner waits for it instead of flashing on a fresh load.
 */
export function useCompanySetup(): { companiesLoaded: boolean; accountsCount: number | null; settling: boolean } {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const scope = useScope();
  const companies = useQuery({ ...myCompaniesQueryOptions(), enabled: !!user });
  const accounts = useQuery(accountsQueryOptions(user ? scope.companyId : null));
  const prompted = useRef(new Set<string>());
  const switching = useRef<number | null>(null);
  const refused = useRef(new Set<number>());
  const canManageAccounts = !!user && hasRight(user, RIGHTS.ACCOUNT_MANAGE);

  const promptOnce = (key: string, open: () => void) => {
    if (prompted.current.has(key)) return;
    prompted.current.add(key);
    open();
  };

  // 1. Company.
  useEffect(() => {
    if (!user || !companies.data) return;
    if (companies.data.length === 0) {
      if (scope.companyId !== null) sessionStore.setScope({ companyId: null });
      promptOnce('company', () => {
        if (user.kind === 'ADMIN') {
          const id = modals.open({ title: t('shell:setup.title'), children: <Text size="sm" data-testid="setup-no-company">{t('shell:setup.noCompanyAdmin')}</Text> });
          setTimeout(() => {
            modals.close(id);
            void navigate({ href: '/system/companyList' });
          }, ADMIN_NO_COMPANY_CLOSE_MS);
        } else {
          modals.openConfirmModal({
            title: t('shell:setup.title'),
            children: <Text size="sm" data-testid="setup-no-company">{t('shell:setup.noCompany')}</Text>,
            labels: { confirm: t('common:ok'), cancel: t('common:close') },
            cancelProps: { display: 'none' },
          });
        }
      });
      return;
    }
    const usable = companies.data.filter((c) => !refused.current.has(c.id) || c.id === user.currentCompanyId);
    const chosen = pickCompany(usable.length ? usable : companies.data, scope.companyId, user)!;
    if (chosen.id !== user.currentCompanyId) {
      // The server session works in one company; align it with the remembered choice.
      if (switching.current === chosen.id || refused.current.has(chosen.id)) return;
      switching.current = chosen.id;
      void changeCompany(chosen.id).then((ok) => {
        switching.current = null;
        if (ok) return;
        // Refused (or failed): fall back to the company the server session works in.
        refused.current.add(chosen.id);
        const fallback = companies.data?.find((c) => c.id === user.currentCompanyId);
        sessionStore.setScope({ companyId: fallback ? fallback.id : null });
      });
    } else if (chosen.id !== scope.companyId) sessionStore.setScope({ companyId: chosen.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- prompts depend on data, not on t/navigate identity
  }, [user, companies.data, scope.companyId]);

  // 2. Ledger set (account).
  useEffect(() => {
    if (!user || scope.companyId === null || !accounts.data) return;
    if (user.currentCompanyId !== scope.companyId) return; // wait for the company switch
    if (accounts.data.length === 0) {
      if (scope.accountId !== null) sessionStore.setScope({ accountId: null });
      if (!canManageAccounts) return; // spec §4.5: without right 603 the prompt is skipped
      promptOnce(`account:${scope.companyId}`, () =>
        modals.openConfirmModal({
          title: t('shell:setup.title'),
          children: <Text size="sm" data-testid="setup-no-account">{t('shell:setup.noAccount')}</Text>,
          labels: { confirm: t('shell:setup.create'), cancel: t('shell:setup.later') },
          onConfirm: () => void navigate({ href: '/basic/accountList' }),
        }),
      );
      return;
    }
    const chosen = pickAccount(accounts.data, scope.accountId)!;
    if (chosen.id !== scope.accountId) sessionStore.setScope({ accountId: chosen.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, accounts.data, scope.companyId, scope.accountId]);

  // 3. Account year.
  useEffect(() => {
    const account = accounts.data?.find((a) => a.id === scope.accountId);
    if (!user || !account) return;
    const years = account.accountYears ?? [];
    if (years.length === 0) {
      if (scope.accountYearId !== null) sessionStore.setScope({ accountYearId: null });
      if (!canManageAccounts) {
        promptOnce(`year:${account.id}`, () =>
          modals.openConfirmModal({
            title: t('shell:setup.title'),
            children: <Text size="sm" data-testid="setup-no-year">{t('shell:setup.noYearAsk', { name: account.name })}</Text>,
            labels: { confirm: t('common:ok'), cancel: t('common:close') },
            cancelProps: { display: 'none' },
          }),
        );
        return;
      }
      promptOnce(`year:${account.id}`, () =>
        modals.openConfirmModal({
          title: t('shell:setup.title'),
          children: <Text size="sm" data-testid="setup-no-year">{t('shell:setup.noYear', { name: account.name })}</Text>,
          labels: { confirm: t('shell:setup.create'), cancel: t('shell:setup.later') },
          onConfirm: () => void navigate({ href: '/basic/accountPeriod' }),
        }),
      );
      return;
    }
    const chosen = pickAccountYear(years, scope.accountYearId)!;
    if (chosen.id !== scope.accountYearId) sessionStore.setScope({ accountYearId: chosen.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, accounts.data, scope.accountId, scope.accountYearId]);

  // Settling: what the page lacks is about to come (the lists load, or the steps above pick from
  // them, or the server session is switching company), so a missing-scope banner would only flash.
  const account = accounts.data?.find((a) => a.id === scope.accountId);
  const settling = !!user && (
    !companies.data
    || (scope.companyId === null ? companies.data.some((c) => !refused.current.has(c.id)) : user.currentCompanyId !== scope.companyId)
    || (scope.companyId !== null && (!accounts.data || (accounts.data.length > 0 && !account)))
    || (!!account && (account.accountYears ?? []).length > 0 && !(account.accountYears ?? []).some((y) => y.id === scope.accountYearId)));
  return { companiesLoaded: !!companies.data, accountsCount: accounts.data ? accounts.data.length : null, settling };
}
