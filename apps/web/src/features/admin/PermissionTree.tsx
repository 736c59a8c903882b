/**
 * The permission tree of the contracts with checkboxes, three levels; read-only when `disabled`.
 * It opens on the areas and on the menus holding ticked codes, so a long tree stays short to read.
 * With `grantable`, codes outside it (beyond the caller's own) are greyed and cannot be ticked.
 */
import { PERMISSION_TREE, withAncestors } from '@lyyp/contracts';
import { Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useLocaleStore } from '../../app/i18n.ts';
import { permissionTreeData, tickedLeaves, type PermissionTreeNode } from './admin-text.ts';

interface PermissionTreeProps {
  value?: string[];
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
  /** The codes the caller may grant; the others are greyed. */
  grantable?: readonly string[];
}

type CheckableNode = PermissionTreeNode & { disableCheckbox?: boolean; children?: CheckableNode[] };

function greyBeyond(nodes: PermissionTreeNode[], grantable: ReadonlySet<string>): CheckableNode[] {
  return nodes.map((node) => ({
    ...node,
    ...(grantable.has(node.key) ? {} : { disableCheckbox: true }),
    ...(node.children ? { children: greyBeyond(node.children, grantable) } : {}),
  }));
}

export function PermissionTree({ value = [], onChange, disabled = false, grantable }: PermissionTreeProps) {
  const locale = useLocaleStore((state) => state.locale);
  const treeData = useMemo(() => {
    const data = permissionTreeData(locale);
    return grantable ? greyBeyond(data, new Set(grantable)) : data;
  }, [locale, grantable]);
  const [expanded, setExpanded] = useState<string[]>(() => PERMISSION_TREE.map((area) => area.code));
  // Menus holding ticked codes stay open, also when the value arrives after the first render.
  const shown = [...new Set([...expanded, ...withAncestors(value)])];
  return (
    <Tree
      checkable
      selectable={false}
      expandedKeys={shown}
      onExpand={(keys) => setExpanded(keys.map(String))}
      disabled={disabled}
      treeData={treeData}
      checkedKeys={tickedLeaves(value)}
      onCheck={(checked) => {
        const keys = Array.isArray(checked) ? checked : checked.checked;
        onChange?.(keys.map(String));
      }}
      data-testid="permission-tree"
    />
  );
}
