/**
 * The department tree panel (200 px, spec 02 §2.3): root 'All' with the company's departments below.
 * Click or Enter on a node chooses it (null for 'All'); arrows move, → and ← open and close.
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Box, Group, ScrollArea, Text, Tree, useTree, type TreeNodeData } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DepartmentDto } from '../../../contract/staff';
import { buildTree, type DepartmentNode } from '../../../domain/staff';
import { allDepartmentsOptions } from '../../queries/staff';

export const ALL = 'all';

export function departmentTreeData(rows: readonly DepartmentDto[], allLabel: string): TreeNodeData[] {
  const toNode = (n: DepartmentNode<DepartmentDto>): TreeNodeData => ({
    value: String(n.item.id),
    label: `${n.item.code} ${n.item.name}`,
    ...(n.subItems.length ? { children: n.subItems.map(toNode) } : {}),
  });
  return [{ value: ALL, label: allLabel, children: buildTree(rows).map(toNode) }];
}

export function DepartmentTreePanel({ companyId, value, onChange, height }: { companyId: number; value: number | null; onChange: (id: number | null) => void; /** Inside a popup: the panel's height (default: the page's). */ height?: number }) {
  const { t } = useTranslation('admin');
  const { data } = useQuery(allDepartmentsOptions(companyId));
  const rows = data?.content;
  const treeData = useMemo(() => departmentTreeData(rows ?? [], t('department.all')), [rows, t]);
  // Every node starts open (a firm has few departments); the user may close some.
  const [closed, setClosed] = useState<Record<string, boolean>>({});
  const expandedState = useMemo(() => {
    const out: Record<string, boolean> = {};
    const walk = (nodes: TreeNodeData[]) => nodes.forEach((n) => {
      out[n.value] = !closed[n.value];
      if (n.children) walk(n.children);
    });
    walk(treeData);
    return out;
  }, [treeData, closed]);
  const tree = useTree({
    expandedState,
    onExpandedStateChange: (next) => setClosed(Object.fromEntries(Object.entries(next).map(([k, v]) => [k, !v]))),
  });
  const choose = (v: string) => onChange(v === ALL ? null : Number(v));
  const selected = value === null ? ALL : String(value);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter') return;
    const v = (e.target as HTMLElement).closest('[role=treeitem]')?.getAttribute('data-value');
    if (v) {
      e.preventDefault();
      choose(v);
    }
  };
  return (
    <Box w={200} miw={200} style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }} onKeyDown={onKeyDown} data-testid="department-tree">
      <Text fw={600} size="sm" px="xs" py={6}>{t('department.tree')}</Text>
      <ScrollArea h={height ? height - 34 : 'calc(100vh - 180px)'}>
        <Tree
          data={treeData}
          tree={tree}
          levelOffset={14}
          expandOnClick={false}
          renderNode={({ node, expanded, hasChildren, elementProps }) => (
            <Group
              gap={4}
              wrap="nowrap"
              {...elementProps}
              onClick={(e) => {
                elementProps.onClick(e);
                choose(node.value);
              }}
              style={{ ...elementProps.style, cursor: 'pointer', padding: '3px 6px', borderRadius: 4, background: node.value === selected ? 'var(--mantine-color-blue-light)' : undefined }}
              data-testid={`department-node-${node.value}`}
              data-chosen={node.value === selected || undefined}
            >
              <Box
                component="span"
                w={14}
                style={{ display: 'inline-flex', transform: expanded ? 'rotate(90deg)' : undefined, visibility: hasChildren ? 'visible' : 'hidden' }}
                onClick={(e) => {
                  e.stopPropagation();
                  tree.toggleExpanded(node.value);
                }}
              >
                <IconChevronRight size={12} />
              </Box>
              <Text size="sm" truncate>{node.label}</Text>
            </Group>
          )}
        />
      </ScrollArea>
    </Box>
  );
}
