/**
 * The card beside the map for the chosen device: its status and address, the way into the
 * device, the manual position refresh (daily quota) and track playback over a chosen range.
 */
import { AimOutlined, CloseOutlined, PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import {
  POSITION_REFRESH_DAILY_QUOTA,
  TRACK_PLAYBACK_SPEEDS,
  guessPositionVariables,
  type MapDevice,
  type Track,
} from '@lyyp/contracts/fleet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Select,
  Slider,
  Space,
  Tag,
  Typography,
  message,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catalogueApi } from '../../api/catalogue.api.ts';
import { fleetApi } from '../../api/fleet.api.ts';
import { useDescribeFailure } from '../monitor/common/catalogue-text.ts';
import { useDeviceAbilities } from '../monitor/common/use-device-abilities.ts';
import { formatTime } from '../monitor/common/format-time.ts';
import { statusColour } from './map-markers.ts';

interface DeviceMapPanelProps {
  device: MapDevice;
  quota: number;
  onClose: () => void;
  playback: {
    index: number;
    playing: boolean;
    speed: number;
    play: () => void;
    pause: () => void;
    setSpeed: (speed: number) => void;
    seek: (index: number) => void;
  };
  track: Track | null;
  setTrack: (track: Track | null) => void;
}

export function DeviceMapPanel({ device, quota, onClose, playback, track, setTrack }: DeviceMapPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const describeFailure = useDescribeFailure();
  const queryClient = useQueryClient();
  // Refreshing asks the gateway: for those the policy lets read from it (owner, writing grant, staff).
  const may = useDeviceAbilities(device.id);
  const variables = useQuery({
    queryKey: ['device-variables', device.id],
    queryFn: () => catalogueApi.fetchDeviceVariables({ id: device.id }),
  });
  const numeric = (variables.data ?? []).filter((variable) => variable.dataType !== 'string');
  const guess = useMemo(() => guessPositionVariables(variables.data ?? []), [variables.data]);
  const [latitudeChoice, setLatitudeKey] = useState<string | null>(null);
  const [longitudeChoice, setLongitudeKey] = useState<string | null>(null);
  const latitudeKey = latitudeChoice ?? guess.latitudeKey;
  const longitudeKey = longitudeChoice ?? guess.longitudeKey;
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'day'), dayjs()]);

  const chosen = latitudeKey && longitudeKey ? { latitudeKey, longitudeKey } : null;
  const loadTrack = useMutation({
    mutationFn: () =>
      fleetApi.track({ id: device.id, ...chosen!, start: range[0].valueOf(), end: range[1].valueOf() }),
    onSuccess: (answer) => setTrack(answer),
    onError: (error) => void message.error(describeFailure(error)),
  });
  const refresh = useMutation({
    mutationFn: () => fleetApi.refreshPosition({ id: device.id, ...chosen! }),
    onSuccess: (answer) => {
      void message.success(t('fleet.refresh.done', { remaining: answer.remaining }));
      void queryClient.invalidateQueries({ queryKey: ['fleet', 'map'] });
    },
    onError: (error) => void message.error(describeFailure(error)),
  });

  const variableOptions = numeric.map((variable) => ({
    value: variable.key,
    label: `${variable.name} (${variable.key})`,
  }));
  const variableSelect = {
    options: variableOptions,
    placeholder: t('fleet.track.chooseVariable'),
    showSearch: { optionFilterProp: 'label' },
  };
  const points = track?.points ?? [];
  const current = points[Math.min(playback.index, points.length - 1)];

  return (
    <Card
      size="small"
      data-testid="map-device-panel"
      title={
        <Space>
          <span>{device.name}</span>
          <Tag color={statusColour(device.status)}>{t(`fleet.status.${device.status}`)}</Tag>
          {device.shared ? <Tag>{t('monitor.device.shared')}</Tag> : null}
        </Space>
      }
      extra={
        <Button type="text" icon={<CloseOutlined />} aria-label={t('fleet.map.close')} onClick={onClose} />
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('fleet.map.address')}>{device.address ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fleet.map.position')}>
          {device.lat.toFixed(5)}, {device.lng.toFixed(5)}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ margin: '8px 0 12px' }}>
        <Button
          type="primary"
          data-testid="map-open-device"
          onClick={() => void navigate(`/monitor/devices/${device.id}`)}
        >
          {t('fleet.map.openDevice')}
        </Button>
        {may('device.refreshPosition') ? (
          <Button
            icon={<AimOutlined />}
            disabled={!chosen}
            loading={refresh.isPending}
            title={t('fleet.refresh.quota', { quota: quota || POSITION_REFRESH_DAILY_QUOTA })}
            onClick={() => refresh.mutate()}
          >
            {t('fleet.refresh.button')}
          </Button>
        ) : null}
      </Space>
      <Typography.Title level={5}>{t('fleet.track.title')}</Typography.Title>
      {variables.isSuccess && variableOptions.length === 0 ? (
        <Alert type="info" showIcon title={t('fleet.track.noVariables')} />
      ) : (
        <Form layout="vertical" size="small">
          {(
            [
              ['latitude', latitudeKey, setLatitudeKey],
              ['longitude', longitudeKey, setLongitudeKey],
            ] as const
          ).map(([axis, value, onChange]) => (
            <Form.Item key={axis} label={t(`fleet.track.${axis}`)}>
              <Select data-testid={`track-${axis}`} value={value} onChange={onChange} {...variableSelect} />
            </Form.Item>
          ))}
          <Form.Item label={t('fleet.track.range')}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={range}
              allowClear={false}
              onChange={(value) => {
                if (value?.[0] && value[1]) setRange([value[0], value[1]]);
              }}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Button
            data-testid="track-load"
            block
            disabled={!chosen}
            loading={loadTrack.isPending}
            onClick={() => loadTrack.mutate()}
          >
            {t('fleet.track.load')}
          </Button>
        </Form>
      )}
      {track ? (
        <div style={{ marginTop: 12 }} data-testid="track-player" data-track-points={points.length}>
          {points.length === 0 ? (
            <Typography.Text type="secondary">{t('fleet.track.empty')}</Typography.Text>
          ) : (
            <>
              <Space wrap>
                {playback.playing ? (
                  <Button data-testid="track-pause" icon={<PauseOutlined />} onClick={playback.pause}>
                    {t('fleet.track.pause')}
                  </Button>
                ) : (
                  <Button
                    data-testid="track-play"
                    type="primary"
                    icon={<CaretRightOutlined />}
                    onClick={playback.play}
                  >
                    {t('fleet.track.play')}
                  </Button>
                )}
                <Select
                  data-testid="track-speed"
                  aria-label={t('fleet.track.speed')}
                  value={playback.speed}
                  onChange={playback.setSpeed}
                  options={TRACK_PLAYBACK_SPEEDS.map((speed) => ({ value: speed, label: `${speed}×` }))}
                  style={{ width: 80 }}
                />
                <Typography.Text type="secondary">
                  {t('fleet.track.points', { count: points.length })}
                </Typography.Text>
              </Space>
              <Slider
                min={0}
                max={Math.max(0, points.length - 1)}
                value={playback.index}
                onChange={playback.seek}
                tooltip={{ formatter: (value) => formatTime(points[value ?? 0]?.t) }}
              />
              <Typography.Text data-testid="track-time" data-track-index={playback.index}>
                {current
                  ? `${formatTime(current.t)} · ${current.lat.toFixed(5)}, ${current.lng.toFixed(5)}`
                  : ''}
              </Typography.Text>
              {track.thinned ? (
                <div>
                  <Typography.Text type="secondary">{t('fleet.track.thinned')}</Typography.Text>
                </div>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </Card>
  );
}
