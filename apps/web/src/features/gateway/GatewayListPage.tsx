/**
 * Gateway management (§2 /manage/gateway/list): every gateway the account may see with its status,
 * §9 signal band, firmware, hardware model, owner, bound device, configuration sync state and
 * remark (edited in place), each row's credentials (with secret rotation); search and filters; batch creation and import for operation staff;
 * export of the chosen or the filtered gateways as CSV or XLSX.
 */
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { GatewayFilter, GatewayView, SheetFormat } from '../../api/catalogue.types.ts';
import { FilterBar, PagedTable, actionColumn, textColumn, usePagedQuery } from '../../blocks/index.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { saveFile } from '../monitor/common/save-file.ts';
import { useCapabilities } from '../monitor/common/use-device-abilities.ts';
import { BatchAddDialog } from './BatchAddDialog.tsx';
import { GatewayCredentialsDialog } from './GatewayCredentialsDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { RemarkCell } from './RemarkCell.tsx';
import { ConfigSyncTag, GatewayStatusTag, SignalTag, useGatewayStatusOptions } from './status-tags.tsx';

interface FilterValues {
  sn?: string;
  status?: GatewayFilter['status'];
  owner?: string;
  hardwareModel?: string;
  firmware?: string;
  bound?: 'yes' | 'no';
}

function toFilter(values: FilterValues): GatewayFilter {
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return {
    sn: text(values.sn),
    status: values.status,
    owner: text(values.owner),
    hardwareModel: text(values.hardwareModel),
    firmware: text(values.firmware),
    bound: values.bound === undefined ? undefined : values.bound === 'yes',
  };
}

export default function GatewayListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describeFailure = useDescribeFailure();
  const capabilities = useCapabilities();
  const statusOptions = useGatewayStatusOptions();
  const canCreate = capabilities.may('gateway.create');
  const canImport = capabilities.may('gateway.import');
  const canExport = capabilities.may('gateway.export');
  const [filter, setFilter] = useState<GatewayFilter>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const [credentialsOf, setCredentialsOf] = useState<GatewayView | null>(null);

  const gateways = usePagedQuery<GatewayView>({
    queryKey: ['gateways', filter],
    fetch: (paging) => catalogueApi.queryGateways({ ...filter, ...paging }),
    pageSize: DEFAULT_PAGE_SIZE,
  });

  const exportSheet = useMutation({
    mutationFn: (format: SheetFormat) =>
      catalogueApi.exportGateways(format, selected.length > 0 ? { sns: selected } : { filter }),
    onSuccess: saveFile,
    onError: (error) => void message.error(describeFailure(error)),
  });

  const applyFilter = (values: FilterValues) => {
    setFilter(toFilter(values));
    setSelected([]);
  };

  return (
    <Card variant="borderless" title={t('routes.GatewayList')}>
      <FilterBar<FilterValues>
        name="gateway-filter"
        onSearch={applyFilter}
        fields={[
          { name: 'sn', kind: 'search', width: 200, placeholder: t('monitor.gateway.searchSn') },
          {
            name: 'status',
            kind: 'select',
            width: 130,
            placeholder: t('monitor.fields.status'),
            options: statusOptions,
          },
          { name: 'owner', kind: 'text', width: 160, placeholder: t('monitor.gateway.searchOwner') },
          { name: 'hardwareModel', kind: 'text', width: 170, placeholder: t('monitor.fields.hardwareModel') },
          { name: 'firmware', kind: 'text', width: 120, placeholder: t('monitor.fields.firmware') },
          {
            name: 'bound',
            kind: 'select',
            width: 130,
            placeholder: t('monitor.gateway.bindState'),
            options: [
              { value: 'yes', label: t('monitor.gateway.bound') },
              { value: 'no', label: t('monitor.gateway.unbound') },
            ],
          },
        ]}
      />

      <Space wrap style={{ marginBottom: 16 }}>
        {canCreate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('add')}>
            {t('monitor.gateway.batchAdd')}
          </Button>
        ) : null}
        {canImport ? (
          <Button icon={<UploadOutlined />} onClick={() => setDialog('import')}>
            {t('monitor.gateway.import')}
          </Button>
        ) : null}
        {canExport ? (
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
              {selected.length > 0
                ? t('monitor.gateway.exportSelected', { count: selected.length })
                : t('monitor.gateway.exportFiltered')}
            </Button>
          </Dropdown>
        ) : null}
      </Space>

      <PagedTable<GatewayView>
        paged={gateways}
        rowKey="sn"
        size="middle"
        testId="gateway-table"
        describeError={describeFailure}
        showSizeChanger
        emptyText={undefined}
        rowSelection={
          canExport
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        columns={[
          {
            title: t('monitor.fields.sn'),
            dataIndex: 'sn',
            width: 190,
            fixed: 'left',
            render: (sn: string, gateway) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text copyable>{sn}</Typography.Text>
                {gateway.verificationCode ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('monitor.fields.verificationCode')} {gateway.verificationCode}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('monitor.fields.status'),
            dataIndex: 'status',
            width: 80,
            render: (_, gateway) => <GatewayStatusTag status={gateway.status} />,
          },
          {
            title: t('monitor.fields.signal'),
            dataIndex: 'signal',
            width: 110,
            render: (_, gateway) => <SignalTag band={gateway.signalBand} signal={gateway.signal} />,
          },
          textColumn(t('monitor.fields.firmware'), 'firmware', { width: 130 }),
          textColumn(t('monitor.fields.hardwareModel'), 'hardwareModel', { width: 110 }),
          textColumn(t('monitor.fields.owner'), 'ownerName', { width: 100 }),
          {
            title: t('monitor.gateway.boundDevice'),
            dataIndex: 'device',
            width: 110,
            render: (_, gateway) =>
              gateway.device ? (
                <Link to={`/monitor/devices/${encodeURIComponent(gateway.device.id)}`}>
                  {gateway.device.name}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            title: t('monitor.fields.configSyncState'),
            dataIndex: 'configSyncState',
            width: 100,
            render: (_, gateway) => (
              <ConfigSyncTag state={gateway.configSyncState} error={gateway.configSyncError} />
            ),
          },
          {
            title: t('monitor.fields.remark'),
            dataIndex: 'remark',
            width: 200,
            render: (_, gateway) => (
              <RemarkCell
                sn={gateway.sn}
                remark={gateway.remark}
                editable={capabilities.onGatewayRow('gateway.edit', gateway)}
              />
            ),
          },
          actionColumn(
            t('monitor.common.actions'),
            (gateway) =>
              capabilities.onGatewayRow('gateway.credentials', gateway) ? (
                <Button type="link" size="small" onClick={() => setCredentialsOf(gateway)}>
                  {t('monitor.gateway.credentials.open')}
                </Button>
              ) : null,
            90,
          ),
        ]}
      />
      <BatchAddDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
      <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
      <GatewayCredentialsDialog
        sn={credentialsOf?.sn ?? null}
        canRotate={credentialsOf ? capabilities.onGatewayRow('gateway.rotateSecret', credentialsOf) : false}
        onClose={() => setCredentialsOf(null)}
      />
    </Card>
  );
}
