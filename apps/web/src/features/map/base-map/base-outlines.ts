/**
 * The offline base layer of the map: the world's countries (Natural Earth 1:110m, from the npm
 * package `world-atlas`) and China's provinces (Natural Earth admin-1, simplified; see
 * apps/web/scripts/build-china-provinces.mjs), both TopoJSON bundled with the console and turned
 * into GeoJSON here. Nothing is fetched at run time; the data loads with the map only.
 */
import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface BaseOutlines {
  countries: FeatureCollection<Geometry>;
  provinces: FeatureCollection<Geometry>;
}

function collectionOf(topology: Topology, name: string): FeatureCollection<Geometry> {
  const object = topology.objects[name] as GeometryCollection | undefined;
  if (!object) throw new Error(`the outline has no "${name}"`);
  return feature(topology, object);
}

let loading: Promise<BaseOutlines> | null = null;

/** Both outlines, converted once per page. */
export function loadBaseOutlines(): Promise<BaseOutlines> {
  loading ??= Promise.all([
    import('world-atlas/countries-110m.json'),
    import('./china-provinces.topo.json'),
  ]).then(([world, china]) => ({
    countries: collectionOf(world.default as unknown as Topology, 'countries'),
    provinces: collectionOf(china.default as unknown as Topology, 'provinces'),
  }));
  return loading;
}
