/** Texts of device configuration (a device's own driver addresses, copying them to other devices). */
export const deviceConfigEnUS = {
  title: 'Driver addresses',
  intro:
    'The device runs its product’s configuration; each driver’s address can be set for this site. Settings that differ from the product are marked.',
  customised: 'Differs from product',
  sameAsProduct: 'Same as product',
  columns: {
    field: 'Setting',
    product: 'Product',
    device: 'This device',
  },
  fields: {
    host: 'IP or host name',
    port: 'Port',
    slaveId: 'Unit ID',
    serialPort: 'Serial port',
  },
  differs: 'Differs',
  followProduct: 'Reset to product',
  save: 'Save and sync',
  saved: 'Saved, version {{version}}',
  unchanged: 'Nothing changed',
  version: 'Configuration version {{version}} (product {{product}} + {{revision}} device changes)',
  syncState: {
    queued: 'Waiting for the gateway',
    syncing: 'Syncing',
    complete: 'Complete',
    failed: 'Failed',
  },
  noDrivers: 'The product has no drivers yet',
  copy: {
    button: 'Copy to other devices',
    title: 'Copy the configuration to other devices',
    hint: 'Only devices of the same product and series whose gateway is online can receive it.',
    targets: 'Target devices',
    resultColumn: 'Result',
    close: 'Close',
    submit: 'Copy',
    result: '{{copied}} copied, {{failed}} failed',
    noCandidates: 'No other device of the same product',
  },
} as const;
