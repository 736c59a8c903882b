/**
 * The map of the monitoring site (§1, §2): every device the caller may see with a position, in
 * its status colour and clustered, filtered by name or status; choosing one opens its card with
 * the way into the device, the manual position refresh and track playback.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { MAP_DEVICE_STATUSES, type MapDeviceStatus, type Track } from '@lyyp/contracts/fleet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fleetApi } from '../../api/fleet.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { DeviceMapPanel } from './DeviceMapPanel.tsx';
import LeafletMap from './LeafletMap.tsx';
import { statusColour, type MapMarker } from './map-markers.ts';
import { useTrackPlayback } from './use-track-playback.ts';

const REFETCH_MS = 30_000;
const EMPTY_POINTS: Track['points'] = [];

export default function MapPage() {
  const { t } = useTranslation();
  const describeFailure = useDescribeFailure();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<MapDeviceStatus | undefined>();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [track, setTrack] = useState<Track | null>(null);
  const settings = useQuery({ queryKey: ['fleet', 'map-settings'], queryFn: () => fleetApi.mapSettings() });
  const filter = { ...(keyword ? { keyword } : {}), ...(status ? { status } : {}) };
  const devices = useQuery({
    queryKey: ['fleet', 'map', filter],
    queryFn: () => fleetApi.mapDevices(filter),
    placeholderData: keepPreviousData,
    refetchInterval: REFETCH_MS,
  });
  const list = devices.data?.list;
  const markers = useMemo<MapMarker[]>(
    () =>
      (list ?? []).map(({ id, lat, lng, status: markerStatus, name }) => ({
        id,
        lat,
        lng,
        status: markerStatus,
        title: name,
      })),
    [list],
  );
  const selected = list?.find((device) => device.id === selectedId) ?? null;
  const points = track?.points ?? EMPTY_POINTS;
  const playback = useTrackPlayback(points);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small">
        <Space wrap>
          <Input.Search
            allowClear
            data-testid="map-keyword"
            placeholder={t('fleet.map.keyword')}
            onSearch={(value) => setKeyword(value.trim())}
            style={{ width: 240 }}
          />
          <Select
            allowClear
            data-testid="map-status"
            placeholder={t('fleet.map.allStatuses')}
            value={status}
            onChange={setStatus}
            style={{ width: 160 }}
            options={MAP_DEVICE_STATUSES.map((value) => ({ value, label: t(`fleet.status.${value}`) }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void devices.refetch()}>
            {t('fleet.map.reload')}
          </Button>
          {devices.data ? (
            <Typography.Text data-testid="map-located">
              {t('fleet.map.located', { located: devices.data.located, total: devices.data.total })}
            </Typography.Text>
          ) : null}
          {MAP_DEVICE_STATUSES.map((value) => (
            <Tag key={value} color={statusColour(value)} data-status-count={value}>
              {t(`fleet.status.${value}`)} {devices.data?.counts[value] ?? 0}
            </Tag>
          ))}
        </Space>
      </Card>
      {devices.error ? <Alert type="error" showIcon title={describeFailure(devices.error)} /> : null}
      {settings.data && !settings.data.tileUrl ? (
        <Alert type="info" showIcon title={t('fleet.map.plain')} />
      ) : null}
      <div style={{ display: 'flex', gap: 16, alignItems: 'stretch' }}>
        <div
          style={{
            flex: 1,
            minWidth: 0,
            height: 'calc(100vh - 260px)',
            minHeight: 420,
            borderRadius: 8,
            overflow: 'hidden',
          }}
        >
          <LeafletMap
            settings={settings.data ?? null}
            markers={markers}
            selectedId={selectedId}
            onMarkerClick={(id) => {
              if (id === selectedId) return;
              setSelectedId(id);
              setTrack(null);
            }}
            track={selected && track ? { points, index: playback.index } : null}
            emptyText={devices.isSuccess ? t('fleet.map.noDevices') : undefined}
          />
        </div>
        {selected ? (
          <div style={{ width: 340, flex: 'none' }}>
            <DeviceMapPanel
              key={selected.id}
              device={selected}
              quota={settings.data?.positionRefreshDailyQuota ?? 0}
              onClose={() => {
                setSelectedId(null);
                setTrack(null);
              }}
              playback={playback}
              track={track}
              setTrack={setTrack}
            />
          </div>
        ) : null}
      </div>
    </Space>
  );
}
