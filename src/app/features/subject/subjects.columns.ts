/** Subject catalogue (/basic/subjectList): index, level, code, name indented by level, kind, direction, auxiliary types, disabled. */
import type { SubjectDto } from '../../../contract/subject';
import type { ListColumn } from '../../../../grids/list/columns';

export const subjectsColumns: ListColumn<SubjectDto>[] = [
  { field: 'level', headerKey: 'subject:field.level', width: 80, sortable: true },
  { field: 'code', headerKey: 'subject:field.code', width: 140, sortable: true },
  { field: 'name', source: '*', headerKey: 'subject:field.name', minWidth: 240, flex: 1, renderer: 'name' },
  { field: 'kind', headerKey: 'subject:field.kind', width: 120, format: 'kind' },
  { field: 'direction', headerKey: 'subject:field.direction', width: 150, renderer: 'direction' },
  { field: 'auxTypeIds', headerKey: 'subject:field.auxes', width: 200, format: 'auxes' },
  { field: 'disabled', headerKey: 'subject:field.disabled', width: 90, renderer: 'yes' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 110, renderer: 'actions', resizable: false, pinned: 'right' },
];
