/**
 * The address space of an OPC UA driver's server as seen through one device's gateway: the
 * Objects folder first, each folder browsed through the gateway as it opens, every node with its
 * server data type (and the platform's), array form and access level. With `picking`, variable
 * nodes can be ticked (the developer's tag browser); without it the tree is read-only (an
 * installer checking what a server offers). A refused browse is shown in words.
 */
import { DATA_TYPE_DEFINITIONS } from '@lyyp/contracts/device-model';
import type { BrowsedNode } from '@lyyp/contracts/protocol';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Empty, Space, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opcUaBrowseApi } from '../../../api/opcua-browse.api.ts';
import { useLocaleStore } from '../../../app/i18n.ts';
import { useDescribeFailure } from '../../monitor/common/catalogue-text.ts';
import { buildTree, type TagTreeNode } from './tag-tree.ts';

/** Children of the folders opened so far, for one driver and device (`scope`). */
interface Expansion {
  scope: string;
  children: Record<string, readonly BrowsedNode[]>;
  truncated: boolean;
}

export interface NodePicking {
  /** NodeIds ticked so far. */
  readonly picked: ReadonlySet<string>;
  readonly onToggle: (node: BrowsedNode, checked: boolean) => void;
}

/** A platform data type's name in the console's language. */
export function dataTypeLabel(id: keyof typeof DATA_TYPE_DEFINITIONS, locale: string): string {
  return locale === 'en-US' ? DATA_TYPE_DEFINITIONS[id].label.en : DATA_TYPE_DEFINITIONS[id].label.zh;
}

export function OpcUaNodeTree({
  equipmentId,
  driverKey,
  enabled,
  picking,
}: {
  equipmentId: string | undefined;
  driverKey: string;
  /** False while the device cannot browse (offline, configuration not on the gateway yet). */
  enabled: boolean;
  picking?: NodePicking;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const describeFailure = useDescribeFailure();
  const [expansion, setExpansion] = useState<Expansion>({ scope: '', children: {}, truncated: false });
  const scope = `${driverKey}|${equipmentId ?? ''}`;
  const top = useQuery({
    queryKey: ['opcua-browse', scope],
    queryFn: () => opcUaBrowseApi.browse({ equipmentId: equipmentId!, driverKey }),
    enabled: enabled && equipmentId !== undefined,
    retry: false,
    staleTime: Infinity,
  });
  const expanded = useMemo(() => (expansion.scope === scope ? expansion.children : {}), [expansion, scope]);
  const truncated = Boolean(top.data?.truncated) || (expansion.scope === scope && expansion.truncated);
  const tree = useMemo(() => buildTree(top.data?.nodes ?? [], expanded), [top.data, expanded]);

  const loadChildren = async (item: TagTreeNode) => {
    if (!equipmentId || item.children) return;
    try {
      const answer = await opcUaBrowseApi.browse({ equipmentId, driverKey, node: item.node.nodeId });
      setExpansion((current) => ({
        scope,
        children: { ...(current.scope === scope ? current.children : {}), [item.key]: answer.nodes },
        truncated: (current.scope === scope && current.truncated) || answer.truncated,
      }));
    } catch (error) {
      void message.error(describeFailure(error));
    }
  };

  const treeData = useMemo(() => {
    const toData = (items: readonly TagTreeNode[]): object[] =>
      items.map((item) => ({
        key: item.key,
        isLeaf: item.isLeaf,
        checkable: picking ? item.checkable : false,
        item,
        title: (
          <Space size={4} data-node-id={item.node.nodeId}>
            <span>{item.node.name}</span>
            {item.node.dataType ? (
              <Tag variant="filled">
                {item.node.opcuaType} → {dataTypeLabel(item.node.dataType, locale)}
              </Tag>
            ) : null}
            {item.node.isArray ? <Tag variant="filled">{t('tagBrowser.array')}</Tag> : null}
            {item.node.access ? (
              <Tag variant="filled" color={item.node.access === 'read-only' ? 'default' : 'blue'}>
                {t(`monitor.readWrite.${item.node.access}`)}
              </Tag>
            ) : null}
          </Space>
        ),
        ...(item.children ? { children: toData(item.children) } : {}),
      }));
    return toData(tree);
  }, [tree, locale, t, picking]);

  const checkedKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (items: readonly TagTreeNode[]) => {
      for (const item of items) {
        if (picking?.picked.has(item.node.nodeId)) keys.push(item.key);
        if (item.children) walk(item.children);
      }
    };
    walk(tree);
    return keys;
  }, [tree, picking]);

  return (
    <>
      {top.error ? (
        <Alert type="error" showIcon title={describeFailure(top.error)} data-testid="tag-browser-failure" />
      ) : null}
      {truncated ? <Alert type="warning" showIcon title={t('tagBrowser.truncated')} /> : null}
      <div
        data-testid="tag-browser-tree"
        style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, maxHeight: 420, overflow: 'auto' }}
      >
        {tree.length > 0 ? (
          <Tree
            checkable={picking !== undefined}
            checkStrictly
            treeData={treeData as never}
            loadedKeys={Object.keys(expanded)}
            loadData={(node) => loadChildren((node as unknown as { item: TagTreeNode }).item)}
            checkedKeys={checkedKeys}
            onCheck={(_, info) =>
              picking?.onToggle((info.node as unknown as { item: TagTreeNode }).item.node, info.checked)
            }
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={top.isFetching ? t('tagBrowser.browsing') : t('tagBrowser.empty')}
          />
        )}
      </div>
    </>
  );
}
