/**
 * The one Leaflet map of the console, used by the map screen and the designer's map widget: status
 * coloured markers with clustering, an optional track with its playback position, tiles from the
 * platform's tile server or, without one, the bundled outline of the world's countries and China's
 * provinces (base-map/). Leaflet and the outlines are loaded with this module only, so screens
 * without a map never load them.
 */
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, type MapSettings, type TrackPoint } from '@lyyp/contracts/fleet';
import { isSafeUrl } from '@lyyp/contracts';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { useEffect, useRef, useState } from 'react';
import './leaflet-map.css';
import { loadBaseOutlines } from './base-map/base-outlines.ts';
import { boundsOf, clusterStatusOf, statusColour, type MapMarker } from './map-markers.ts';

type LeafletModule = typeof Leaflet;

let leafletLoading: Promise<LeafletModule> | null = null;

/** Leaflet, then the cluster plug-in, which extends the global `L` it finds. */
function loadLeaflet(): Promise<LeafletModule> {
  leafletLoading ??= (async () => {
    const leaflet = (await import('leaflet')).default;
    (globalThis as { L?: LeafletModule }).L = leaflet;
    await import('leaflet.markercluster');
    return leaflet;
  })();
  return leafletLoading;
}

export interface LeafletMapProps {
  settings: Pick<MapSettings, 'tileUrl' | 'attribution' | 'maxZoom'> | null;
  markers: readonly MapMarker[];
  /** Where the map opens; without it the map fits its markers. */
  centre?: { lat: number; lng: number } | undefined;
  zoom?: number | undefined;
  /** False in the designer: the map is a picture there, the widget frame takes the pointer. */
  interactive?: boolean;
  onMarkerClick?: ((id: string) => void) | undefined;
  selectedId?: string | null | undefined;
  track?: { points: readonly TrackPoint[]; index: number } | null | undefined;
  /** Shown over the map when there are no markers. */
  emptyText?: string | undefined;
  testId?: string;
}

interface MapParts {
  map: Leaflet.Map;
  clusters: Leaflet.MarkerClusterGroup;
  tiles: Leaflet.Layer | null;
  track: Leaflet.Polyline | null;
  cursor: Leaflet.CircleMarker | null;
}

