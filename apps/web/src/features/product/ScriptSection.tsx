/**
 * A product's edge scripts: name, policy and what triggers it, on or off; add, edit, switch on and
 * off, delete. Capacity per gateway is shown as used/total (§9); adding beyond it answers 2351.
 */
import { PlusOutlined } from '@ant-design/icons';
import { SCRIPT_MEMORY_LIMIT_BYTES, SCRIPT_TIME_LIMIT_MS, type Script } from '@lyyp/contracts/device-model';
import { Alert, Button, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { edgeLogicApi } from '../../api/edge-logic.api.ts';
import { EmptyGuide } from '../monitor/common/EmptyGuide.tsx';
import {
  actionColumn,
  ConsoleTable,
  NameAndKey,
  RowActions,
  ScreenCard,
  useEditor,
  useRowSwitch,
} from '../../blocks/index.ts';
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
  const scripts = useScripts(productId);
  const changed = useEdgeLogicChanged(productId);
  const editor = useEditor<Script>(changed);
  const enableSwitch = useRowSwitch({
    run: (key: string, enabled) => edgeLogicApi.enableScript(productId, key, enabled),
    onDone: changed,
    editable,
    label: t('edgeLogic.fields.enabled'),
  });
  const capacity = scripts.data?.capacity;
  const addButton = editable ? (
    <Button icon={<PlusOutlined />} onClick={() => editor.open(null)} data-testid="script-add">
      {t('edgeLogic.script.add')}
    </Button>
  ) : null;

  return (
    <ScreenCard
      title={t('edgeLogic.script.title')}
      capacity={
        capacity && { ...capacity, text: t('edgeLogic.script.capacity', capacity), testId: 'script-capacity' }
      }
      extra={addButton}
      testId="scripts"
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
      <ConsoleTable<Script>
        rowKey="key"
        loading={scripts.isPending}
        error={scripts.error}
        rows={scripts.data?.list}
        emptyText={
          <EmptyGuide
            title={t('edgeLogic.script.title')}
            text={t('edgeLogic.script.empty')}
            actions={addButton}
          />
        }
        columns={[
          {
            title: t('edgeLogic.fields.name'),
            key: 'name',
            width: 180,
            render: (_value, script) => <NameAndKey name={script.name} code={script.key} />,
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
            render: (enabled: boolean, script) => enableSwitch(script.key, enabled),
          },
          editable &&
            actionColumn(
              t('monitor.common.actions'),
              (script: Script) => (
                <RowActions
                  onEdit={() => editor.open(script)}
                  remove={{
                    title: t('edgeLogic.script.deleteTitle', { name: script.name }),
                    run: () => edgeLogicApi.deleteScript(productId, script.key),
                    onDone: changed,
                  }}
                />
              ),
              120,
            ),
        ]}
      />
      {editor.props ? <ScriptDialog productId={productId} {...editor.props} /> : null}
    </ScreenCard>
  );
}
