/**
 * The one amount editor. Editing starts with the digit typed on the cell (or the amount, on F2);
 * the key filter only lets through what can still become a valid amount or simple arithmetic;
 * Enter evaluates exactly in cents and moves on in the entry order, Tab in the tab order; Esc
 * cancels (AG Grid); `=` fills the balancing amount; space puts the typed amount on the other
 * side (on an empty editor: moves there); `-` typed before the first character toggles the sign
 * (anywhere else it subtracts). Enter and Tab keep the editor open with the message when the
 * amount does not read; a click elsewhere commits an amount that reads and reports one that does
 * not — typing is never dropped silently.
 *
 * The input is uncontrolled: a typed character re-renders nothing; the filter puts back the last
 * acceptable text (before the frame is drawn) when a key would make the text unreadable, and says
 * why. A third decimal is not such a key: `100.125` stays in the editor (it may become a factor,
 * `100.125*2`) and Enter refuses it as an amount with its message — never truncated to 100.12.
 * Full-width digits and a Chinese input method's `。` / `、` are read as `.` / `/`.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useGridCellEditor, type CustomCellEditorProps } from 'ag-grid-react';
import { amountInputRefusal, evaluateAmountInput, isAmountInputPrefix, type AmountInputErrorCode } from '../src/domain/amount-expression';
import { formatCentsForEdit, normaliseAmountText, type AmountLimits } from '../src/domain/money';
import { EDITOR_MOVES as MOVES, editorKeyAction, pickerQuery, startingText } from './editor-input';
import { EditorError } from './editor-error';
import { kitContextOf } from './kit-context';
import { amountLimitsOf, findDataColumn, type SheetRow } from './sheet-schema';
import { keepTypingInEditor } from './typing-stays-in-editor';

function initialText(eventKey: string | null, value: unknown): string {
  const typed = startingText(eventKey, typeof value === 'number' && value !== 0 ? formatCentsForEdit(value) : '');
  const text = eventKey && eventKey.length === 1 ? normaliseAmountText(typed) : typed;
  return isAmountInputPrefix(text) ? text : '';
}

/**
 * Why the key filter put the text back, as the column says it: a 12th integer digit in a column
 * with a maximum is over that maximum (the message names it).
 */
function refusalOf(text: string, limits: AmountLimits): AmountInputErrorCode | null {
  const code = amountInputRefusal(text);
  if ((code === 'AMOUNT_TOO_MANY_INTEGER_DIGITS' || code === 'EXPR_NUMBER_TOO_LARGE') && limits.maxAbsCents !== undefined) return 'AMOUNT_ABOVE_MAXIMUM';
  return code;
}

export function AmountCellEditor(props: CustomCellEditorProps<SheetRow, number | null>) {
  const kit = kitContextOf(props.context);
  const field = props.colDef.field ?? '';
  const column = findDataColumn(kit.schema, field);
  const limits = amountLimitsOf(column);
  const [startText] = useState(() => initialText(props.eventKey, props.initialValue));
  const [error, setError] = useState<AmountInputErrorCode | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef({ props, kit, limits, column, error });
  useLayoutEffect(() => {
    latest.current = { props, kit, limits, column, error };
  });

  const textNow = () => inputRef.current?.value ?? startText;
  const evaluate = (value: string) => {
    const trimmed = value.trim();
    return trimmed === '' ? ({ ok: true, cents: null } as const) : evaluateAmountInput(trimmed, latest.current.limits);
  };

  // AG Grid stops the editor itself on a click elsewhere: an amount that does not read is reported
  // and the cell keeps its value.
  useGridCellEditor({
    isCancelAfterEnd: () => {
      const { props: p, kit: k } = latest.current;
      // The grid is committing the value itself (Enter) and moves the caret away first.
      if (k.closing) return true;
      const result = evaluate(textNow());
      if (result.ok) {
        // AG Grid reads the value right after this: hand it over now rather than on every keystroke
        // (each hand-over re-renders the cell).
        p.onValueChange(result.cents);
        return false;
      }
      k.reportInputNotSaved(p.data.id, field, textNow().trim(), k.amountErrorText(result.code, field));
      return true;
    },
  });

  // Focus during the commit (a layout effect), before the next key arrives: fast typing loses nothing.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    // The cell is already on screen: no scrolling, so focusing needs no layout of the page.
    input.focus({ preventScroll: true });
    const end = input.value.length;
    input.setSelectionRange(end, end);
    /** The last text the filter let through. */
    let accepted = input.value;
    const showError = (code: AmountInputErrorCode | null) => {
      if (latest.current.error !== code) setError(code);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const { kit: k, props: p, column: col } = latest.current;
      const current = input.value;
      const action = editorKeyAction(e);
      if (action === 'openPicker') {
        // Also keeps Chromium's caret-browsing prompt (F7) away.
        e.preventDefault();
        if (col?.picker) k.openPicker(p.data.id, field, pickerQuery(current, ''));
        return;
      }
      if (action) {
        const result = evaluate(current);
        e.preventDefault();
        e.stopPropagation();
        if (!result.ok) {
          showError(result.code);
          return;
        }
        k.commitEdit(p.data.id, field, result.cents, MOVES[action]);
        return;
      }
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      if (e.key === '=') {
        e.preventDefault();
        e.stopPropagation();
        k.commandFromEditor('balance', p.data.id, field);
        return;
      }
      if (e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        if (current.trim() === '') {
          k.moveToOtherSide(p.data.id, field, undefined);
          return;
        }
        const result = evaluate(current);
        if (!result.ok) showError(result.code);
        else k.moveToOtherSide(p.data.id, field, result.cents);
        return;
      }
      if (e.key === '-' && input.selectionStart === 0 && input.selectionEnd === 0 && current.startsWith('-')) {
        // '-' in front of an existing sign removes it: the key toggles the sign.
        e.preventDefault();
        input.value = accepted = current.slice(1);
        input.setSelectionRange(0, 0);
        showError(null);
      }
    };
    const onInput = (e: Event) => {
      // An input method's composition (pinyin letters) is read once it is committed.
      if ((e as InputEvent).isComposing) return;
      // Full-width digits and the IME's `。` / `、` are typed as `.` / `/`.
      const typed = input.value;
      const value = normaliseAmountText(typed);
      if (value !== typed) {
        const at = input.selectionStart ?? typed.length;
        input.value = value;
        input.setSelectionRange(at, at);
      }
      const refusal = refusalOf(value, latest.current.limits);
      if (refusal !== null) {
        // The key filter: back to the last acceptable text, the caret where the key left it, and why.
        const caret = Math.max(0, (input.selectionStart ?? value.length) - (value.length - accepted.length));
        input.value = accepted;
        input.setSelectionRange(caret, caret);
        showError(refusal);
        return;
      }
      accepted = value;
      showError(null);
    };
    input.addEventListener('keydown', onKeyDown);
    input.addEventListener('input', onInput);
    input.addEventListener('compositionend', onInput);
    const release = keepTypingInEditor(input);
    return () => {
      release();
      input.removeEventListener('keydown', onKeyDown);
      input.removeEventListener('input', onInput);
      input.removeEventListener('compositionend', onInput);
    };
    // The listeners read everything through `latest` and the input; they are attached once per editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <input
        ref={inputRef}
        className={`ld-editor ld-editor--amount${error ? ' ld-editor--error' : ''}`}
        defaultValue={startText}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error !== null}
        aria-label={props.colDef.headerName}
        data-testid="amount-editor"
      />
      <EditorError anchor={inputRef} message={error ? kit.amountErrorText(error, field) : null} />
    </>
  );
}
