/** Test support for designer pages: saved widgets and page settings as the designer writes them. */
import { DESIGNER_DOCUMENT_VERSION } from '@lyyp/contracts/designer';

const binding = {
  type: 'signal',
  title: '',
  subTitle: '',
  signalId: '',
  equipId: '',
  systemKey: '',
  mvarId: '',
};
const condition = { enable: false, binding, symbol: '==', value: 1 };
const colours = { enable: false, binding, colors: [{ symbol: '==', value: 0, color: '#ff0000' }] };

/** A rectangle as the designer saves it; other leaf types differ only in `widgetType` and `data`. */
export function rectWidget(id: string, widgetType = 'ShapeRect', data: unknown = {}) {
  return {
    id,
    ref: '',
    widgetType,
    widgetName: id,
    posLock: false,
    authRegion: [],
    textId: `${id}-text`,
    position: { kind: 'rect', x: 10, y: 10, width: 100, height: 50, rotate: 0, flipX: false, flipY: false },
    style: {
      opacity: 1,
      fill: { enable: true, color: '#fff' },
      stroke: { enable: true, color: '#333', width: 1, dasharray: '' },
      font: { size: 14, color: '#333', family: 'Arial', weight: 'normal', style: 'normal', underLine: false },
      align: { horizontal: 'center', vertical: 'middle' },
      radius: 0,
    },
    animation: {
      visiable: condition,
      twinkle: condition,
      rotate: { ...condition, direction: 'clockwise', speed: 30 },
      fillColor: colours,
      borderColor: colours,
      fontColor: colours,
    },
    event: {
      enable: false,
      action: 'write',
      binding,
      target: '_blank',
      link: '',
      pageId: '',
      window: { width: 600, height: 600 },
      writeType: 'set',
      pressType: 'set1',
      writeValue: 1,
      hint: false,
      hintValue: '',
      delay: { enable: true, value: 1000 },
      feedback: true,
      script: '',
    },
    binding,
    data,
  };
}

export const weatherWidget = (id: string) =>
  rectWidget(id, 'ComplexWeather', {
    provinceId: '',
    cityId: '',
    countyId: '',
    title: '',
    themeColor: 'blue',
  });

/** Page settings (`con`) as the designer saves them; the blank title keeps the page's own. */
export function pageSettings(overrides: Record<string, unknown> = {}) {
  return {
    schemaVersion: DESIGNER_DOCUMENT_VERSION,
    id: 'page',
    productId: 'product',
    title: '',
    width: 1280,
    height: 720,
    fit: 'container',
    bgColor: '#202020',
    bgImage: '',
    checkpwd: false,
    password: '',
    widgetCount: 2,
    ...overrides,
  };
}

export const emptyBinds = { equips: [], signals: [], keys: [], mvars: [] };
