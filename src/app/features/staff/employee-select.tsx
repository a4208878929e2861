/**
 * The employee autocomplete used by the staff, client and budget forms: the picker's EmployeeField
 * (search after 200 ms for a non-empty keyword, all pages loaded in the background, the 1000×700
 * picker behind the search icon or F7; choosing emits the record, clearing emits null).
 */
export { EmployeeField as EmployeeSelect, type EmployeeRef } from '../pickers/employee-field';
