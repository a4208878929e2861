/**
 * The text and lookup cell editor. Editing starts with the character typed on the cell (or the
 * current text, on F2/double click); `..` copies the same cell of the previous row and `//` that
 * of the first row; Enter commits and moves on in the entry order. In a lookup cell (subject,
 * auxiliary item) the text is read by the column's `lookup.resolve`; text that does not resolve
 * opens the column's picker with it as the query, or is flagged when there is no picker.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { EditorError } from './editor-error';
import { kitContextOf } from './kit-context';
import { copiesDown, findDataColumn, type CellValue, type SheetRow } from './sheet-schema';

export function TextCellEditor(props: CustomCellEditorProps<SheetRow, CellValue>) {
  const kit = kitContextOf(props.context);
  const field = props.colDef.field ?? '';
  const column = findDataColumn(kit.schema, field);
  const shown = column?.lookup ? column.lookup.format(props.initialValue ?? null, props.data) : String(props.initialValue ?? '');
  const [text, setText] = useState(() => {
    const key = props.eventKey;
    if (key === 'Backspace' || key === 'Delete') return '';
    if (key && key.length === 1) return key;
    return shown;
  });
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef({ text, props, kit, column, shown });
  useEffect(() => {
    latest.current = { text, props, kit, column, shown };
  });

  // Focus during the commit (a layout effect), before the next key arrives: fast typing loses nothing.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    const end = input.value.length;
    input.setSelectionRange(end, end);
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.ctrlKey || e.altKey || e.metaKey) return;
      e.preventDefault();
      e.stopPropagation();
      const { text: current, props: p, kit: k, column: col, shown: before } = latest.current;
      const move = e.shiftKey ? 'previous' : 'next';
      if (!col || col.kind === 'text') {
        k.commitEdit(p.data.id, field, current, move);
        return;
      }
      const trimmed = current.trim();
      if (trimmed === before.trim()) {
        k.commitEdit(p.data.id, field, p.initialValue ?? null, move);
        return;
      }
      if (trimmed === '') {
        k.commitEdit(p.data.id, field, null, move);
        return;
      }
      const resolved = col.lookup?.resolve(trimmed, p.data);
      if (resolved?.ok) {
        k.commitEdit(p.data.id, field, resolved.value, move);
        return;
      }
      if (!k.openPicker(p.data.id, field, trimmed)) {
        setError(k.t(resolved?.reason === 'ambiguous' ? 'grid:errors.LOOKUP_AMBIGUOUS' : 'grid:errors.LOOKUP_NOT_FOUND'));
      }
    };
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
    // The listener reads everything through `latest`; it is attached once per editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onChange = (value: string) => {
    setError(null);
    if (column && copiesDown(column) && (value === '..' || value === '//')) {
      kit.copyFromRow(props.data.id, field, value === '..' ? 'previous' : 'first');
      return;
    }
    setText(value);
    if (!column || column.kind === 'text') {
      props.onValueChange(value);
      return;
    }
    // A lookup keeps its old value for Tab or a click elsewhere unless the text resolves.
    const trimmed = value.trim();
    if (trimmed === '') props.onValueChange(null);
    else {
      const resolved = column.lookup?.resolve(trimmed, props.data);
      props.onValueChange(resolved?.ok ? resolved.value : props.initialValue);
    }
  };

  return (
    <>
      <input
        ref={inputRef}
        className={`ld-editor${error ? ' ld-editor--error' : ''}`}
        value={text}
        maxLength={column?.kind === 'text' ? column.maxLength : undefined}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error !== null}
        aria-label={props.colDef.headerName}
        data-testid="text-editor"
        onChange={(e) => onChange(e.target.value)}
      />
      <EditorError anchor={inputRef} message={error} />
    </>
  );
}
