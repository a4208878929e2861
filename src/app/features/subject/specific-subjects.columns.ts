/** Specific subjects (/basic/specificSubjectSet): code, name, last level, disabled, row actions. */
import type { SpecificSubjectDto } from '../../../contract/subject';
import type { ListColumn } from '../../../../grids/list/columns';

export const specificSubjectsColumns: ListColumn<SpecificSubjectDto>[] = [
  { field: 'code', headerKey: 'subject:field.code', width: 160 },
  { field: 'name', source: '*', headerKey: 'subject:field.name', minWidth: 220, flex: 1, renderer: 'name' },
  { field: 'leaf', headerKey: 'subject:specific.leaf', width: 110, renderer: 'yes' },
  { field: 'disabled', headerKey: 'subject:field.disabled', width: 90, renderer: 'yes' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 90, renderer: 'actions', resizable: false, pinned: 'right' },
];
