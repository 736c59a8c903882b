/**
 * A product's edge scripts: name, policy and what triggers it, on or off; add, edit, switch on and
 * off, delete. Capacity per gateway is shown as used/total (§9); adding beyond it answers 2351.
 */
import { PlusOutlined } from '@ant-design/icons';
import { SCRIPT_MEMORY_LIMIT_BYTES, SCRIPT_TIME_LIMIT_MS, type Script } from '@lyyp/contracts/device-model';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { edgeLogicApi } from '../../api/edge-logic.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { EmptyGuide } from '../monitor/common/EmptyGuide.tsx';
import { RowActions } from '../monitor/common/RowActions.tsx';
import { ScriptDialog } from './ScriptDialog.tsx';
import { useEdgeLogicChanged, useScripts } from './use-edge-logic.ts';

/** When the script runs, in words. */
export function describeTrigger(script: Script, t: TFunction): string {
  switch (script.policy) {
    case 'startup':
      return t('edgeLogic.script.atStartup');
    case 'periodic':
      return t('edgeLogic.script.everySeconds', { seconds: script.intervalSeconds });
    case 'condition':
      return script.frequency === 'repeat'
        ? t('edgeLogic.script.repeatWhile', { condition: script.condition, seconds: script.intervalSeconds })
        : t('edgeLogic.script.onceWhen', { condition: script.condition });
    case 'data-change':
      return t('edgeLogic.script.onChange', { keys: script.watch.join(', ') });
  }
}

export function ScriptSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const scripts = useScripts(productId);
  const changed = useEdgeLogicChanged(productId);
  const [editing, setEditing] = useState<Script | 'new' | null>(null);
  const failed = (error: unknown) => void message.error(describeFailure(error));

  const remove = useMutation({
    mutationFn: (key: string) => edgeLogicApi.deleteScript(productId, key),
    onSuccess: () => {
      void message.success(t('monitor.common.deleted'));
      return changed();
    },
    onError: failed,
  });
  const enable = useMutation({
    mutationFn: ({ key, enabled }: { key: string; enabled: boolean }) =>
      edgeLogicApi.enableScript(productId, key, enabled),
    onSuccess: () => changed(),
    onError: failed,
  });
  const capacity = scripts.data?.capacity;
  const addButton = editable ? (
    <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="script-add">
      {t('edgeLogic.script.add')}
    </Button>
  ) : null;

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          {t('edgeLogic.script.title')}
          {capacity ? (
            <Tag data-testid="script-capacity">{t('edgeLogic.script.capacity', capacity)}</Tag>
          ) : null}
        </Space>
      }
      extra={addButton}
      data-testid="scripts"
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('edgeLogic.script.intro', {
          ms: SCRIPT_TIME_LIMIT_MS,
          kb: Math.round(SCRIPT_MEMORY_LIMIT_BYTES / 1024),
        })}
      />
      {scripts.error ? (
        <Typography.Text type="danger">{describeFailure(scripts.error)}</Typography.Text>
      ) : null}
      <Table<Script>
        rowKey="key"
        size="small"
        loading={scripts.isPending}
        dataSource={scripts.data?.list ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{
          emptyText: (
            <EmptyGuide
              title={t('edgeLogic.script.title')}
              text={t('edgeLogic.script.empty')}
              actions={addButton}
            />
          ),
        }}
        columns={[
          {
            title: t('edgeLogic.fields.name'),
            key: 'name',
            width: 180,
            render: (_value, script) => (
              <Space orientation="vertical" size={0}>
                <span>{script.name}</span>
                <Typography.Text type="secondary" code>
                  {script.key}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('edgeLogic.fields.policy'),
            dataIndex: 'policy',
            width: 110,
            render: (policy: Script['policy']) => <Tag>{t(`edgeLogic.policies.${policy}`)}</Tag>,
          },
          {
            title: t('edgeLogic.script.trigger'),
            key: 'trigger',
            render: (_value, script) => describeTrigger(script, t),
          },
          {
            title: t('edgeLogic.fields.enabled'),
            dataIndex: 'enabled',
            width: 80,
            render: (enabled: boolean, script) => (
              <Switch
                size="small"
                checked={enabled}
                disabled={!editable}
                loading={enable.isPending && enable.variables.key === script.key}
                onChange={(checked) => enable.mutate({ key: script.key, enabled: checked })}
                aria-label={t('edgeLogic.fields.enabled')}
              />
            ),
          },
          ...(editable
            ? [
                {
                  title: t('monitor.common.actions'),
                  key: 'actions',
                  width: 120,
                  fixed: 'right' as const,
                  render: (_value: unknown, script: Script) => (
                    <RowActions
                      onEdit={() => setEditing(script)}
                      onDelete={() => remove.mutateAsync(script.key)}
                      deleteTitle={t('edgeLogic.script.deleteTitle', { name: script.name })}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? (
        <ScriptDialog
          productId={productId}
          script={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void message.success(t('monitor.common.saved'));
            void changed();
          }}
        />
      ) : null}
    </Card>
  );
}
