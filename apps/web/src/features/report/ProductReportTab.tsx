/**
 * The report tab of a product (§2 /manage/product/edit/:id/report): its history reports with
 * capacity used/total (§8, §9), add, edit, delete. Reports belong to the product's configuration and
 * are computed on the platform for every device of the product.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { ReportDefinition } from '@lyyp/contracts/report';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { reportApi } from '../../api/report.api.ts';
import { RowActions } from '../monitor/common/RowActions.tsx';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { ProductEditTabs } from '../product/ProductEditTabs.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { useProductReports, useReportVariables, useReportsChanged } from './use-reports.ts';

export default function ProductReportTab() {
  const { id: productId = '' } = useParams();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editable = useProductAbilities(productId)('report.definitionEdit');
  const describeFailure = useDescribeFailure();
  const reports = useProductReports(productId);
  const variables = useReportVariables(productId);
  const changed = useReportsChanged(productId);
  const [editing, setEditing] = useState<ReportDefinition | 'new' | null>(null);

  const remove = useMutation({
    mutationFn: (id: string) => reportApi.deleteReport(productId, id),
    onSuccess: () => {
      void message.success(t('monitor.common.deleted'));
      return changed();
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  const capacity = reports.data?.capacity;
  const full = capacity ? capacity.used >= capacity.total : false;
  const variableList = variables.data ?? [];
  const variableName = (key: string) => variableList.find((variable) => variable.key === key)?.name ?? key;

  return (
    <ProductEditTabs productId={productId}>
      <Card
        variant="borderless"
        title={
          <Space>
            {t('report.product.title')}
            {capacity ? (
              <Tag color={full ? 'red' : undefined} data-testid="report-capacity">
                {t('report.product.capacity', { used: capacity.used, total: capacity.total })}
              </Tag>
            ) : null}
          </Space>
        }
        extra={
          editable ? (
            <Tooltip title={full ? t('report.product.full') : undefined}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={full || !reports.data}
                onClick={() => setEditing('new')}
                data-testid="report-add"
              >
                {t('report.product.add')}
              </Button>
            </Tooltip>
          ) : null
        }
      >
        {reports.error ? (
          <Typography.Text type="danger">{describeFailure(reports.error)}</Typography.Text>
        ) : null}
        <Table<ReportDefinition>
          rowKey="id"
          size="small"
          loading={reports.isPending}
          dataSource={reports.data?.reports ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('report.product.empty') }}
          columns={[
            {
              title: t('report.fields.name'),
              dataIndex: 'name',
              width: 160,
              render: (name: string, report) => (
                <Space>
                  {name}
                  {report.enabled ? null : <Tag>{t('report.product.disabled')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('report.fields.type'),
              dataIndex: 'type',
              width: 120,
              render: (type: ReportDefinition['type']) => t(`report.types.${type}`),
            },
            {
              title: t('report.fields.storageMode'),
              key: 'mode',
              width: 200,
              render: (_value, report) => (
                <Space size={4} wrap>
                  {t(`report.storageModes.${report.storageMode}`)}
                  <Tag>{t('report.minutes', { count: report.intervalMinutes })}</Tag>
                  {report.storageMode === 'condition' && report.condition ? (
                    <Typography.Text code>
                      {variableName(report.condition.variableKey)} {report.condition.operator}{' '}
                      {report.condition.value}
                    </Typography.Text>
                  ) : null}
                  {report.storageMode === 'expression' ? (
                    <Typography.Text code>{report.expression}</Typography.Text>
                  ) : null}
                </Space>
              ),
            },
            {
              title: t('report.fields.variables'),
              dataIndex: 'variables',
              render: (list: ReportDefinition['variables']) =>
                list.map((variable) => (
                  <Tag key={variable.key}>
                    {variableName(variable.key)} · {t(`report.aggregations.${variable.aggregation}`)}
                  </Tag>
                )),
            },
            ...(editable
              ? [
                  {
                    title: t('monitor.common.actions'),
                    key: 'actions',
                    width: 130,
                    fixed: 'right' as const,
                    render: (_value: unknown, report: ReportDefinition) => (
                      <RowActions
                        onEdit={() => setEditing(report)}
                        onDelete={() => remove.mutateAsync(report.id)}
                        deleteTitle={t('report.product.deleteTitle', { name: report.name })}
                        deleteText={t('report.product.deleteText')}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
        {editing ? (
          <ReportDialog
            productId={productId}
            report={editing === 'new' ? null : editing}
            variables={variableList}
            onClose={() => setEditing(null)}
            onSaved={() => {
              void message.success(t('monitor.common.saved'));
              void changed();
            }}
          />
        ) : null}
      </Card>
    </ProductEditTabs>
  );
}
