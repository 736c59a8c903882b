/**
 * The report tab of a product (§2 /manage/product/edit/:id/report): its history reports with
 * capacity used/total (§8, §9), add, edit, delete. Reports belong to the product's configuration and
 * are computed on the platform for every device of the product.
 */
import type { ReportDefinition } from '@lyyp/contracts/report';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { reportApi } from '../../api/report.api.ts';
import {
  actionColumn,
  capacityAdd,
  ConsoleTable,
  RowActions,
  ScreenCard,
  useEditor,
} from '../../blocks/index.ts';
import { useProductAbilities } from '../product/use-product-abilities.ts';
import { ProductEditTabs } from '../product/ProductEditTabs.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { useProductReports, useReportVariables, useReportsChanged } from './use-reports.ts';

export default function ProductReportTab() {
  const { id: productId = '' } = useParams();
  const { t } = useTranslation();
  const editable = useProductAbilities(productId)('report.definitionEdit');
  const reports = useProductReports(productId);
  const variables = useReportVariables(productId);
  const changed = useReportsChanged(productId);
  const editor = useEditor<ReportDefinition>(changed);

  const variableList = variables.data ?? [];
  const variableName = (key: string) => variableList.find((variable) => variable.key === key)?.name ?? key;

  return (
    <ProductEditTabs productId={productId}>
      <ScreenCard
        title={t('report.product.title')}
        {...capacityAdd(t, 'report.product', reports.data?.capacity, editable && (() => editor.open(null)), [
          'report-capacity',
          'report-add',
        ])}
      >
        <ConsoleTable<ReportDefinition>
          loading={reports.isPending}
          error={reports.error}
          rows={reports.data?.reports}
          emptyText={t('report.product.empty')}
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
            editable &&
              actionColumn(t('monitor.common.actions'), (report: ReportDefinition) => (
                <RowActions
                  onEdit={() => editor.open(report)}
                  remove={{
                    title: t('report.product.deleteTitle', { name: report.name }),
                    content: t('report.product.deleteText'),
                    run: () => reportApi.deleteReport(productId, report.id),
                    onDone: changed,
                  }}
                />
              )),
          ]}
        />
        {editor.props ? (
          <ReportDialog productId={productId} variables={variableList} {...editor.props} />
        ) : null}
      </ScreenCard>
    </ProductEditTabs>
  );
}
