/**
 * The command palette (palette.open in key-map.ts, Ctrl+K): the current page's own commands and
 * every screen the user may open, found by name in either language or by pinyin (palette-search.ts).
 * Built on Mantine Spotlight with its own store; Spotlight's own shortcut is off so the key map
 * stays the one place that says which key opens it.
 */
import '@mantine/spotlight/styles.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { Group, Kbd, Text } from '@mantine/core';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconBolt, IconSearch } from '@tabler/icons-react';
import { useSession } from '../session/store';
import { helpLines } from './key-map';
import { menuIcon } from './menu-icons';
import { usePageCommandList, type PageCommand } from './page-commands';
import { useFirstEntrySelected } from './palette-selection';
import { searchEntries, screenEntries, type PaletteEntry } from './palette-search';
import { bothTitles } from '../routes/menu-titles';
import { firstUsefulControl } from './page-focus';
import { PAGE_REGION_ATTR } from '../../../grids/focus-first-cell';

/** The page's first useful control (what its arrival gave the focus to), or null. */
function pageControl(): HTMLElement | null {
  const region = document.querySelector(`[${PAGE_REGION_ATTR}]`);
  return region ? firstUsefulControl(region) : null;
}

const [paletteStore, paletteActions] = createSpotlight();

/** Where focus was when the palette opened: it goes back there when the palette closes without opening anything. */
let focusBefore: HTMLElement | null = null;
let ranAction = false;

export function openPalette(): void {
  if (paletteStore.getState().opened) {
    paletteActions.close();
    return;
  }
  focusBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  ranAction = false;
  paletteActions.open();
}


const MAX_SCREENS = 30;
const LIST_ID = 'command-palette-list';

export function CommandPalette({ shellCommands }: { shellCommands: readonly PageCommand[] }) {
  const { t } = useTranslation(['shell', 'menu']);
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [query, setQuery] = useState('');
  const pageCommands = usePageCommandList();
  const screens = useMemo(() => screenEntries(user, bothTitles), [user]);
  const commands = useMemo(() => [...pageCommands, ...shellCommands], [pageCommands, shellCommands]);
  const commandEntries = useMemo<PaletteEntry[]>(
    () => commands.map((c) => ({ id: `command:${c.id}`, kind: 'page', names: [c.label, ...(c.keywords ?? [])], pinyin: [] })),
    [commands],
  );
  const commandHits = searchEntries(query, commandEntries);
  const screenHits = searchEntries(query, screens).slice(0, MAX_SCREENS);
  useFirstEntrySelected(LIST_ID, paletteStore, query, [...commandHits, ...screenHits].map((e) => e.id).join('|'));

  const run = (fn: () => void) => () => {
    ranAction = true;
    fn();
  };
  return (
    <Spotlight.Root
      store={paletteStore}
      shortcut={null}
      query={query}
      onQueryChange={setQuery}
      scrollable
      maxHeight={440}
      returnFocus={false}
      // Opens and closes at once: keys typed right after a choice go to the screen it opened,
      // not to a palette still fading out (which would keep them as a dialog does).
      transitionProps={{ duration: 0 }}
      onSpotlightClose={() => {
        const back = focusBefore;
        focusBefore = null;
        // Opening a screen moves focus to it (page-focus.ts); Esc puts it back where it was, or, when
        // the page drew that control anew while the palette was open, on the page's first control.
        if (!ranAction) setTimeout(() => (back?.isConnected ? back : pageControl())?.focus(), 0);
      }}
      data-testid="command-palette"
    >
      <Spotlight.Search
        data-autofocus
        placeholder={t('shell:palette.placeholder')}
        aria-label={t('shell:palette.title')}
        leftSection={<IconSearch size={18} stroke={1.5} />}
        data-testid="palette-input"
      />
      <Spotlight.ActionsList id={LIST_ID} aria-label={t('shell:palette.title')}>
        {commandHits.length > 0 && (
          <Spotlight.ActionsGroup label={t('shell:palette.commands')}>
            {commandHits.map((e) => {
              const c = commands.find((x) => `command:${x.id}` === e.id)!;
              return (
                <Spotlight.Action key={e.id} label={c.label} leftSection={<IconBolt size={18} stroke={1.5} />} rightSection={c.shortcut ? <Kbd size="xs">{c.shortcut}</Kbd> : undefined} onClick={run(c.run)} data-entry={e.id} />
              );
            })}
          </Spotlight.ActionsGroup>
        )}
        {screenHits.length > 0 && (
          <Spotlight.ActionsGroup label={t('shell:palette.screens')}>
            {screenHits.map((e) => {
              const Icon = menuIcon(e.icon);
              return (
                <Spotlight.Action
                  key={e.id}
                  label={t(`menu:${e.titleKey}`)}
                  description={e.trail?.length ? e.trail.map((k) => t(`menu:${k}`)).join(' › ') : undefined}
                  leftSection={<Icon size={16} stroke={1.5} />}
                  onClick={run(() => void navigate({ href: e.href! }))}
                  data-entry={e.id}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        )}
        {!commandHits.length && !screenHits.length && <Spotlight.Empty>{t('shell:palette.nothingFound')}</Spotlight.Empty>}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="center">
          {helpLines('palette').map((l) => (
            <Text key={l.helpKey} size="xs" c="dimmed">
              <Kbd size="xs">{l.keys}</Kbd> {t(`shell:${l.helpKey}`)}
            </Text>
          ))}
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
