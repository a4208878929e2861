/** The signed-in user's companies for the top bar and the company setup flow (spec 01 §4). */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/typed-client';
import { companyApi } from '../../contract/heads';
import type { CompanyDto } from '../../contract/company';
import { MAX_PAGE_LIMIT } from '../../domain/constants';
import { queryKeys } from './keys';

export const myCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myCompanies(),
    queryFn: async ({ signal }) => {
      const page = await call(companyApi.list, { query: { limit: MAX_PAGE_LIMIT } }, { signal });
      return page.content.filter((c) => !c.deleted);
    },
  });

/**
 * The company to work in (spec 01 §4 step 1): the remembered one when still available, else the
 * session's, else the user's own, else the first.
 */
export function pickCompany(
  companies: readonly CompanyDto[],
  current: number | null,
  user: { currentCompanyId: number | null; companyId: number | null },
): CompanyDto | undefined {
  const byId = (id: number | null) => (id === null ? undefined : companies.find((c) => c.id === id));
  return byId(current) ?? byId(user.currentCompanyId) ?? byId(user.companyId) ?? companies[0];
}
