/**
 * The shell of every pick-list popup (spec 02 §2.10, §9): a Mantine Modal of the spec's size with
 * the product's list grid (keyword box focused on open, 200 ms search, paging with first / last /
 * jump / sizes 10-100), an optional left panel (a department tree) and Cancel / Sure.
 * Single mode: arrows move the current row, Enter or double-click chooses it, Sure stays disabled
 * until a row is current. Multi mode: rows are ticked (click, Space, Enter) and Select (Ctrl+Enter)
 * adds them; Ctrl+Enter is Sure in single mode too.
 * `refuse(row)` names why a row cannot be chosen (a non-leaf budget or department).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListAnswer } from '../../../contract/common';
import { ListGrid, type ListGridProps, type ListRequest, type ListView } from '../../../../grids/list/list-grid';
import { DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import { useEscapeCloses } from './use-escape-closes';
import { capAnswer, type PickerSize } from './picker-rules';

/** Header and footer of the modal; the list takes the rest of the popup's height. */
const CHROME = 128;
/** Room taken by the refusal line ('… cannot be chosen') above the list. */
const REFUSAL_ROOM = 44;

/**
 * The height for a side panel (a tree) beside the list: the popup's height less its header, footer
 * and list tools, and less the refusal line when the picker can refuse rows, so the footer's Sure /
 * Cancel never drop out of the popup when a refusal shows.
 */
export const pickerSideHeight = (size: PickerSize, opts: { refuses?: boolean } = {}) => size.height - 140 - (opts.refuses ? REFUSAL_ROOM : 0);

export interface PickerModalProps<T> extends Pick<ListGridProps<T>, 'gridId' | 'columns' | 'query' | 'getRowId' | 'formatters' | 'renderers' | 'filters' | 'resetKey' | 'initialSort' | 'keywordPlaceholder' | 'rowClassRules' | 'paged'> {
  opened: boolean;
  title: string;
  size: PickerSize;
  onClose: () => void;
  /** Single mode: the chosen row. */
  onChoose?: (row: T) => void;
  /** Multi mode (ticked rows and Select). */
  multiple?: boolean;
  onChooseMany?: (rows: T[]) => void;
  /** A message why this row cannot be chosen, or null. */
  refuse?: (row: T) => string | null;
  /** Left of the list (a department tree). */
  side?: ReactNode;
  /** Customer / case pickers: keyword searches show at most the first 100 records, with a message. */
  capKeywordResults?: boolean;
  /** The keyword the list opens searched by (the text typed in the field whose F7 opened the popup). */
  initialKeyword?: string;
  testId: string;
}

export function PickerModal<T>(props: PickerModalProps<T>) {
  // Remount per opening: keyword, page and current row start afresh.
  return props.opened ? <PickerBody {...props} /> : null;
}

function PickerBody<T>({ title, size, onClose, onChoose, multiple, onChooseMany, refuse, side, capKeywordResults, initialKeyword, testId, ...grid }: PickerModalProps<T>) {
  const { t } = useTranslation('pickers');
  useEscapeCloses(onClose);
  const [current, setCurrent] = useState<T | null>(null);
  const [ticked, setTicked] = useState<T[]>([]);
  // Why the row last chosen cannot be taken, with that row: the list's current-row news (AG Grid's
  // cellFocused comes from its async queue, after the Enter that chose) clears it only for another row.
  const [refused, setRefused] = useState<{ row: T; why: string } | null>(null);
  const refusal = refused?.why ?? null;
  const [capped, setCapped] = useState(false);
  // The list opens on page 1 already searched by the typed keyword (read once, when the popup opens).
  const [opening] = useState<ListView | undefined>(() => (initialKeyword?.trim()
    ? { page: 1, size: DEFAULT_PAGE_SIZE, sort: grid.initialSort ?? {}, keyword: initialKeyword.trim() }
    : undefined));
  const cap = useMemo(
    () => (capKeywordResults ? (answer: ListAnswer<T>, request: ListRequest) => {
      const out = capAnswer(answer, request);
      return out.capped ? { ...out.answer, capped: true } : answer;
    } : undefined),
    [capKeywordResults],
  );
  const notice = capped ? <Text size="sm" c="orange" data-testid="picker-cap">{t('capped')}</Text> : null;

  const choose = (row: T | null) => {
    if (!row) return;
    const why = refuse?.(row) ?? null;
    setRefused(why ? { row, why } : null);
    if (!why) onChoose?.(row);
  };

  const listHeight = size.height - CHROME - (notice ? 40 : 0) - (refusal ? REFUSAL_ROOM : 0);
  const sureDisabled = multiple ? !ticked.length : !current || !!refuse?.(current);

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size.width}
      centered
      closeOnEscape={false}
      transitionProps={{ duration: 0 }}
      styles={{ content: { height: size.height, maxHeight: '96vh' } }}
      // The popup is rendered inside a form dialog: its keys (Enter chooses, Esc closes) must not
      // also save or close that dialog.
      onKeyDown={(e) => {
        e.stopPropagation();
        // Ctrl+Enter is Sure / Select from anywhere in the popup (in multi mode Enter ticks a row).
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
          e.preventDefault();
          if (sureDisabled) return;
          if (multiple) onChooseMany?.(ticked);
          else choose(current);
        }
      }}
      data-testid={testId}
    >
      <Stack gap="xs">
        {notice}
        {refusal && (
          // One line (the list's height leaves room for one); the whole text on hover.
          <Alert color="orange" py={6} styles={{ message: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }} data-testid="picker-refusal">
            <span title={refusal}>{refusal}</span>
          </Alert>
        )}
        <Group align="stretch" gap="xs" wrap="nowrap">
          {side}
          <Box style={{ flex: 1, minWidth: 0 }}>
            <ListGrid<T>
              {...grid}
              height={listHeight}
              autoFocusKeyword
              kept={opening}
              selection={multiple ? 'multi' : 'single'}
              onSelectionChange={setTicked}
              onCurrentRowChange={(row) => {
                setCurrent(row);
                setRefused((r) => (r && r.row === row ? r : null));
              }}
              onRowOpen={multiple ? undefined : choose}
              mapAnswer={cap}
              onAnswer={(a) => setCapped(!!(a as { capped?: boolean }).capped)}
              testId={`${testId}-list`}
            />
          </Box>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">{multiple ? t('tickedCount', { count: ticked.length }) : t('hint')}</Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose} data-testid="picker-cancel">{t('cancel')}</Button>
            <Button
              disabled={sureDisabled}
              onClick={() => (multiple ? onChooseMany?.(ticked) : choose(current))}
              data-testid="picker-sure"
            >
              {multiple ? t('select') : t('sure')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
