/**
 * Rights tree editor: the catalogue as a Mantine Tree of checkboxes with indeterminate parents
 * (semantics in rights-tree.ts). Arrow keys move through the tree, Space toggles a right.
 */
import { useEffect, useMemo } from 'react';
import { Checkbox, Group, Text, Tree, useTree, getTreeExpandedState, type TreeNodeData } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { checkState, indexTree, toggleRight, type RightTreeNode } from './rights-tree';

function toTreeData(nodes: readonly RightTreeNode[]): TreeNodeData[] {
  return nodes.map((n) => ({ value: String(n.id), label: n.name, children: n.children.length ? toTreeData(n.children) : undefined }));
}

export interface RightsTreeEditorProps {
  tree: RightTreeNode[];
  granted: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  readOnly?: boolean;
}

export function RightsTreeEditor({ tree, granted, onChange, readOnly }: RightsTreeEditorProps) {
  const data = useMemo(() => toTreeData(tree), [tree]);
  const index = useMemo(() => indexTree(tree), [tree]);
  const controller = useTree({ initialExpandedState: getTreeExpandedState(data, '*') });
  useEffect(() => {
    controller.setExpandedState(getTreeExpandedState(data, '*'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const toggle = (id: number) => {
    if (!readOnly) onChange(toggleRight(index, granted, id));
  };

  return (
    <Tree
      data={data}
      tree={controller}
      levelOffset={22}
      expandOnClick={false}
      expandOnSpace={false}
      selectOnClick
      withLines
      data-testid="rights-tree"
      // Space on the focused right (the tree item the arrows move to) ticks or unticks it. The item
      // itself has the focus, not what renderNode draws inside it: a handler there never heard the key.
      onKeyDown={(e) => {
        const item = e.target as HTMLElement;
        if (e.key !== ' ' || item.getAttribute('role') !== 'treeitem' || !item.dataset.value) return;
        e.preventDefault();
        toggle(Number(item.dataset.value));
      }}
      renderNode={({ node, expanded, hasChildren, elementProps }) => {
        const id = Number(node.value);
        const state = checkState(index, granted, id);
        return (
          <Group
            gap={6}
            wrap="nowrap"
            {...elementProps}
            style={{ ...elementProps.style, paddingBlock: 3 }}
          >
            <span
              style={{ width: 16, display: 'inline-flex', cursor: hasChildren ? 'pointer' : 'default' }}
              onClick={(e) => {
                e.stopPropagation();
                if (hasChildren) controller.toggleExpanded(node.value);
              }}
            >
              {hasChildren && (expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />)}
            </span>
            <Checkbox
              size="xs"
              checked={state === 'checked'}
              indeterminate={state === 'indeterminate'}
              disabled={readOnly}
              tabIndex={-1}
              aria-label={String(node.label)}
              onChange={() => toggle(id)}
              onClick={(e) => e.stopPropagation()}
              data-testid={`right-${id}`}
            />
            <Text size="sm" onClick={() => toggle(id)} style={{ cursor: readOnly ? 'default' : 'pointer', userSelect: 'none' }}>
              {node.label}
            </Text>
            <Text size="xs" c="dimmed">{id}</Text>
          </Group>
        );
      }}
    />
  );
}
