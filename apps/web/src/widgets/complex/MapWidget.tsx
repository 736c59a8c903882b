/**
 * The map widget (ComplexMap): its devices on the console's one Leaflet map, in their status
 * colours, with a summary of how many are online. The map and Leaflet load only when a page holds
 * this widget; until then (and in server-side tests) the box shows the map's plain background.
 */
import { lazy, Suspense } from 'react';
import type { WidgetRendererProps } from '../render-context.ts';
import '../../features/map/leaflet-map.css';

const MapWidgetBody = lazy(() => import('./MapWidgetBody.tsx'));

export function MapWidget(props: WidgetRendererProps<'ComplexMap'>) {
  return (
    <div className="fleet-map" data-map-widget={props.widget.id} style={{ width: '100%', height: '100%' }}>
      <Suspense fallback={null}>
        <MapWidgetBody {...props} />
      </Suspense>
    </div>
  );
}
