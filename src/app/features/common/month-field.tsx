/**
 * The month field of every screen: the value is a 'YYYY-MM' string, shown and typed as YYYY-MM in
 * both languages (as DateField shows YYYY-MM-DD); clerks may type 2026-10, 2026/10, 202610,
 * 2026年10月 or just 10 (domain/typed-date.ts parseTypedMonth). The month is chosen only when it
 * is complete and confirmed: Enter, or a month picked in the calendar. Typing changes nothing, so
 * the "1" of "10" does not open January; ↑ / ↓ step the typed month without choosing it; Esc or
 * leaving the field shows the value again.
 *
 * The calendar (Alt+↓, or the icon) is Mantine's MonthPicker in the app's dayjs locale (DatesProvider
 * in the shell: 一月…十二月 / Jan…Dec). It opens on the month shown, with the caret on it: arrows
 * move, PageUp / PageDown change the year, Enter picks, Esc closes back to the field.
 */
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { MonthPicker } from '@mantine/dates';
import { IconCalendarMonth } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { addMonths, parseTypedMonth } from '../../../domain/typed-date';

export interface MonthFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** 'YYYY-MM'. */
  value: string;
  /** Called with the chosen month ('YYYY-MM'), only when it differs from `value`. */
  onChange: (month: string) => void;
  'data-testid'?: string;
}

export const MonthField = forwardRef<HTMLInputElement, MonthFieldProps>(function MonthField({ value, onChange, disabled, ...rest }, ref) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  // A new value from outside (another month chosen, the route) replaces what is typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const [opened, setOpened] = useState(false);
  // The year the calendar shows (PageUp / PageDown and its arrows change it).
  const [calendarDate, setCalendarDate] = useState(`${value}-01`);
  const testId = rest['data-testid'];
  // The month typed, complete (a month without its year is in the value's year); null while half-typed.
  const typed = () => parseTypedMonth(text, Number(value.slice(0, 4)) || dayjs().year());

  // The field shows the value until the screen takes the month (it may ask first, and stay).
  const choose = (month: string) => {
    setText(value);
    if (month !== value) onChange(month);
  };
  const open = () => {
    setCalendarDate(`${typed() ?? value}-01`);
    setOpened(true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    rest.onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      const month = typed();
      if (month) choose(month);
      else setText(value);
    } else if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      open();
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      setText(addMonths(typed() ?? value, e.key === 'ArrowUp' ? -1 : 1));
    } else if (e.key === 'Escape' && text !== value) {
      // Only a typed text is undone: otherwise Esc is the screen's.
      e.preventDefault();
      e.stopPropagation();
      setText(value);
    }
  };
  const picked = typed() ?? value;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus returnFocus shadow="md" disabled={disabled}>
      <Popover.Target>
        <TextInput
          ref={ref}
          {...rest}
          disabled={disabled}
          value={text}
          placeholder={rest.placeholder ?? 'YYYY-MM'}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            rest.onBlur?.(e);
            if (!opened) setText(value);
          }}
          rightSection={
            <ActionIcon variant="subtle" color="gray" size="sm" tabIndex={-1} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={() => (opened ? setOpened(false) : open())} aria-label={t('pickMonth')} data-testid={testId ? `${testId}-calendar` : undefined}>
              <IconCalendarMonth size={16} />
            </ActionIcon>
          }
        />
      </Popover.Target>
      <Popover.Dropdown
        data-testid={testId ? `${testId}-picker` : undefined}
        onKeyDown={(e) => {
          if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
          e.preventDefault();
          setCalendarDate((d) => dayjs(d).add(e.key === 'PageUp' ? -1 : 1, 'year').format('YYYY-MM-DD'));
        }}
      >
        <MonthPicker
          value={`${picked}-01`}
          date={calendarDate}
          onDateChange={setCalendarDate}
          maxLevel="decade"
          onChange={(d) => {
            setOpened(false);
            if (d) choose(dayjs(d).format('YYYY-MM'));
          }}
          // The caret starts on the month shown (the month in the tab order), not on the header's arrows.
          getMonthControlProps={(d) => (dayjs(d).format('YYYY-MM') === picked ? { 'data-autofocus': true } : {})}
        />
      </Popover.Dropdown>
    </Popover>
  );
});
