/**
 * The date field of every screen: the value is a 'YYYY-MM-DD' string ('' for none), shown and typed
 * as YYYY-MM-DD whatever the browser's locale (a native date input shows mm/dd/yyyy in an English
 * browser); clerks may type 2026/9/1, 20260901 or 0901 (domain/typed-date.ts), and the calendar
 * opens for the mouse. A half-typed text changes nothing; leaving the field shows the value again.
 */
import { forwardRef } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { parseTypedDate } from '../../../domain/typed-date';

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser'> {
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** Earliest / latest date accepted ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  'data-testid'?: string;
}

export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField({ value, onChange, min, max, clearable = true, ...rest }, ref) {
  const referenceYear = value ? Number(value.slice(0, 4)) : dayjs().year();
  return (
    <DateInput
      ref={ref}
      {...rest}
      clearable={clearable}
      value={value || null}
      onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : '')}
      valueFormat="YYYY-MM-DD"
      dateParser={(text) => parseTypedDate(text, referenceYear)}
      minDate={min}
      maxDate={max}
      placeholder={rest.placeholder ?? 'YYYY-MM-DD'}
      // A refused field's message stays readable under it while its calendar is open (a refused save
      // puts the caret there, and the calendar opens with the focus): the calendar opens below it.
      popoverProps={{ ...rest.popoverProps, ...(rest.error ? { offset: 30 } : {}) }}
    />
  );
});
