/**
 * Computed variables of a product in the order the gateway computes them: formula, the variables
 * each reads, the computed variables that read it; the formula of each can be changed here (a
 * cycle is refused with where it closes). Variables are added on the Variables tab.
 */
import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ComputedVariable } from '../../api/edge-logic.api.ts';
import { actionColumn, ConsoleTable, NameAndKey, ScreenCard } from '../../blocks/index.ts';
import { EmptyGuide } from '../monitor/common/EmptyGuide.tsx';
import { FormulaDialog } from './FormulaDialog.tsx';
import { useFormulas } from './use-edge-logic.ts';

const keyTags = (keys: readonly string[], none: string) =>
  keys.length === 0 ? (
    <Typography.Text type="secondary">{none}</Typography.Text>
  ) : (
    <Space size={[4, 4]} wrap>
      {keys.map((key) => (
        <Tag key={key}>{key}</Tag>
      ))}
    </Space>
  );

export function ComputedVariableSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formulas = useFormulas(productId);
  const [editing, setEditing] = useState<ComputedVariable | null>(null);
  const none = t('edgeLogic.formula.none');
  const signalTab = `/manage/product/edit/${encodeURIComponent(productId)}/signal`;

  return (
    <ScreenCard
      title={t('edgeLogic.formula.title')}
      testId="computed-variables"
      intro={<Alert type="info" showIcon title={t('edgeLogic.formula.intro')} style={{ marginBottom: 16 }} />}
    >
      <ConsoleTable<ComputedVariable>
        rowKey="key"
        loading={formulas.isPending}
        error={formulas.error}
        rows={formulas.data?.list}
        scroll={{ x: 900 }}
        emptyText={
          <EmptyGuide
            title={t('edgeLogic.formula.title')}
            text={t('edgeLogic.formula.empty')}
            actions={
              <Button onClick={() => void navigate(signalTab)}>{t('routes.ProductEditSignal')}</Button>
            }
          />
        }
        columns={[
          { title: t('edgeLogic.formula.order'), dataIndex: 'order', width: 70 },
          {
            title: t('edgeLogic.fields.name'),
            key: 'name',
            width: 170,
            render: (_value, item) => <NameAndKey name={item.name} code={item.key} />,
          },
          {
            title: t('edgeLogic.formula.kind'),
            dataIndex: 'kind',
            width: 100,
            render: (kind: ComputedVariable['kind']) => (
              <Tag color={kind === 'summary' ? 'purple' : 'blue'}>{t(`edgeLogic.kinds.${kind}`)}</Tag>
            ),
          },
          {
            title: t('edgeLogic.fields.formula'),
            dataIndex: 'formula',
            render: (formula: string) => <Typography.Text code>{formula}</Typography.Text>,
          },
          {
            title: t('edgeLogic.formula.reads'),
            key: 'reads',
            width: 220,
            render: (_value, item) => keyTags([...item.dependsOn, ...item.inputs], none),
          },
          {
            title: t('edgeLogic.formula.usedBy'),
            dataIndex: 'usedBy',
            width: 150,
            render: (keys: string[]) => keyTags(keys, none),
          },
          editable &&
            actionColumn(
              t('monitor.common.actions'),
              (item: ComputedVariable) => (
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('edgeLogic.formula.edit')}
                  onClick={() => setEditing(item)}
                  data-testid={`formula-edit-${item.key}`}
                />
              ),
              90,
            ),
        ]}
      />
      {editing && formulas.data ? (
        <FormulaDialog
          productId={productId}
          variable={editing}
          variables={formulas.data.variables}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ScreenCard>
  );
}
