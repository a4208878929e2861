/**
 * The subject tree panel (200 px, spec 02 §2.1): root 'all', the five kinds, then every subject with
 * children. Click or Enter chooses a node (the list filters by it); arrows move, → and ← open and
 * close. Shared by the catalogue page and the catalogue's popup mode (the subject picker).
 */
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import { Box, ScrollArea, Tree, useTree } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubjectDto } from '../../../contract/subject';
import { buildSubjectTree, TREE_ALL } from './subject-tree';

export function SubjectTreePanel({ subjects, value, onChange, height, testId = 'subject-tree' }: {
  subjects: readonly SubjectDto[];
  value: string;
  onChange: (node: string) => void;
  /** Inside a popup: the panel's height (default: the page's). */
  height?: number;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('subject');
  const language = i18n.language;
  const treeData = useMemo(() => buildSubjectTree(subjects, { all: t('tree.all'), kind: (k) => t(`kind.${k}`), language }), [subjects, t, language]);
  const tree = useTree({ initialExpandedState: { [TREE_ALL]: true }, initialSelectedState: [value] });
  // A node chosen elsewhere (a saved filter) shows as chosen here too.
  useEffect(() => {
    if (!tree.selectedState.includes(value)) tree.select(value);
    // only when the value changes from outside
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const choose = (v: string) => {
    tree.select(v);
    tree.expand(v);
    onChange(v);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    const v = (document.activeElement as HTMLElement | null)?.dataset?.value;
    if (v) {
      e.preventDefault();
      choose(v);
    }
  };
  return (
    <Box w={200} miw={200} style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
      <ScrollArea h={height ?? '100%'} type="auto">
        <Tree
          data={treeData}
          tree={tree}
          levelOffset="sm"
          aria-label={t('tree.label')}
          onKeyDown={onKeyDown}
          data-testid={testId}
          renderNode={({ node: n, elementProps, selected }) => (
            <Box
              {...elementProps}
              onClick={(e) => {
                elementProps.onClick(e);
                choose(n.value);
              }}
              px={4}
              py={2}
              fz="sm"
              bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ ...elementProps.style, cursor: 'pointer', whiteSpace: 'nowrap', borderRadius: 4 }}
              data-testid={`${testId}-${n.value}`}
            >
              {n.label}
            </Box>
          )}
        />
      </ScrollArea>
    </Box>
  );
}
