/**
 * The variables of a product: searched by name or key and filtered by driver, paged; add, edit,
 * copy, delete (one or the chosen ones), import from and export to XLSX or CSV, and picked from an
 * OPC UA server with the tag browser.
 */
import { ApartmentOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import type { Driver, Variable } from '@lyyp/contracts/device-model';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { SheetFormat } from '../../api/catalogue.types.ts';
import {
  actionColumn,
  PagedTable,
  RowActions,
  useAction,
  useConfirmAction,
  usePagedQuery,
} from '../../blocks/index.ts';
import { EmptyGuide } from '../monitor/common/EmptyGuide.tsx';
import { saveFile } from '../monitor/common/save-file.ts';
import { useModelChanged } from './use-product.ts';
import { VariableDialog } from './VariableDialog.tsx';
import { VariableImportButton } from './VariableImportButton.tsx';
import { useVariableColumns } from './variable-columns.tsx';
import { TagBrowserDialog } from './tag-browser/TagBrowserDialog.tsx';

export function VariableSection({ productId, editable }: { productId: string; editable: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const { message } = App.useApp();
  const modelChanged = useModelChanged(productId);
  const [keyword, setKeyword] = useState('');
  const [driverKey, setDriverKey] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Variable | 'new' | null>(null);
  const [browsing, setBrowsing] = useState(false);

  const drivers = useQuery({
    queryKey: ['drivers', productId],
    queryFn: () => catalogueApi.listDrivers(productId),
  });
  const variables = usePagedQuery<Variable>({
    queryKey: ['variables', productId, keyword, driverKey],
    fetch: (paging) =>
      catalogueApi.listVariables(productId, { keyword: keyword || undefined, driverKey, ...paging }),
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const copy = useAction({
    run: (key: string) => catalogueApi.copyVariable(productId, key),
    onDone: async (change) => {
      void message.success(
        t('monitor.variable.copiedAs', { name: change.variable.name, key: change.variable.key }),
      );
      await modelChanged(change);
    },
  });
  const exportSheet = useAction({
    run: (format: SheetFormat) => catalogueApi.exportVariables(productId, format),
    onDone: saveFile,
  });

  const confirmDelete = (keys: string[], name: string) =>
    confirm({
      title: t('monitor.variable.deleteTitle', { name, count: keys.length }),
      okText: t('monitor.common.delete'),
      run: () => catalogueApi.deleteVariables(productId, keys),
      onDone: async (change) => {
        setSelected([]);
        await modelChanged(change);
      },
    });

  const driverList: readonly Driver[] = drivers.data?.list ?? [];
  const driverName = (key: string | undefined) =>
    driverList.find((driver) => driver.key === key)?.name ?? key ?? '—';
  const columns = useVariableColumns(driverName);
  const opcUaDrivers = driverList.filter((driver) => driver.protocol === 'opcua');

  return (
    <Card variant="borderless" title={t('monitor.variable.title')}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('monitor.variable.search')}
            style={{ width: 220 }}
            onSearch={(value) => setKeyword(value.trim())}
          />
          <Select
            allowClear
            placeholder={t('monitor.fields.driverKey')}
            style={{ width: 180 }}
            value={driverKey}
            onChange={(value: string | undefined) => setDriverKey(value)}
            options={driverList.map((driver) => ({ value: driver.key, label: driver.name }))}
          />
        </Space>
        <Space wrap>
          {editable && selected.length > 0 ? (
            <Button danger onClick={() => confirmDelete(selected, '')}>
              {t('monitor.variable.deleteSelected', { count: selected.length })}
            </Button>
          ) : null}
          {editable ? <VariableImportButton productId={productId} /> : null}
          {editable && opcUaDrivers.length > 0 ? (
            <Button
              icon={<ApartmentOutlined />}
              data-testid="open-tag-browser"
              onClick={() => setBrowsing(true)}
            >
              {t('tagBrowser.open')}
            </Button>
          ) : null}
          <Dropdown
            menu={{
              items: [
                { key: 'xlsx', label: t('monitor.common.exportXlsx') },
                { key: 'csv', label: t('monitor.common.exportCsv') },
              ],
              onClick: ({ key }) => exportSheet.mutate(key as SheetFormat),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exportSheet.isPending}>
              {t('monitor.variable.export')}
            </Button>
          </Dropdown>
          {editable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('monitor.variable.add')}
            </Button>
          ) : null}
        </Space>
      </Space>
      <PagedTable<Variable>
        rowKey="key"
        testId="variable-table"
        paged={variables}
        showSizeChanger
        emptyText={
          keyword || driverKey ? undefined : (
            <EmptyGuide
              testId="variable-list-empty"
              title={t('monitor.variable.emptyTitle')}
              text={
                driverList.length === 0 && drivers.data
                  ? `${t('monitor.variable.emptyText')} ${t('monitor.variable.emptyNeedsDriver')}`
                  : t('monitor.variable.emptyText')
              }
              actions={
                editable && driverList.length > 0 ? (
                  <>
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                      {t('monitor.variable.add')}
                    </Button>
                    <VariableImportButton productId={productId} />
                  </>
                ) : null
              }
            />
          )
        }
        rowSelection={
          editable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        columns={[
          ...columns,
          editable &&
            actionColumn(
              t('monitor.common.actions'),
              (variable: Variable) => (
                <RowActions
                  onEdit={() => setEditing(variable)}
                  beforeDelete={
                    <Button type="link" size="small" onClick={() => copy.mutate(variable.key)}>
                      {t('monitor.common.copy')}
                    </Button>
                  }
                  remove={{
                    title: t('monitor.variable.deleteTitle', { name: variable.name, count: 1 }),
                    run: () => catalogueApi.deleteVariables(productId, [variable.key]).then(modelChanged),
                    successText: undefined,
                  }}
                />
              ),
              180,
            ),
        ]}
      />
      {browsing ? (
        <TagBrowserDialog productId={productId} drivers={opcUaDrivers} onClose={() => setBrowsing(false)} />
      ) : null}
      {editing ? (
        <VariableDialog
          productId={productId}
          variable={editing === 'new' ? null : editing}
          drivers={driverList}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
