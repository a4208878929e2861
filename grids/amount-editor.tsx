/**
 * The one amount editor. Editing starts with the digit typed on the cell (or the amount, on F2);
 * the key filter only lets through what can still become a valid amount or simple arithmetic;
 * Enter evaluates exactly in cents and moves on; Esc cancels (AG Grid); `=` fills the balancing
 * amount; space puts the typed amount on the other side; `-` typed before the first character
 * toggles the sign (anywhere else it subtracts).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { MAX_COST_CENTS } from '../src/domain/constants';
import { evaluateAmountInput, isAmountInputPrefix, type AmountInputErrorCode } from '../src/domain/amount-expression';
import { formatCentsForEdit } from '../src/domain/money';
import { EditorError } from './editor-error';
import { kitContextOf } from './kit-context';
import { findDataColumn, type SheetRow } from './sheet-schema';

function initialText(eventKey: string | null, value: unknown): string {
  if (eventKey === 'Backspace' || eventKey === 'Delete') return '';
  if (eventKey && eventKey.length === 1) return isAmountInputPrefix(eventKey) ? eventKey : '';
  return typeof value === 'number' && value !== 0 ? formatCentsForEdit(value) : '';
}

export function AmountCellEditor(props: CustomCellEditorProps<SheetRow, number | null>) {
  const kit = kitContextOf(props.context);
  const field = props.colDef.field ?? '';
  const limits = findDataColumn(kit.schema, field)?.limits ?? { maxAbsCents: MAX_COST_CENTS };
  const [text, setText] = useState(() => initialText(props.eventKey, props.initialValue));
  const [error, setError] = useState<AmountInputErrorCode | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef({ text, props, kit, limits });
  useEffect(() => {
    latest.current = { text, props, kit, limits };
  });

  const evaluate = (value: string) => {
    const trimmed = value.trim();
    return trimmed === '' ? ({ ok: true, cents: null } as const) : evaluateAmountInput(trimmed, latest.current.limits);
  };

  // Focus during the commit (a layout effect), before the next key arrives: fast typing loses nothing.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    const end = input.value.length;
    input.setSelectionRange(end, end);
    const onKeyDown = (e: KeyboardEvent) => {
      const { text: current, kit: k, props: p } = latest.current;
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
        const result = evaluate(current);
        if (!result.ok) {
          setError(result.code);
          return;
        }
        k.commitEdit(p.data.id, field, result.cents, e.shiftKey ? 'previous' : 'next');
        return;
      }
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
        if (!result.ok) setError(result.code);
        else k.moveToOtherSide(p.data.id, field, result.cents);
        return;
      }
      if (e.key === '-' && input.selectionStart === 0 && input.selectionEnd === 0 && current.startsWith('-')) {
        // '-' in front of an existing sign removes it: the key toggles the sign.
        e.preventDefault();
        const next = current.slice(1);
        setText(next);
        setError(null);
        requestAnimationFrame(() => input.setSelectionRange(0, 0));
      }
    };
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
    // The listener reads everything through `latest`; it is attached once per editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onChange = (value: string) => {
    if (!isAmountInputPrefix(value)) return;
    setText(value);
    setError(null);
    // Keep AG Grid's value current so Tab or a click elsewhere commits what is typed (when valid).
    const result = evaluate(value);
    props.onValueChange(result.ok ? result.cents : props.initialValue);
  };

  return (
    <>
      <input
        ref={inputRef}
        className={`ld-editor ld-editor--amount${error ? ' ld-editor--error' : ''}`}
        value={text}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error !== null}
        aria-label={props.colDef.headerName}
        data-testid="amount-editor"
        onChange={(e) => onChange(e.target.value)}
      />
      <EditorError anchor={inputRef} message={error ? kit.amountErrorText(error) : null} />
    </>
  );
}
