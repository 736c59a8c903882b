/** English texts of the OPC UA tag browser; the type makes every Chinese key required here. */
import type { tagBrowserZhCN } from './zh-CN.ts';
import type { Texts } from '../texts.ts';

export const tagBrowserEnUS: Texts<typeof tagBrowserZhCN> = {
  open: 'Browse OPC UA tags',
  title: 'Browse the OPC UA server',
  driver: 'OPC UA driver',
  device: 'Browse through device',
  devicePlaceholder: 'Choose a device whose gateway is online',
  noDevices:
    'No device of this product can browse yet: bind a device, and browse once its gateway is online and has the configuration.',
  status: {
    online: 'Online',
    offline: 'Offline',
    dormant: 'Dormant',
    'power-off': 'Powered off',
  },
  syncing: 'configuration syncing',
  thumbprint: "Gateway's OPC UA application certificate thumbprint (SHA-1): ",
  thumbprintHelp:
    'With Sign or SignAndEncrypt, trust the certificate with this thumbprint on the OPC UA server.',
  noThumbprint: 'The gateway has no certificate yet (it makes one when an OPC UA driver first runs)',
  gatewayThumbprint: 'OPC UA certificate thumbprint',
  secret: {
    keep: 'Set — leave blank to keep',
    notSet: 'Not set',
    keepFile: 'Set — upload a file to replace',
    removed: 'Removed when saved',
    undo: 'Undo',
  },
  browsing: 'Browsing through the gateway…',
  readOnly:
    "Read-only: see what the server offers here; the product's developer makes variables of nodes with the tag browser in the product's variables.",
  cannotBrowse:
    'The gateway cannot browse now ({{reason}}): try again once it is online and has the configuration.',
  tree: 'Address space',
  empty: 'No child nodes',
  truncated: 'This node has more than 500 children; the first 500 are shown.',
  array: 'array',
  picked: 'Picked nodes ({{count}})',
  pickHint:
    'Tick variable nodes: name, data type and access come from the server; change names and keys here.',
  noPicks: 'No node ticked yet',
  columns: {
    name: 'Variable name',
    key: 'Variable key',
    dataType: 'Data type',
    access: 'Access',
  },
  remove: 'Remove',
  create: 'Create {{count}} variables',
  created: '{{count}} variables created',
  partlyFailed: '{{count}} variables could not be created; the table says why.',
  cancel: 'Close',
  credential: {
    authentication: 'User certificate',
    userCertificate: 'User certificate',
    userPrivateKey: "User certificate's private key",
    upload: 'Upload a file (pem or der, at most 1 MB)',
    replace: 'Replace the file',
    loaded: 'Uploaded',
    tooLarge: 'The file is too large, at most 1 MB',
    summary: '{{subject}} · thumbprint {{thumbprint}} · valid until {{validTo}}',
  },
};
