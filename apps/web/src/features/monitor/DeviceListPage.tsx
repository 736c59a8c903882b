/**
 * The device list of the monitoring site: devices the account may see, larger sort number first
 * (§3, typed in place), with the gateway status kept live over the live channel; search by name or
 * SN, filters by group and status; by product, signal band, hardware model and firmware from the
 * address (`?status=offline`, `?productId=…`, `?signalBand=fair`, `?hardwareModelId=…`,
 * `?firmware=…`), so the operations centre opens the list behind each of its figures; bind a new
 * device; groups, import, export, moving and unbinding many devices (fleet/DeviceBulkBar) and
 * sharing one (fleet/DeviceShareDialog).
 */
import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@lyyp/contracts';
import { SIGNAL_BANDS, type SignalBand } from '@lyyp/contracts/gateway';
import { GATEWAY_STATUSES, type GatewayStatus } from '@lyyp/contracts/protocol';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { hardwareApi } from '../../api/hardware.api.ts';
import type { DeviceView } from '../../api/catalogue.types.ts';
import { actionColumn, PagedTable, timeColumn, usePagedQuery } from '../../blocks/index.ts';
import { DeviceBulkBar } from '../fleet/DeviceBulkBar.tsx';
import { useDeviceGroups } from '../fleet/DeviceGroupsDialog.tsx';
import { SortNumberCell, UnbindLink } from '../fleet/DeviceRowActions.tsx';
import { DeviceShareDialog } from '../fleet/DeviceShareDialog.tsx';
import { GatewayStatusTag, SignalTag } from '../gateway/status-tags.tsx';
import { DevicePagesButton } from '../runtime/DevicePagesButton.tsx';
import { ExpiringSimMark } from '../sim/ExpiringSimMark.tsx';
import { BindDeviceDialog } from './BindDeviceDialog.tsx';
import { EmptyGuide } from './common/EmptyGuide.tsx';
import { useCapabilities } from './common/use-device-abilities.ts';
import { useLiveDevices } from './use-live.ts';

type AddressFilter = 'productId' | 'signalBand' | 'hardwareModelId' | 'firmware';

function readSignalBand(value: string | null): SignalBand | 'unknown' | undefined {
  if (value === 'unknown') return value;
  return SIGNAL_BANDS.find((band) => band.id === value)?.id;
}

function readStatus(value: string | null): GatewayStatus | undefined {
  return GATEWAY_STATUSES.find((status) => status === value);
}

