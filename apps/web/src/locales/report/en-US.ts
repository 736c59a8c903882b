/** English texts of the report screens and the data centre; the type makes every Chinese key required here. */
import type { reportZhCN } from './zh-CN.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const reportEnUS: Texts<typeof reportZhCN> = {
  fields: {
    name: 'Report name',
    type: 'Report type',
    storageMode: 'Storage mode',
    storage: 'Storage',
    intervalMinutes: 'Interval',
    condition: 'Condition',
    variableKey: 'Condition variable',
    operator: 'Comparison',
    value: 'Compared with',
    expression: 'Expression',
    variables: 'Variables',
    key: 'Variable',
    aggregation: 'Aggregation',
    enabled: 'Enabled',
  },
  types: { general: 'General', consumption: 'Consumption', production: 'Production' },
  storageModes: {
    periodic: 'Periodic',
    change: 'On change',
    condition: 'On condition',
    expression: 'By expression',
  },
  storageModeHints: {
    periodic: 'One row per interval, each variable aggregated',
    change: 'A row whenever a listed variable changes',
    condition: 'Stored while the condition holds',
    expression: 'Stored while the expression holds (several variables)',
  },
  storageKinds: {
    interval: 'Interval (a row per interval while it holds)',
    single: 'Single (a row each time it starts to hold)',
  },
  aggregations: {
    difference: 'Difference',
    first: 'First',
    last: 'Last',
    max: 'Max',
    min: 'Min',
    average: 'Average (time-weighted)',
  },
  granularities: { hour: 'By hour', day: 'By day', month: 'By month' },
  minutes: '{{count}} min',
  interval: 'Interval {{count}} min',
  product: {
    title: 'History reports',
    capacity: 'Capacity {{used}}/{{total}}',
    full: 'The product holds as many reports as it may',
    add: 'Add report',
    edit: 'Edit report',
    empty:
      'No reports yet. Add one: the platform computes it from history every interval and shows it under the device’s “Reports”.',
    deleteTitle: 'Delete the report “{{name}}”?',
    deleteText: 'Its computed rows are deleted too.',
    addVariable: 'Add variable',
    editNote: 'After a change the whole report is computed again with the new settings.',
    disabled: 'Disabled',
    expressionHint: 'For example heatOutput > 100 && running == 1, at most 200 characters',
  },
  device: {
    report: 'Report',
    noReports:
      'This device’s product has no history reports yet. A developer adds them on the product’s “History reports” tab.',
    noRows:
      'No report rows in this time range. Reports are computed about a minute after each interval ends; try another range.',
    time: 'Time',
    table: 'Table',
    chart: 'Chart',
    export: 'Export to Excel',
    range: 'Time range',
  },
  products: {
    product: 'Product',
    choose: 'Choose a product',
    noProducts:
      'There are no products you may see. Operators, the product’s developer and the super manager see the reports of all devices of a product here.',
    noReports:
      'This product has no history reports yet. A developer adds them on the product’s “History reports” tab.',
    layout:
      'Each row is one device in one hour, day or month: newest time first, devices by name within a time.',
    devices: 'Devices: {{count}}',
    device: 'Device',
  },
  datacenter: {
    title: 'Data centre',
    period: 'Period',
    periods: { day: 'By day', week: 'By week', month: 'By month' },
    product: 'Product',
    allProducts: 'All products',
    consumption: 'Consumption',
    production: 'Production',
    previous: 'Previous period',
    change: 'Change',
    online: 'Online rate',
    onlineNow: 'Online',
    onlineCount: '{{online}}/{{total}} online',
    trend: 'Trend',
    byDevice: 'Devices',
    byGroup: 'By group',
    byProduct: 'By product',
    top: 'Highest consumption',
    bottom: 'Lowest consumption',
    device: 'Device',
    group: 'Group',
    ungrouped: 'Ungrouped',
    devices: 'Devices',
    export: 'Export to Excel',
    empty:
      'Nothing to add up yet. Add a report of type “Consumption” or “Production” with a “Difference” column on the product’s “History reports” tab.',
    noDevices: 'You have no devices yet. Once you bind some, their consumption and production add up here.',
  },
};
