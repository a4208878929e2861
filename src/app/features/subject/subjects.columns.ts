/** Subject catalogue (/basic/subjectList): index, level, code, name indented by level, kind, direction, auxiliary types, disabled. */
import type { SubjectDto } from '../../../contract/subject';
import { indexColumn, type ListColumn } from '../../../../grids/list/columns';

export const subjectsColumns: ListColumn<SubjectDto>[] = [
  // Sized to fit 1440 px with the menu and the kind tree open (no sideways scrolling for the catalogue).
  indexColumn(),
  { field: 'level', headerKey: 'subject:field.level', width: 76, sortable: true },
  { field: 'code', headerKey: 'subject:field.code', width: 104, sortable: true },
  { field: 'name', source: '*', headerKey: 'subject:field.name', minWidth: 164, flex: 1, renderer: 'name' },
  { field: 'kind', headerKey: 'subject:field.kind', width: 94, format: 'kind' },
  { field: 'direction', headerKey: 'subject:field.direction', width: 128, renderer: 'direction' },
  { field: 'auxTypeIds', headerKey: 'subject:field.auxes', width: 146, format: 'auxes' },
  { field: 'disabled', headerKey: 'subject:field.disabled', width: 90, renderer: 'yes' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 90, renderer: 'actions', resizable: false, pinned: 'right' },
];
