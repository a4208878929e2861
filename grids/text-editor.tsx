/**
 * The text and lookup cell editor. Editing starts with the character typed on the cell (or the
 * current text, on F2/double click); `..` copies the same cell of the previous row and `//` that
 * of the first row (also `。。` / `、、` from a Chinese input method; refused, with a message, when
 * the value does not fit this row); Enter commits and moves on in the entry order, Tab in the
 * tab order; F7 opens the column's picker with the typed text as its query. In a lookup cell (subject, auxiliary item) the text is read by the
 * column's `lookup.resolve`; text that does not resolve opens the column's picker with it as the
 * query, or is flagged when there is no picker — on Enter and on Tab alike. A click elsewhere
 * commits text that resolves and reports text that does not (the cell keeps its value): typing
 * is never lost silently.
 *
 * The input is uncontrolled: typing a character re-renders nothing (the browser draws the text);
 * React state only holds the message.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useGridCellEditor, type CustomCellEditorProps } from 'ag-grid-react';
import { EDITOR_MOVES as MOVES, copyFromRowKey, editorKeyAction, pickerQuery, readEditorText, startingText } from './editor-input';
import { EditorError } from './editor-error';
import { kitContextOf } from './kit-context';
import { copiesDown, findDataColumn, type CellValue, type SheetRow } from './sheet-schema';
import { keepTypingInEditor } from './typing-stays-in-editor';

export function TextCellEditor(props: CustomCellEditorProps<SheetRow, CellValue>) {
  const kit = kitContextOf(props.context);
  const field = props.colDef.field ?? '';
  const column = findDataColumn(kit.schema, field);
  const [shown] = useState(() => (column?.lookup ? column.lookup.format(props.initialValue ?? null, props.data) : String(props.initialValue ?? '')));
  const [initialText] = useState(() => startingText(props.eventKey, shown));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef({ props, kit, column, shown, error });
  useLayoutEffect(() => {
    latest.current = { props, kit, column, shown, error };
  });

  const textNow = () => inputRef.current?.value ?? initialText;
  const read = () => {
    const { props: p, column: col, shown: before } = latest.current;
    return readEditorText(col, textNow(), before, p.initialValue ?? null, p.data);
  };

  // AG Grid stops the editor itself on a click elsewhere: text that does not read is reported and
  // the cell keeps its value.
  useGridCellEditor({
    isCancelAfterEnd: () => {
      // The grid is committing the value itself (Enter) and moves the caret away first.
      if (latest.current.kit.closing) return true;
      const reading = read();
      const { props: p, kit: k } = latest.current;
      if (reading.ok) {
        // AG Grid reads the value right after this: hand it over now rather than on every keystroke
        // (each hand-over re-renders the cell).
        p.onValueChange(reading.value);
        return false;
      }
      k.reportInputNotSaved(p.data.id, field, textNow().trim(), reading.message ?? k.t(`grid:errors.${reading.code}`));
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
    const onKeyDown = (e: KeyboardEvent) => {
      const action = editorKeyAction(e);
      if (!action) return;
      const { props: p, kit: k, column: col, shown: before } = latest.current;
      const current = input.value;
      if (action === 'openPicker') {
        // Also keeps Chromium's caret-browsing prompt (F7) away.
        e.preventDefault();
        if (col?.picker) k.openPicker(p.data.id, field, pickerQuery(current, before));
        return;
      }
      const reading = read();
      e.preventDefault();
      e.stopPropagation();
      if (reading.ok) {
        k.commitEdit(p.data.id, field, reading.value, MOVES[action]);
        return;
      }
      if (!k.openPicker(p.data.id, field, current.trim())) setError(reading.message ?? k.t(`grid:errors.${reading.code}`));
    };
    const onInput = () => {
      const { props: p, kit: k, column: col, error: shownError } = latest.current;
      if (shownError !== null) setError(null);
      // `..` / `//`, also as an input method types them (`。。`, `、、`).
      const from = col && copiesDown(col) ? copyFromRowKey(input.value) : null;
      if (from) {
        const refusal = k.copyFromRow(p.data.id, field, from);
        if (refusal !== null) {
          input.value = '';
          setError(refusal);
        }
      }
    };
    // The input stops at the column's length (a summary takes 50): a key it drops says why, under
    // the cell, instead of the text silently not growing.
    const onBeforeInput = (e: InputEvent) => {
      const { column: col, kit: k } = latest.current;
      const max = col?.kind === 'text' ? col.maxLength : undefined;
      const inserted = e.data ?? e.dataTransfer?.getData('text/plain') ?? '';
      if (!max || !inserted || !e.inputType.startsWith('insert')) return;
      const selected = (input.selectionEnd ?? 0) - (input.selectionStart ?? 0);
      if (input.value.length - selected + inserted.length > max) setError(k.t('grid:errors.TEXT_AT_MOST', { max }));
    };
    input.addEventListener('keydown', onKeyDown);
    input.addEventListener('input', onInput);
    input.addEventListener('beforeinput', onBeforeInput);
    const release = keepTypingInEditor(input);
    return () => {
      release();
      input.removeEventListener('keydown', onKeyDown);
      input.removeEventListener('input', onInput);
      input.removeEventListener('beforeinput', onBeforeInput);
    };
    // The listeners read everything through `latest` and the input; they are attached once per editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <input
        ref={inputRef}
        className={`ld-editor${error ? ' ld-editor--error' : ''}`}
        defaultValue={initialText}
        maxLength={column?.kind === 'text' ? column.maxLength : undefined}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error !== null}
        aria-label={props.colDef.headerName}
        data-testid="text-editor"
      />
      <EditorError anchor={inputRef} message={error} />
    </>
  );
}
