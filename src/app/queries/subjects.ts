/**
 * Queries and mutations of the subject catalogue and the subject code rule (/basic/subjectList,
 * /basic/subjectCodeRule). Keys: ['subjects', accountYearId, …]; every subject or rule change
 * invalidates the year's subjects (lists, tree, rule).
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { subjectApi } from '../../contract/heads';
import type { subjectCreateBody, subjectFilter, subjectUpdateBody } from '../../contract/subject';
import type { SpecificKind } from '../../domain/specific-subjects';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';
import { loadAllPages } from '../api/all-pages';

export type SubjectCreateInput = z.input<typeof subjectCreateBody>;
export type SubjectUpdateInput = z.input<typeof subjectUpdateBody>;
export type SubjectFilterInput = Omit<z.input<typeof subjectFilter>, 'accountYearId'>;

export const subjectKeys = {
  year: (accountYearId: number | null) => ['subjects', accountYearId] as const,
  list: (accountYearId: number | null, filter: unknown, req: unknown) => ['subjects', accountYearId, 'list', filter, req] as const,
  all: (accountYearId: number | null) => ['subjects', accountYearId, 'all'] as const,
  codeRule: (accountYearId: number | null) => ['subjects', accountYearId, 'codeRule'] as const,
};

export const subjectListOptions = (accountYearId: number | null, filter: SubjectFilterInput, req: ListRequest) =>
  queryOptions({
    queryKey: subjectKeys.list(accountYearId, filter, req),
    queryFn: ({ signal }) =>
      call(subjectApi.list, {
        query: {
          filter: { accountYearId: accountYearId!, ...filter, ...(req.keyword ? { keyword: req.keyword } : {}) },
          index: req.index, size: req.size, sort: Object.keys(req.sort).length ? req.sort : undefined,
        },
      }, { signal }),
    enabled: !!accountYearId,
  });

/** Every subject of the year (the tree panel, parent lookups). */
export const allSubjectsOptions = (accountYearId: number | null) =>
  queryOptions({
    queryKey: subjectKeys.all(accountYearId),
    queryFn: ({ signal }) => loadAllPages((index, size) => call(subjectApi.list, { query: { filter: { accountYearId: accountYearId! }, index, size } }, { signal })),
    enabled: !!accountYearId,
  });

export const codeRuleOptions = (accountYearId: number | null) =>
  queryOptions({
    queryKey: subjectKeys.codeRule(accountYearId),
    queryFn: ({ signal }) => call(subjectApi.codeRule, { query: { accountYearId: accountYearId! } }, { signal }),
    enabled: !!accountYearId,
  });

export function useCreateSubject() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: SubjectCreateInput) => call(subjectApi.create, { body }),
    invalidate: (vars) => [subjectKeys.year(vars.accountYearId as number)],
  });
}

export function useUpdateSubject(accountYearId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: SubjectUpdateInput }) => call(subjectApi.update, { params: { id }, body }),
    invalidate: [subjectKeys.year(accountYearId)],
    // Tip7: the subject popup asks for the values and saves again.
    handledCodes: ['SUBJECT_AUX_VALUES_REQUIRED'],
  });
}

export function useDeleteSubjects(accountYearId: number | null) {
  return useAdminMutation({
    mutationFn: (ids: number[]) => call(subjectApi.remove, { query: { filter: { accountYearId: accountYearId!, id: ids } } }),
    invalidate: [subjectKeys.year(accountYearId)],
  });
}

export function useSaveCodeRule(accountYearId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (lengths: number[]) => call(subjectApi.saveCodeRule, { body: { accountYearId: accountYearId!, lengths } }),
    invalidate: [subjectKeys.year(accountYearId)],
  });
}

/** The specific subjects of one kind (/basic/specificSubjectSet), as a list answer for the grid. */
export const specificSubjectsOptions = (accountYearId: number | null, kind: SpecificKind) =>
  queryOptions({
    queryKey: [...subjectKeys.year(accountYearId), 'specific', kind] as const,
    queryFn: async ({ signal }) => {
      const content = await call(subjectApi.specific, { query: { accountYearId: accountYearId!, kind } }, { signal });
      return { content, total: content.length };
    },
    enabled: !!accountYearId,
  });

/** Replaces the subjects of one kind (the server checks the rules of decision record 019). */
export function useSaveSpecificSubjects(accountYearId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ kind, subjectIds }: { kind: SpecificKind; subjectIds: number[] }) => call(subjectApi.saveSpecific, { body: { accountYearId: accountYearId!, kind, subjectIds } }),
    invalidate: [subjectKeys.year(accountYearId)],
  });
}
