/**
 * Subject relations (/basic/subjectRelation, decision 024): the relations of the current year to one
 * target year, saves, "map by code" and deletes. Keys: ['subjectRelations', sourceYearId, targetYearId].
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/typed-client';
import { subjectRelationApi } from '../../contract/heads';
import { useAdminMutation } from './admin-common';

export const subjectRelationKeys = {
  pair: (sourceYearId: number | null, targetYearId: number | null) => ['subjectRelations', sourceYearId, targetYearId] as const,
};

export const subjectRelationsOptions = (sourceYearId: number | null, targetYearId: number | null) =>
  queryOptions({
    queryKey: subjectRelationKeys.pair(sourceYearId, targetYearId),
    queryFn: ({ signal }) => call(subjectRelationApi.list, { query: { filter: { sourceAccountYearId: sourceYearId!, targetAccountYearId: targetYearId! }, limit: 1000 } }, { signal }),
    enabled: !!sourceYearId && !!targetYearId,
  });

export interface RelationItem {
  sourceSubjectId: number;
  targetSubjectId: number;
  dropAuxTypeIds: number[];
}

export function useSaveSubjectRelations(sourceYearId: number | null, targetYearId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (items: RelationItem[]) => call(subjectRelationApi.save, { body: { sourceAccountYearId: sourceYearId!, targetAccountYearId: targetYearId!, items } }),
    invalidate: () => [subjectRelationKeys.pair(sourceYearId, targetYearId)],
  });
}

export function useMapByCode(sourceYearId: number | null, targetYearId: number | null) {
  return useAdminMutation({
    mutationFn: () => call(subjectRelationApi.byCode, { body: { sourceAccountYearId: sourceYearId!, targetAccountYearId: targetYearId! } }),
    invalidate: () => [subjectRelationKeys.pair(sourceYearId, targetYearId)],
    notify: false,
  });
}

export function useDeleteSubjectRelations(sourceYearId: number | null, targetYearId: number | null) {
  return useAdminMutation({
    mutationFn: (ids: number[]) => call(subjectRelationApi.remove, { query: { filter: { sourceAccountYearId: sourceYearId!, id: ids } } }),
    invalidate: () => [subjectRelationKeys.pair(sourceYearId, targetYearId)],
  });
}