export default function LeafletMap(props: LeafletMapProps) {
  const { settings, markers, centre, zoom, interactive = true, onMarkerClick, selectedId, track } = props;
  const element = useRef<HTMLDivElement>(null);
  const parts = useRef<MapParts | null>(null);
  const leafletRef = useRef<LeafletModule | null>(null);
  const fitted = useRef(false);
  const clickRef = useRef(onMarkerClick);
  useEffect(() => {
    clickRef.current = onMarkerClick;
  });
  const [ready, setReady] = useState(false);
  const [outlined, setOutlined] = useState(false);
  const hasCentre = centre !== undefined;
  const settingsMaxZoom = useRef(settings?.maxZoom ?? MAP_MAX_ZOOM);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void loadLeaflet().then((L) => {
      if (cancelled || !element.current) return;
      leafletRef.current = L;
      const map = L.map(element.current, {
        zoomControl: interactive,
        dragging: interactive,
        scrollWheelZoom: interactive,
        doubleClickZoom: interactive,
        boxZoom: interactive,
        keyboard: interactive,
        touchZoom: interactive,
        attributionControl: false,
        worldCopyJump: true,
        // Clustering needs a deepest zoom even without a tile layer (the bundled outlines).
        minZoom: MAP_MIN_ZOOM,
        maxZoom: settingsMaxZoom.current,
      });
      map.setView([centre?.lat ?? 35, centre?.lng ?? 105], zoom ?? 4);
      const clusters = L.markerClusterGroup({
        chunkedLoading: true,
        showCoverageOnHover: false,
        maxClusterRadius: 50,
        iconCreateFunction: (cluster) => {
          const members = cluster.getAllChildMarkers() as unknown as Array<{
            options: { status?: MapMarker['status'] };
          }>;
          const status = clusterStatusOf(members.map((member) => member.options.status ?? 'online'));
          const count = cluster.getChildCount();
          const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 42 : 48;
          return L.divIcon({
            html: `<div class="fleet-cluster" data-cluster-status="${status}" style="width:${size}px;height:${size}px;background:${statusColour(status)}">${count}</div>`,
            className: '',
            iconSize: [size, size],
          });
        },
      });
      map.addLayer(clusters);
      parts.current = { map, clusters, tiles: null, track: null, cursor: null };
      observer = new ResizeObserver(() => map.invalidateSize());
      observer.observe(element.current);
      setReady(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      parts.current?.map.remove();
      parts.current = null;
    };
    // The map is created once; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Tiles from the configured server, or none: the bundled outlines over `.fleet-map`'s background.
  // The address rule again at use: an unsafe address draws the outlines instead.
  const tileUrl = settings?.tileUrl && isSafeUrl(settings.tileUrl) ? settings.tileUrl : null;
  const attribution = settings?.attribution ?? null;
  const maxZoom = settings?.maxZoom ?? MAP_MAX_ZOOM;
  useEffect(() => {
    const current = parts.current;
    const L = leafletRef.current;
    if (!ready || !current || !L) return;
    current.tiles?.remove();
    current.tiles = null;
    current.map.setMaxZoom(maxZoom);
    if (tileUrl) {
      current.tiles = L.tileLayer(tileUrl, { maxZoom, ...(attribution ? { attribution } : {}) });
      current.tiles.addTo(current.map);
      if (attribution) L.control.attribution({ prefix: false }).addTo(current.map);
    } else {
      // No tile server: the bundled outlines, drawn here, fetched from nowhere.
      const outlines = L.layerGroup().addTo(current.map);
      current.tiles = outlines;
      void loadBaseOutlines().then(({ countries, provinces }) => {
        if (parts.current?.tiles !== outlines) return;
        const pane = 'tilePane';
        L.geoJSON(countries, {
          pane,
          interactive: false,
          style: { color: '#9fb3c8', weight: 0.8, fillColor: '#ffffff', fillOpacity: 1 },
        }).addTo(outlines);
        L.geoJSON(provinces, {
          pane,
          interactive: false,
          style: { color: '#b7c7d8', weight: 0.6, fillColor: '#fbfcfe', fillOpacity: 1 },
        }).addTo(outlines);
        setOutlined(true);
      });
    }
  }, [ready, tileUrl, attribution, maxZoom]);

  useEffect(() => {
    const current = parts.current;
    const L = leafletRef.current;
    if (!ready || !current || !L) return;
    current.clusters.clearLayers();
    const layers = markers.map((marker) => {
      const selected = marker.id === selectedId;
      const layer = L.circleMarker([marker.lat, marker.lng], {
        radius: selected ? 10 : 7,
        color: selected ? '#1677ff' : '#ffffff',
        weight: selected ? 3 : 2,
        fillColor: statusColour(marker.status),
        fillOpacity: 0.95,
        className: `fleet-marker fleet-marker-${marker.status}`,
        // Read by the cluster icon: a cluster shows its most urgent member's colour.
        status: marker.status,
      } as Leaflet.CircleMarkerOptions);
      layer.bindTooltip(marker.title);
      layer.on('click', () => clickRef.current?.(marker.id));
      return layer;
    });
    current.clusters.addLayers(layers);
    if (!fitted.current && !hasCentre) {
      const bounds = boundsOf(markers);
      if (bounds) {
        current.map.fitBounds(bounds, { padding: [40, 40], maxZoom: 14 });
        fitted.current = true;
      }
    }
  }, [ready, markers, selectedId, hasCentre]);

  const centreLat = centre?.lat;
  const centreLng = centre?.lng;
  useEffect(() => {
    const current = parts.current;
    if (!ready || !current || centreLat === undefined || centreLng === undefined) return;
    current.map.setView([centreLat, centreLng], zoom ?? current.map.getZoom());
  }, [ready, centreLat, centreLng, zoom]);

  // The track as a line, and the playback position as a ring on it.
  const trackPoints = track?.points;
  const trackIndex = track?.index ?? 0;
  useEffect(() => {
    const current = parts.current;
    const L = leafletRef.current;
    if (!ready || !current || !L) return;
    current.track?.remove();
    current.cursor?.remove();
    current.track = null;
    current.cursor = null;
    if (!trackPoints || trackPoints.length === 0) return;
    current.track = L.polyline(
      trackPoints.map((point) => [point.lat, point.lng] as [number, number]),
      { color: '#1677ff', weight: 3, opacity: 0.8 },
    ).addTo(current.map);
    current.map.fitBounds(current.track.getBounds(), { padding: [40, 40], maxZoom: 16 });
  }, [ready, trackPoints]);

  useEffect(() => {
    const current = parts.current;
    const L = leafletRef.current;
    if (!ready || !current || !L || !trackPoints || trackPoints.length === 0) return;
    const point = trackPoints[Math.min(trackIndex, trackPoints.length - 1)]!;
    if (!current.cursor) {
      current.cursor = L.circleMarker([point.lat, point.lng], {
        radius: 8,
        color: '#ffffff',
        weight: 3,
        fillColor: '#fa541c',
        fillOpacity: 1,
      }).addTo(current.map);
    } else current.cursor.setLatLng([point.lat, point.lng]);
  }, [ready, trackPoints, trackIndex]);

  return (
    <div
      className={`fleet-map${interactive ? '' : ' fleet-map-inert'}`}
      data-testid={props.testId ?? 'leaflet-map'}
      data-map-ready={ready ? 'true' : 'false'}
      data-map-tiles={tileUrl ? 'server' : 'outline'}
      data-map-outline={outlined ? 'drawn' : 'none'}
      data-marker-count={markers.length}
    >
      <div ref={element} style={{ position: 'absolute', inset: 0 }} />
      {markers.length === 0 && props.emptyText ? (
        <div className="fleet-map-empty">{props.emptyText}</div>
      ) : null}
    </div>
  );
}
