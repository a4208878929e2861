/**
 * A keyboard-first pick list for F7 on a lookup cell: type to filter as the cell's own search does
 * (lookup-match.ts: code, name in either language, pinyin initials or mnemonic), arrows to move,
 * Enter to pick, Esc to close. Names show in the reader's language (the screen builds the options
 * so, with the other language's name as an alias). Screens open it from their picker hook (`EntryGrid`'s
 * `pickers`) and pass the choice to the request's `commit`.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { Modal, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PICKER_MAX_RECORDS } from '../src/domain/constants';
import { filterLookup, type LookupOption } from './lookup-match';
import { usePinyinInitials, withInitials } from './pinyin-initials';
import type { PickerRequest } from './entry-grid-types';
import type { SheetRow } from './sheet-schema';

/**
 * What a list the user keeps (commonly used summaries) adds to the pick list: Insert keeps the typed
 * text and picks it, Alt+Delete drops the chosen entry (the screen opens the list again with the
 * options left), and Enter with nothing found picks the typed text itself. The hints are the
 * screen's texts.
 */
export interface PickerListActions {
  /** Keeps the typed text; resolves false when it was refused (the list stays open). */
  add?: (text: string) => Promise<boolean>;
  remove?: (value: string) => Promise<unknown>;
  /** Enter with nothing found picks the typed text (the cell takes any text). */
  freeText?: boolean;
  hint?: string;
}

export interface ListPickerProps {
  opened: boolean;
  title: string;
  options: readonly LookupOption[];
  initialQuery?: string;
  onPick: (value: string) => void;
  onClose: () => void;
  actions?: PickerListActions;
}

/** What a screen's picker hook shows for one F7: the list's title and options, and the first query. */
export interface PickerOpening {
  title: string;
  options: readonly LookupOption[];
  /** The first query; the text typed in the cell when not given. */
  query?: string;
  actions?: PickerListActions;
}

/**
 * The bridge from the grid's picker requests to the pick list, for every entry screen: `open` shows
 * the list for a request; picking commits the value into the cell, closing returns the caret to it.
 * Render `picker` once in the screen.
 */
export function useListPicker<R extends SheetRow>(): {
  open: (request: PickerRequest<R>, opening: PickerOpening) => void;
  picker: ReactElement;
} {
  const [picking, setPicking] = useState<{ request: PickerRequest<R>; opening: PickerOpening } | null>(null);
  const open = useCallback((request: PickerRequest<R>, opening: PickerOpening) => setPicking({ request, opening }), []);
  const close = (then: (request: PickerRequest<R>) => void) => {
    const current = picking;
    setPicking(null);
    if (current) then(current.request);
  };
  const picker = (
    <ListPicker
      opened={picking !== null}
      title={picking?.opening.title ?? ''}
      options={picking?.opening.options ?? []}
      initialQuery={picking ? (picking.opening.query ?? picking.request.query) : undefined}
      onPick={(value) => close((r) => r.commit(value))}
      onClose={() => close((r) => r.cancel())}
      actions={picking?.opening.actions}
    />
  );
  return { open, picker };
}

export function ListPicker(props: ListPickerProps) {
  // Remount per opening so the query and highlight start afresh.
  return props.opened ? <ListPickerBody {...props} /> : null;
}

function ListPickerBody({ title, options, initialQuery = '', onPick, onClose, actions }: ListPickerProps) {
  const { t } = useTranslation('grid');
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  // Options without initials of their own are found by the pinyin initials of their Chinese names too.
  const initialsOf = usePinyinInitials();
  const searched = useMemo(() => (initialsOf ? withInitials(options, initialsOf) : options), [options, initialsOf]);
  // One more than shown tells whether the list was cut (spec 02 §5: "Displaying up to 100 data records").
  const found = useMemo(() => filterLookup(query, searched, PICKER_MAX_RECORDS + 1), [query, searched]);
  const capped = found.length > PICKER_MAX_RECORDS;
  const hits = useMemo(() => (capped ? found.slice(0, PICKER_MAX_RECORDS) : found), [capped, found]);
  const current = Math.min(active, Math.max(0, hits.length - 1));

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive(Math.min(hits.length - 1, current + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(0, current - 1));
    } else if (e.key === 'PageDown') {
      e.preventDefault();
      setActive(Math.min(hits.length - 1, current + 8));
    } else if (e.key === 'PageUp') {
      e.preventDefault();
      setActive(Math.max(0, current - 8));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      if (hits[current]) onPick(hits[current].value);
      else if (actions?.freeText && query.trim()) onPick(query.trim());
    } else if (e.key === 'Insert' && actions?.add && query.trim()) {
      e.preventDefault();
      const text = query.trim();
      void actions.add(text).then((kept) => kept && onPick(text));
    } else if (e.key === 'Delete' && e.altKey && actions?.remove && hits[current]) {
      e.preventDefault();
      void actions.remove(hits[current].value);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="md" transitionProps={{ duration: 0 }} returnFocus={false} data-testid="list-picker">
      <TextInput
        data-autofocus
        value={query}
        placeholder={t('picker.search')}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={hits[current] ? `${listId}-${current}` : undefined}
        data-testid="list-picker-query"
      />
      <ScrollArea.Autosize mah={320} mt="xs">
        <div ref={listRef} role="listbox" id={listId}>
          {hits.length === 0 && (
            <Text c="dimmed" size="sm" p="xs">
              {t('picker.empty')}
            </Text>
          )}
          {hits.map((o, i) => (
            <UnstyledButton
              key={o.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              data-index={i}
              tabIndex={-1}
              onMouseEnter={() => setActive(i)}
              onClick={() => onPick(o.value)}
              style={{
                display: 'flex',
                gap: 12,
                width: '100%',
                padding: '4px 8px',
                borderRadius: 4,
                background: i === current ? 'var(--mantine-color-blue-light)' : undefined,
              }}
            >
              <Text size="sm" ff="monospace" w={64}>
                {o.code}
              </Text>
              <Text size="sm">{o.name}</Text>
            </UnstyledButton>
          ))}
        </div>
      </ScrollArea.Autosize>
      {capped && (
        <Text c="dimmed" size="xs" mt="xs" data-testid="list-picker-capped">
          {t('picker.capped', { count: PICKER_MAX_RECORDS })}
        </Text>
      )}
      {actions?.hint && (
        <Text c="dimmed" size="xs" mt="xs" data-testid="list-picker-hint">
          {actions.hint}
        </Text>
      )}
    </Modal>
  );
}
