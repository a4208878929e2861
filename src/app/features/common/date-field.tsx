/**
 * The date field of every screen: the value is a 'YYYY-MM-DD' string ('' for none), shown and typed
 * as YYYY-MM-DD whatever the browser's locale (a native date input shows mm/dd/yyyy in an English
 * browser); clerks may type 2026/9/1, 20260901 or 0901 (domain/typed-date.ts), and the calendar
 * opens for the mouse.
 *
 * A date is taken while typing only once it is complete — no further digit could make it another
 * one (completeTypedDate): "2025-06-1" typed on the way to "2025-06-15" is not the 1st. Enter and
 * leaving the field take whatever the text names ("2025-6-1" is the 1st then); a half-typed text
 * changes nothing, and leaving the field shows the value again (a whole date of a day that does not
 * exist, 2026-02-30, says so under the field). `onChange` says which it was
 * (`typing` or `settled`: Enter, left, a day picked), for a screen that asks something about a new
 * date only once the clerk is done with it. A date outside `min`…`max` is not taken and says so:
 * under the field, or through `onOutOfRange` for a screen that says it its own way.
 *
 * Enter closes the calendar (the date is taken: the clerk is done with it, as a day picked closes
 * it); typing or clicking the field opens it again, Escape closes it as before.
 */
import { forwardRef, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { completeTypedDate, looksLikeDate, parseTypedDate } from '../../../domain/typed-date';

/** How a date was taken: while typing (complete), or settled (Enter, the field left, a day picked, cleared). */
export type DateChange = 'typing' | 'settled';

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser'> {
  value: string | null | undefined;
  onChange: (value: string, how: DateChange) => void;
  /** Earliest / latest date accepted ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  /** A typed date outside min…max: the screen says it (else it is said under the field). */
  onOutOfRange?: (date: string) => void;
  'data-testid'?: string;
}

export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField({ value, onChange, min, max, onOutOfRange, clearable = true, ...rest }, ref) {
  const { t } = useTranslation('common');
  const referenceYear = value ? Number(value.slice(0, 4)) : dayjs().year();
  const [outOfRange, setOutOfRange] = useState<string | null>(null);
  const inRange = (date: string) => (!min || date >= min) && (!max || date <= max);
  // The text Enter or leaving the field last took (Enter then leaving takes it once).
  const settled = useRef<string | null>(null);
  // Enter shut the calendar (Mantine keeps it open until Escape, a day picked or the field left).
  const [shut, setShut] = useState(false);

  const refuse = (date: string) => {
    if (onOutOfRange) onOutOfRange(date);
    else setOutOfRange(t('dateOutOfRange', { date, from: min ?? '…', to: max ?? '…' }));
  };
  /** Enter or leaving the field: the date the text names, complete or not. */
  const settle = (text: string) => {
    const date = text.trim() ? parseTypedDate(text, referenceYear) : null;
    // A whole date that names no real day (2026-02-30, 2026-11-31): said under the field, never
    // taken as another day; the field keeps its date.
    if (date === null && looksLikeDate(text)) setOutOfRange(t('dateNotReal', { text: text.trim() }));
    if (date === null || settled.current === text) return;
    settled.current = text;
    if (!inRange(date)) refuse(date);
    else if (date !== value) onChange(date, 'settled');
  };

  return (
    <DateInput
      ref={ref}
      {...rest}
      clearable={clearable}
      // The clear button takes no Tab stop: a date typed after Tab went into it and was lost (Delete
      // or emptying the text clears a date from the keys).
      clearButtonProps={{ tabIndex: -1, ...rest.clearButtonProps }}
      value={value || null}
      // Mantine's own reading of the text is off (it took "2025-06-1" as the 1st): the text is read
      // here, on input, Enter and blur. A day picked or the text cleared come through onChange.
      dateParser={() => null}
      onChange={(v) => {
        setOutOfRange(null);
        onChange(v ? dayjs(v).format('YYYY-MM-DD') : '', 'settled');
      }}
      onInput={(e) => {
        rest.onInput?.(e);
        setShut(false);
        setOutOfRange(null);
        settled.current = null;
        // A date outside the range is said once the clerk is done with it (Enter, leaving the field).
        const date = completeTypedDate(e.currentTarget.value, referenceYear);
        if (date !== null && inRange(date) && date !== value) onChange(date, 'typing');
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
          settle(e.currentTarget.value);
          setShut(true);
        }
        rest.onKeyDown?.(e);
      }}
      onClick={(e) => {
        setShut(false);
        rest.onClick?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        setShut(false);
        rest.onFocus?.(e);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setShut(false);
        settle(e.currentTarget.value);
        rest.onBlur?.(e);
      }}
      error={rest.error ?? outOfRange}
      valueFormat="YYYY-MM-DD"
      minDate={min}
      maxDate={max}
      placeholder={rest.placeholder ?? 'YYYY-MM-DD'}
      // A refused field's message stays readable under it while its calendar is open (a refused save
      // puts the caret there, and the calendar opens with the focus): the calendar opens below it.
      popoverProps={{ ...rest.popoverProps, ...(rest.error || outOfRange ? { offset: 30 } : {}), ...(shut ? { opened: false } : {}) }}
    />
  );
});
