/**
 * What the map widget draws once loaded. In the designer: the map at its centre and zoom, inert.
 * At run time: the widget's devices (all the viewer may see when it names none) with their live
 * status from `/equipment/map`, refreshed every 30 s; a click opens the device.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fleetApi } from '../../api/fleet.api.ts';
import LeafletMap from '../../features/map/LeafletMap.tsx';
import type { MapMarker } from '../../features/map/map-markers.ts';
import type { WidgetRendererProps } from '../render-context.ts';

const REFETCH_MS = 30_000;

export default function MapWidgetBody({ widget, runtime }: WidgetRendererProps<'ComplexMap'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const running = runtime.mode === 'run';
  const settings = useQuery({ queryKey: ['fleet', 'map-settings'], queryFn: () => fleetApi.mapSettings() });
  const devices = useQuery({
    queryKey: ['fleet', 'map', {}],
    queryFn: () => fleetApi.mapDevices(),
    enabled: running,
    refetchInterval: REFETCH_MS,
  });
  const { equipments } = widget.data.dataAddon;
  const { center, zoom, address } = widget.data.map;
  const shown = useMemo(() => {
    const list = devices.data?.list ?? [];
    if (equipments.length === 0) return list;
    const ids = new Set(equipments.map((equipment) => equipment.equipmentId));
    return list.filter((device) => ids.has(device.id));
  }, [devices.data, equipments]);
  const markers = useMemo<MapMarker[]>(
    () => shown.map(({ id, lat, lng, status, name }) => ({ id, lat, lng, status, title: name })),
    [shown],
  );
  const online = shown.filter((device) => device.status === 'online' || device.status === 'alarm').length;
  const total = equipments.length > 0 ? equipments.length : (devices.data?.total ?? 0);
  return (
    <>
      <LeafletMap
        settings={settings.data ?? null}
        markers={markers}
        centre={{ lat: center.latitude, lng: center.longitude }}
        zoom={zoom}
        interactive={running}
        onMarkerClick={(id) => void navigate(`/monitor/devices/${id}`)}
        testId="map-widget"
      />
      <div
        className="fleet-map-empty"
        data-map-summary
        style={{ inset: '8px auto auto 8px', pointerEvents: 'none' }}
      >
        {address ? `${address} · ` : ''}
        {t('fleet.widget.summary', { online, total })}
      </div>
    </>
  );
}
