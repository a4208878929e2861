/**
 * The class of a row of labelled fields aligned at their bottoms (filter bars, editor headers):
 * `<Group align="flex-end" className={FIELD_ROW}>`. A field's message (a reversed range, a date
 * out of the year) shows under it without lifting it out of line (./field-row.css).
 */
import './field-row.css';

export const FIELD_ROW = 'ld-field-row';
