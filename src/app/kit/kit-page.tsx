/**
 * The grid-kit page (kit.html): a voucher-shaped entry grid with a fixed subject list, so the kit
 * can be driven in a browser — by people, the Playwright e2e and the UI benchmark — before the
 * real voucher screen exists; and an auxiliary-rows grid shaped like the voucher's auxiliary popup
 * (arrow-down on the last row adds a row). Not linked from the product menu.
 *
 * Query parameters: `lang=zh_CN|en_US`, `rows=N` (initial rows, default 20), `locked=1` (an
 * audited voucher: a refused edit names that reason), `sheet=voucher|aux`.
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Badge, Checkbox, Container, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { auxRowsKitSchema, type AuxKitRow } from '../../../grids/aux-rows-kit.columns';
import { EntryGrid, type EntryGridHandle, type PickerHook } from '../../../grids/entry-grid';
import { KeyHelp } from '../../../grids/key-help';
import { useListPicker } from '../../../grids/list-picker';
import { RowToolbar } from '../../../grids/row-toolbar';
import type { SheetEvent } from '../../../grids/sheet';
import type { SheetRow } from '../../../grids/sheet-schema';
import { useSheet, useSheetTotals, type SheetTotalsView } from '../../../grids/use-sheet';
import { voucherKitSchema, type VoucherKitRow } from '../../../grids/voucher-kit.columns';
import { VOUCHER_DEFAULT_ROWS } from '../../domain/constants';
import type { Language } from '../../domain/enums';
import { formatCents } from '../../domain/money';
import { setStoredLanguage } from '../i18n';
import { createKitCatalog, type KitCatalog } from './kit-catalog';

type KitSheet = 'voucher' | 'aux';

interface KitOptions {
  initialRows: number;
  locked: boolean;
  sheet: KitSheet;
}

function readOptions(): KitOptions {
  const params = new URLSearchParams(window.location.search);
  const rows = Number(params.get('rows'));
  return {
    initialRows: Number.isInteger(rows) && rows >= 1 && rows <= 200 ? rows : VOUCHER_DEFAULT_ROWS,
    locked: params.get('locked') === '1',
    sheet: params.get('sheet') === 'aux' ? 'aux' : 'voucher',
  };
}

/** The store hears of the lock too, so it refuses edits itself (the grid then previews none). */
function useStoreLock<R extends SheetRow>(locked: boolean, dispatch: (event: SheetEvent<R>) => void) {
  useLayoutEffect(() => {
    dispatch({ type: 'sheet.lock', locked });
  }, [locked, dispatch]);
}

const markInteractive = () => {
  performance.mark('kit-grid-interactive');
  document.body.dataset.gridReady = 'true';
};

export function KitPage() {
  const { t } = useTranslation('grid');
  const [options] = useState(readOptions);
  const catalog = useMemo(() => createKitCatalog(t), [t]);
  const [locked, setLocked] = useState(options.locked);
  return (
    <Container size={1280} py="md">
      <Stack gap="sm">
        <KitHeader locked={locked} onLockedChange={setLocked} sheet={options.sheet} />
        {options.sheet === 'aux' ? <AuxRowsKit catalog={catalog} locked={locked} /> : <VoucherKit catalog={catalog} locked={locked} initialRows={options.initialRows} />}
      </Stack>
    </Container>
  );
}

function VoucherKit({ catalog, locked, initialRows }: { catalog: KitCatalog; locked: boolean; initialRows: number }) {
  const { t } = useTranslation('grid');
  const schema = useMemo(() => voucherKitSchema(catalog.lookups, { initialRows }), [catalog, initialRows]);
  const [state, dispatch] = useSheet(schema);
  useStoreLock(locked, dispatch);
  const totals = useSheetTotals(schema, state.rows);
  const { open: openPicker, picker } = useListPicker<VoucherKitRow>();
  const gridRef = useRef<EntryGridHandle>(null);

  const pickers = useMemo<Record<string, PickerHook<VoucherKitRow>>>(
    () => ({
      subject: (request) => openPicker(request, { title: t('picker.subject'), options: catalog.subjectOptions }),
      aux: (request) => openPicker(request, { title: t('picker.aux'), options: catalog.auxOptions(request.row.subjectId) }),
    }),
    [catalog, t, openPicker],
  );

  const totalsLabel = useCallback(
    (view: SheetTotalsView) => (
      <span className="ld-totals-label">
        <span className="ld-totals-label__text" data-testid="totals-uppercase">
          {view.uppercase === null ? t('totals.uppercaseOutOfRange') : t('totals.uppercase', { text: view.uppercase })}
        </span>
        {view.differenceCents ? (
          <span className="ld-totals-label__difference" data-testid="totals-difference">
            {t('totals.difference', { amount: formatCents(view.differenceCents) })}
          </span>
        ) : null}
      </span>
    ),
    [t],
  );

  return (
    <>
      <RowToolbar grid={gridRef} readOnly={locked} testId="kit-row-toolbar" />
      <EntryGrid
        schema={schema}
        state={state}
        dispatch={dispatch}
        readOnly={locked}
        lockReason={t('kit.lockReason')}
        pickers={pickers}
        totalsLabel={totalsLabel}
        autoFocus
        onInteractive={markInteractive}
        testId="kit-grid"
        handleRef={gridRef}
      />
      <KitTotals totals={totals} />
      {picker}
    </>
  );
}

