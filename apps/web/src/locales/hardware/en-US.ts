/** English texts of the hardware model screen; the type makes every Chinese key required here. */
import type { hardwareZhCN } from './zh-CN.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const hardwareEnUS: Texts<typeof hardwareZhCN> = {
  add: 'Add hardware model',
  edit: 'Edit hardware model',
  search: 'Search by model name',
  name: 'Model name',
  description: 'Description',
  builtIn: 'Built-in',
  capacity: 'Capacity per gateway',
  features: 'Features',
  ports: 'Ports',
  usedBy: 'Used by',
  usage: '{{gateways}} gateways · {{products}} products',
  empty: 'No hardware models yet',
  deleteConfirm: 'Delete the hardware model “{{name}}”?',
  deleted: 'Deleted',
  kinds: {
    drivers: 'Drivers',
    variables: 'Variables',
    reports: 'Reports',
    scripts: 'Scripts',
    alarms: 'Alarms',
  },
  flags: {
    cellular: '4G',
    wifi: 'Wi-Fi',
    gps: 'GPS positioning',
    baseStation: 'Base-station positioning',
  },
  serialPorts: 'Serial ports',
  lanPorts: 'LAN ports',
  portsText: '{{serial}} serial · {{lan}} LAN',
  none: 'None',
  required: {
    name: 'Please enter the model name',
  },
  model: 'Hardware model',
  defaultModel: 'Default ({{name}})',
};