export default function DeviceListPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [groupName, setGroupName] = useState<string | undefined>();
  const [search, setSearch] = useSearchParams();
  const status = readStatus(search.get('status'));
  const productId = search.get('productId') ?? undefined;
  const signalBand = readSignalBand(search.get('signalBand'));
  const hardwareModelId = search.get('hardwareModelId') ?? undefined;
  const firmware = search.get('firmware') ?? undefined;
  const setParam = (name: AddressFilter | 'status', next: string | undefined) => {
    const params = new URLSearchParams(search);
    if (next) params.set(name, next);
    else params.delete(name);
    setSearch(params, { replace: true });
  };
  const setStatus = (next: GatewayStatus | undefined) => setParam('status', next);
  const [binding, setBinding] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [sharing, setSharing] = useState<DeviceView | null>(null);
  const ownGroups = useDeviceGroups();
  // What each row offers: the policy's answer for the account, decided per row (owner, grant, share).
  const capabilities = useCapabilities();
  const manages = (device: DeviceView) =>
    capabilities.onRow('device.edit', device) && capabilities.onRow('device.unbind', device);

  const models = useQuery({
    queryKey: ['hardware-models', 'all'],
    queryFn: () => hardwareApi.queryAll(),
    enabled: Boolean(hardwareModelId),
  });
  const groups = useQuery({
    queryKey: ['devices', 'groups'],
    queryFn: () => catalogueApi.listDeviceGroups(),
  });
  const filter = {
    keyword: keyword || undefined,
    groupName,
    status,
    productId,
    signalBand,
    hardwareModelId,
    firmware,
  };
  const devices = usePagedQuery<DeviceView>({
    queryKey: ['devices', filter],
    fetch: (paging) => catalogueApi.queryDevices({ ...filter, ...paging }),
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const list = devices.rows;
  // My groups, and the groups of devices shared with me.
  const groupNames = useMemo(
    () => [...new Set([...(ownGroups.data ?? []).map((group) => group.name), ...(groups.data ?? [])])].sort(),
    [ownGroups.data, groups.data],
  );
  const live = useLiveDevices(list.map((device) => device.id));
  const filtered = Boolean(
    keyword || groupName || status || productId || signalBand || hardwareModelId || firmware,
  );
  // What the address filters by, by name.
  const first = list[0];
  const addressFilters: { name: AddressFilter; label: string; value: string | undefined }[] = [
    {
      name: 'productId',
      label: t('monitor.fields.productId'),
      value: productId && (first?.productTitle ?? '…'),
    },
    {
      name: 'signalBand',
      label: t('monitor.fields.signal'),
      value: signalBand && t(`monitor.signalBand.${signalBand}`),
    },
    {
      name: 'hardwareModelId',
      label: t('monitor.fields.hardwareModel'),
      value:
        hardwareModelId &&
        (models.data?.find((model) => model.id === hardwareModelId)?.name ?? hardwareModelId),
    },
    { name: 'firmware', label: t('monitor.fields.firmware'), value: firmware },
  ];

  return (
    <Card variant="borderless" title={t('routes.MonitorDevices')}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('monitor.device.search')}
            style={{ width: 240 }}
            onSearch={(value) => setKeyword(value.trim())}
          />
          <Select
            allowClear
            placeholder={t('monitor.fields.groupName')}
            style={{ width: 160 }}
            value={groupName}
            onChange={(value: string | undefined) => setGroupName(value)}
            options={groupNames.map((group) => ({ value: group, label: group }))}
          />
          <Select
            allowClear
            placeholder={t('monitor.fields.status')}
            style={{ width: 130 }}
            value={status}
            onChange={(value: GatewayStatus | undefined) => setStatus(value)}
            options={GATEWAY_STATUSES.map((value) => ({ value, label: t(`monitor.gatewayStatus.${value}`) }))}
          />
          {addressFilters.map((shown) =>
            shown.value ? (
              <Tag
                key={shown.name}
                closable
                data-testid={`filter-${shown.name}`}
                onClose={() => setParam(shown.name, undefined)}
              >
                {shown.label}: {shown.value}
              </Tag>
            ) : null,
          )}
        </Space>
        <Space wrap>
          <DeviceBulkBar selectedIds={selected} filter={filter} onSelectionDone={() => setSelected([])} />
          {capabilities.may('device.bind') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding(true)}>
              {t('monitor.device.bind')}
            </Button>
          ) : null}
        </Space>
      </Space>
      <PagedTable<DeviceView>
        paged={devices}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (device) => ({ disabled: !manages(device) }),
        }}
        testId="device-table"
        loading={devices.query.isFetching && !devices.query.data}
        showSizeChanger
        emptyText={
          filtered ? (
            t('monitor.device.noMatch')
          ) : (
            <EmptyGuide
              testId="device-list-empty"
              title={t('monitor.device.emptyTitle')}
              text={t('monitor.device.emptyText')}
              actions={
                capabilities.may('device.bind') ? (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding(true)}>
                    {t('monitor.device.bind')}
                  </Button>
                ) : null
              }
            />
          )
        }
        columns={[
          {
            title: t('monitor.device.name'),
            dataIndex: 'name',
            render: (name: string, device) => (
              <Space size={4}>
                <Link to={`/monitor/devices/${encodeURIComponent(device.id)}`}>{name}</Link>
                {device.shared ? <Tag>{t('monitor.device.shared')}</Tag> : null}
                <ExpiringSimMark deviceId={device.id} />
              </Space>
            ),
          },
          {
            title: t('monitor.fields.status'),
            key: 'status',
            render: (_, device) => (
              <GatewayStatusTag status={live[device.id]?.gateway?.status ?? device.gatewayStatus} />
            ),
          },
          {
            title: t('monitor.fields.signal'),
            key: 'signal',
            render: (_, device) => <SignalTag band={device.signalBand} signal={device.signal} />,
          },
          {
            title: t('monitor.fields.groupName'),
            dataIndex: 'groupName',
            render: (value: string | null) => value ?? '—',
          },
          { title: t('monitor.device.gatewaySn'), dataIndex: 'gatewaySn' },
          { title: t('monitor.fields.productId'), dataIndex: 'productTitle' },
          {
            title: t('monitor.fields.sortNumber'),
            key: 'sortNumber',
            render: (_, device) => (
              <SortNumberCell
                key={`${device.id}:${device.sortNumber}`}
                device={device}
                editable={capabilities.onRow('device.edit', device)}
              />
            ),
          },
          timeColumn(t('monitor.gateway.lastSeen'), 'lastSeenAt'),
          // The list scrolls sideways on narrow screens; what a row offers stays in view.
          actionColumn(
            t('monitor.common.actions'),
            (device) => (
              <Space size={12}>
                <Link to={`/monitor/devices/${encodeURIComponent(device.id)}`}>
                  {t('monitor.device.open')}
                </Link>
                <DevicePagesButton deviceId={device.id} size="small" />
                {capabilities.mayShare(device) ? (
                  <Typography.Link onClick={() => setSharing(device)} data-testid="device-share">
                    {t('fleet.bulk.share')}
                  </Typography.Link>
                ) : null}
                {capabilities.onRow('device.unbind', device) ? <UnbindLink device={device} /> : null}
              </Space>
            ),
            300,
          ),
        ]}
      />
      <BindDeviceDialog open={binding} onClose={() => setBinding(false)} />
      <DeviceShareDialog device={sharing} onClose={() => setSharing(null)} />
    </Card>
  );
}