/** The figures under the grid; memoised on the totals, which keep their identity while the figures stay the same. */
const KitTotals = memo(function KitTotals({ totals }: { totals: SheetTotalsView }) {
  const { t } = useTranslation('grid');
  const balanced = totals.differenceCents === 0;
  return (
    <Paper withBorder p="sm">
      <Group gap="xl">
        <Badge color={balanced ? 'green' : 'red'} variant="light" data-testid="kit-balance">
          {balanced ? t('kit.balanced') : t('kit.unbalanced')}
        </Badge>
        <Text size="sm">
          {t('kit.totals.debit')}: <b data-testid="kit-debit-total">{formatCents(totals.debitCents ?? 0)}</b>
        </Text>
        <Text size="sm">
          {t('kit.totals.credit')}: <b data-testid="kit-credit-total">{formatCents(totals.creditCents ?? 0)}</b>
        </Text>
        <Text size="sm">
          {t('kit.uppercaseTitle')}: <b data-testid="kit-uppercase">{totals.uppercase ?? t('totals.uppercaseOutOfRange')}</b>
        </Text>
      </Group>
    </Paper>
  );
});

function AuxRowsKit({ catalog, locked }: { catalog: KitCatalog; locked: boolean }) {
  const { t } = useTranslation('grid');
  // The kit's auxiliary items are departments (subject 6602); the popup starts with one filled row.
  const options = useMemo(() => catalog.auxOptions('s6602'), [catalog]);
  const schema = useMemo(() => auxRowsKitSchema(options), [options]);
  const [state, dispatch] = useSheet(schema, [{ id: 'aux-rows-kit-0', auxId: options[0]?.value ?? null, amount: 120000 }]);
  useStoreLock(locked, dispatch);
  const { open: openPicker, picker } = useListPicker<AuxKitRow>();
  const gridRef = useRef<EntryGridHandle>(null);
  const pickers = useMemo<Record<string, PickerHook<AuxKitRow>>>(() => ({ aux: (request) => openPicker(request, { title: t('picker.aux'), options }) }), [options, t, openPicker]);
  return (
    <Paper withBorder p="sm" maw={560}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('kit.auxTitle')}</Text>
          <RowToolbar grid={gridRef} readOnly={locked} testId="kit-row-toolbar" />
        </Group>
        <EntryGrid schema={schema} state={state} dispatch={dispatch} readOnly={locked} lockReason={t('kit.lockReason')} pickers={pickers} autoFocus onInteractive={markInteractive} testId="kit-grid" handleRef={gridRef} />
        <Text size="sm" c="dimmed" data-testid="kit-aux-hint">
          {t('kit.auxHint')}
        </Text>
      </Stack>
      {picker}
    </Paper>
  );
}

/** Title, sheet links, lock switch, language switch and keyboard help; memoised so data entry does not re-render it. */
const KitHeader = memo(function KitHeader({ locked, onLockedChange, sheet }: { locked: boolean; onLockedChange: (locked: boolean) => void; sheet: KitSheet }) {
  const { t, i18n } = useTranslation('grid');
  const changeLanguage = (lang: string) => {
    void i18n.changeLanguage(lang);
    setStoredLanguage(lang as Language);
    document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en-US';
  };
  const linkTo = (to: KitSheet) => {
    const params = new URLSearchParams(window.location.search);
    params.set('sheet', to);
    return `?${params}`;
  };
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3}>{t('kit.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('kit.subtitle')}
          </Text>
          <Group gap="md" mt={4}>
            {(['voucher', 'aux'] as const).map((s) => (
              <Anchor key={s} href={linkTo(s)} size="sm" fw={s === sheet ? 700 : 400} data-testid={`kit-sheet-${s}`}>
                {t(`kit.sheets.${s}`)}
              </Anchor>
            ))}
          </Group>
        </div>
        <Group gap="md">
          <Checkbox label={t('kit.locked')} checked={locked} onChange={(e) => onLockedChange(e.currentTarget.checked)} data-testid="kit-locked" />
          <SegmentedControl
            aria-label={t('kit.language')}
            value={i18n.language}
            onChange={changeLanguage}
            data={[
              { value: 'zh_CN', label: t('kit.languageNames.zh_CN') },
              { value: 'en_US', label: t('kit.languageNames.en_US') },
            ]}
            data-testid="kit-language"
          />
          <KeyHelp />
        </Group>
      </Group>
      <Text size="sm">{t('kit.help')}</Text>
    </>
  );
});
