/** English texts of the media widgets; the type makes every Chinese key required here. */
import type { widgetMediaZhCN } from './zh-CN.ts';
import type { Texts } from '../texts.ts';

export const widgetMediaEnUS: Texts<typeof widgetMediaZhCN> = {
  weather: {
    sample: 'Sunny',
    choosePlace: 'Choose a province, city or county in the properties',
    notConfigured: 'No weather source configured',
    unavailable: 'Weather unavailable right now',
    loading: 'Loading the weather…',
    humidity: 'Humidity {{value}}%',
    observedAt: 'Updated {{time}}',
  },
  video: {
    noAddress: 'No HLS or FLV address set',
    rtmpOnly: 'Browsers cannot play RTMP; set the HLS or FLV address your media server publishes',
    unsupported: 'This browser cannot play this video format',
    failed: 'The video stream cannot be played',
    loading: 'Connecting to the video…',
    up: 'Up',
    down: 'Down',
    left: 'Left',
    right: 'Right',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    noSerial: 'No camera serial number set: pan and tilt are unavailable',
  },
  scene: {
    empty: 'Upload or choose a 3D model in the properties',
    loading: 'Loading the 3D model…',
    noWebgl:
      'This browser cannot show 3D scenes (WebGL is unavailable): turn on hardware acceleration or use another browser',
    failed: 'The 3D model could not be loaded: upload it again',
  },
  cameraKey: {
    title: 'Camera cloud key',
    intro:
      'Pan-tilt control of video widgets uses this key through the platform’s camera service. Once saved, only its last four characters are shown and the secret is never shown again.',
    associated: 'Associated: {{hint}}',
    notAssociated: 'No camera cloud key associated',
    updatedAt: 'Updated {{time}}',
    appKey: 'AppKey',
    appSecret: 'Secret',
    appKeyRequired: 'Enter the AppKey',
    appSecretRequired: 'Enter the secret',
    save: 'Save',
    replace: 'Replace key',
    remove: 'Remove',
    removeConfirm: 'Pan-tilt control of video widgets stops working without a key. Remove it?',
    saved: 'Camera cloud key saved',
    removed: 'Key removed',
  },
};
