/** English texts of staff device management and the device log; the type makes every key required. */
import type { equipmentAdminZhCN } from './zh-CN.ts';
import type { Texts } from '../texts.ts';

export const equipmentAdminEnUS: Texts<typeof equipmentAdminZhCN> = {
  intro:
    'Every device on the platform you may see. Filter by product, gateway SN, online state, owner, group and SIM state; authorise it to other accounts or unbind it.',
  filters: {
    product: 'Product',
    gatewaySn: 'Gateway SN',
    status: 'Online state',
    owner: 'Owner (username, name or phone)',
    group: 'Group',
    simState: 'SIM state',
    search: 'Search',
    reset: 'Reset',
  },
  columns: {
    name: 'Device',
    gatewaySn: 'Gateway SN',
    product: 'Product',
    group: 'Group',
    owner: 'Owner',
    status: 'State',
    lastSeen: 'Last seen',
    sim: 'SIM card',
    grants: 'Grants',
    bound: 'Bound',
  },
  noSim: 'No card known',
  actions: {
    detail: 'Details',
    log: 'Log',
    grants: 'Grants',
    unbind: 'Unbind',
    unbindConfirm: 'Unbinding deletes the device and frees its gateway. Unbind "{{name}}"?',
    unbound: 'Device unbound',
    export: 'Export',
    exportXlsx: 'Export XLSX',
    exportCsv: 'Export CSV',
  },
  emptyTitle: 'No devices yet',
  emptyText:
    'Devices appear here once people bind them on the monitoring site with the gateway SN and verification code. You can add gateways in bulk under Gateways first.',
  noMatch: 'No device matches; try fewer filters.',
  grants: {
    title: 'Grants: {{name}}',
    intro:
      'An authorised account sees the device and receives its alarms. Revoking takes access away at once, and its alarm pushes and SMS stop.',
    account: 'Account (username or phone)',
    canWrite: 'May write values',
    add: 'Authorise',
    added: 'Authorised',
    revoke: 'Revoke',
    revokeConfirm: 'Revoke the access of {{name}}?',
    revoked: 'Access revoked',
    kind: { authorized: 'Authorised', shared: 'Shared' },
    write: 'Can write',
    readOnly: 'Read only',
    empty: 'Not authorised to anyone else yet. Enter a username or phone to authorise someone.',
  },
  log: {
    intro:
      'Writes (who, variable, old and new value, result code), configuration pushes and syncs, binding and unbinding, status changes. One query covers at most 30 days.',
    range: 'Time range',
    kind: 'Event',
    allKinds: 'All events',
    back: 'Back to devices',
    columns: {
      at: 'Time',
      kind: 'Event',
      actor: 'By',
      variable: 'Variable',
      previous: 'Old value',
      value: 'New value',
      result: 'Result',
      code: 'Code',
      detail: 'Detail',
    },
    result: { pending: 'Pending', success: 'Success', failure: 'Failed' },
    empty:
      'Nothing in this period. Writes, configuration pushes and the gateway going on- or offline are recorded here.',
  },
  fields: {
    account: 'Account',
    start: 'Start time',
    id: 'Device',
  },
};
