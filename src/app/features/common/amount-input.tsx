/**
 * An amount in currency units (invoice and project popups): the text stays exactly as typed while
 * the field has the focus and is shown with thousands separators and 2 decimals ("1,234.56") only
 * once it loses it. The form stores the text; `projectAmountCents` reads it into cents by the money
 * rules, and anything that is not an amount is refused with the field's message, never changed.
 *
 * Why not Mantine's NumberInput with fixedDecimalScale / thousandSeparator: it reformats on every
 * key and then puts the caret back with a 0 ms timer (react-number-format's setPatchedCaretPosition).
 * Chrome runs keyboard input before timers, so under load a timer from the key before the dot
 * fires after the dot moved the caret past ".00" and puts it back: "1234.56" became 123,456.00.
 * Here nothing rewrites the text while typing, so no timer can move the caret.
 */
import { useRef, type Ref } from 'react';
import { TextInput } from '@mantine/core';
import { formatCents, normaliseAmountText, parsePastedAmount } from '../../../domain/money';
import { projectAmountCents } from '../../../domain/clients';

/** The text shown when the field is left: "1,234.56" when it reads as an amount, else as typed (the form shows the error). */
export function formatAmountText(text: string): string {
  const cents = projectAmountCents(text);
  return Number.isSafeInteger(cents) && cents >= 0 ? formatCents(cents) : text;
}

/** What the key filter lets through: digits, thousands separators and one dot (full-width forms as typed by an IME). */
const TYPED = /^[\d,]*(\.\d*)?$/;

export function AmountInput({ label, value, onChange, onBlur, error, readOnly, withAsterisk, testId, ref }: {
  label: string;
  value: unknown;
  onChange: (text: string) => void;
  onBlur: () => void;
  error?: string;
  readOnly?: boolean;
  withAsterisk?: boolean;
  testId: string;
  /** The input element (a screen puts the caret here after a refused save). */
  ref?: Ref<HTMLInputElement>;
}) {
  const text = value === null || value === undefined ? '' : String(value);
  // The selection before the key: a refused key leaves it as it was (a minus typed over the whole
  // amount keeps it selected, so the next digit replaces it instead of being added to its end).
  const before = useRef<[number, number] | null>(null);
  return (
    <TextInput
      ref={ref}
      label={label}
      withAsterisk={withAsterisk}
      inputMode="decimal"
      autoComplete="off"
      styles={{ input: { textAlign: 'right' } }}
      value={text}
      // Entering the field selects the amount: a new record's "0.00" is typed over, never appended to ("0.001500").
      onFocus={(e) => e.currentTarget.select()}
      onKeyDown={(e) => {
        before.current = [e.currentTarget.selectionStart ?? 0, e.currentTarget.selectionEnd ?? 0];
      }}
      onChange={(e) => {
        const next = normaliseAmountText(e.currentTarget.value);
        // Keys that can never make an amount are not taken (letters, a second dot, a minus).
        if (TYPED.test(next)) {
          onChange(next);
          return;
        }
        // React puts the text back after this handler; the selection then follows it.
        const el = e.currentTarget;
        const selection = before.current;
        if (selection) queueMicrotask(() => el.setSelectionRange(...selection));
      }}
      onPaste={(e) => {
        // Pasted over the whole text, "¥1,000.00" or "1,000.00元" is read by the money rules; any other paste goes through the key filter.
        const el = e.currentTarget;
        if (!(el.selectionStart === 0 && el.selectionEnd === el.value.length)) return;
        const r = parsePastedAmount(e.clipboardData.getData('text'), { allowNegative: false });
        if (!r.ok) return;
        e.preventDefault();
        onChange(formatCents(r.cents));
      }}
      onBlur={() => {
        const shown = formatAmountText(text);
        if (shown !== text) onChange(shown);
        onBlur();
      }}
      error={error}
      readOnly={readOnly}
      data-testid={testId}
    />
  );
}
