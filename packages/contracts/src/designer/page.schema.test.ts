import { describe, expect, it } from 'vitest';
import { checkDesignerImage } from './image.ts';
import { translateDesignerRejection } from './messages.ts';
import { PageDocumentSchema, PageFileSchema } from './page.schema.ts';

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

function rect(id: string, widgetType = 'ShapeRect', data: unknown = {}) {
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

const weather = (id: string) =>
  rect(id, 'ComplexWeather', { provinceId: '', cityId: '', countyId: '', title: '', themeColor: 'blue' });
const scene = (id: string) =>
  rect(id, 'UsualWebgl', {
    dataAddon: {
      type: 'scene',
      sceneId: 'model-1',
      signalArray: [
        {
          title: 't',
          subTitle: '',
          signalId: 't',
          equipId: '',
          color: '#f00',
          node: 'Tank',
          effect: 'color',
        },
      ],
    },
  });

function group(children: unknown[]) {
  return {
    id: 'g',
    ref: '',
    widgetType: 'WidgetGroup',
    widgetName: 'group',
    posLock: false,
    authRegion: [],
    textId: 'g-text',
    position: { kind: 'rect', x: 10, y: 10, width: 100, height: 50, rotate: 0, flipX: false, flipY: false },
    origin: { x: 10, y: 10, width: 100, height: 50 },
    children,
    bind: { equipIds: [], signalIds: [], systemKeys: [], mvarIds: [] },
  };
}

function page(widgets: unknown[]) {
  return {
    schemaVersion: 2,
    id: 'p1',
    productId: 'product',
    title: 'Boiler',
    width: 1024,
    height: 768,
    fit: 'container',
    bgColor: '#ffffff',
    bgImage: '',
    checkpwd: false,
    password: '',
    widgetCount: widgets.length,
    widgets,
  };
}

describe('saved page schema', () => {
  it('accepts a valid page', () => {
    expect(PageDocumentSchema.safeParse(page([rect('a'), weather('w')])).success).toBe(true);
  });

  it('refuses a widget whose position does not fit its type', () => {
    const circle = {
      ...rect('c', 'ShapeCircle'),
      position: { kind: 'rect', x: 0, y: 0, width: 1, height: 1, rotate: 0, flipX: false, flipY: false },
    };
    expect(PageDocumentSchema.safeParse(page([circle])).success).toBe(false);
  });

  it('refuses the transient selection type and unknown types', () => {
    expect(PageDocumentSchema.safeParse(page([rect('s', 'WidgetSelected')])).success).toBe(false);
  });

  it('refuses pages over the §9 limits, naming the limit', () => {
    const tooMany = PageDocumentSchema.safeParse(
      page(Array.from({ length: 101 }, (_, index) => rect(`r${index}`))),
    );
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]).toMatchObject({
      message: 'catalogue:1002',
      params: { field: 'widgets', limit: 'total', max: 100 },
    });
    const weathers = PageDocumentSchema.safeParse(page(['a', 'b', 'c', 'd'].map(weather)));
    expect(weathers.error?.issues[0]).toMatchObject({ params: { limit: 'weather', max: 3 } });
    expect(PageDocumentSchema.safeParse(page(['a', 'b', 'c'].map(weather))).success).toBe(true);
  });

  it('holds one WebGL scene per page, a group member included', () => {
    expect(PageDocumentSchema.safeParse(page([scene('s1'), rect('a')])).success).toBe(true);
    const two = PageDocumentSchema.safeParse(page([scene('s1'), group([scene('s2'), rect('a')])]));
    expect(two.error?.issues[0]).toMatchObject({ params: { limit: 'webgl', max: 1 } });
  });

  it('refuses duplicate widget ids', () => {
    expect(PageDocumentSchema.safeParse(page([rect('a'), rect('a')])).success).toBe(false);
  });

  it('accepts the saved file form with settings, widgets and bindings', () => {
    const { widgets, ...con } = page([rect('a')]);
    expect(
      PageFileSchema.safeParse({ con, widgets, bind: { equips: [], signals: [], keys: [], mvars: [] } })
        .success,
    ).toBe(true);
  });
});

describe('addresses a page stores', () => {
  const unsafe = 'JaVa\tScript:alert(document.cookie)';
  const clickEvent = (link: string) => ({ ...rect('x').event, enable: true, action: 'link', link });
  const video = (sources: Partial<Record<'flvReserve' | 'hlsReserve' | 'rtmpReserve', string>>) => ({
    dataAddon: {
      type: 'stream',
      PanTilt: false,
      serialNumber: '',
      channelNumber: 1,
      flvReserve: '',
      hlsReserve: '',
      rtmpReserve: '',
      ...sources,
    },
  });
  const animation = (url: string) => ({
    dataAddon: {
      type: 'image',
      imageList: [{ symbol: '==', value: 1, url }],
      textList: [],
      cycle: { judgCondition: '==', judgVal: 1, speed: 300 },
    },
  });
  const select = (link: string) => ({
    selectDatas: [{ indexId: '1', text: 'Manual', event: clickEvent(link) }],
    eventType: 'click',
  });
  /** Every place a widget or the page keeps an address, with the value put there. */
  const places: [string, (url: string) => unknown, string][] = [
    ['a click link', (url) => page([{ ...rect('a'), event: clickEvent(url) }]), 'widgets.0.event.link'],
    [
      'a select item link',
      (url) => page([rect('s', 'UsualSelect', select(url))]),
      'widgets.0.data.selectDatas.0.event.link',
    ],
    ['an image', (url) => page([rect('i', 'UsualImage', { url })]), 'widgets.0.data.url'],
    [
      'an animation frame',
      (url) => page([rect('n', 'UsualAnimation', animation(url))]),
      'widgets.0.data.dataAddon.imageList.0.url',
    ],
    ['the page background', (url) => ({ ...page([]), bgImage: url }), 'bgImage'],
    [
      'an FLV video source',
      (url) => page([rect('v', 'ComplexVideo', video({ flvReserve: url }))]),
      'widgets.0.data.dataAddon.flvReserve',
    ],
    [
      'an HLS video source',
      (url) => page([rect('v', 'ComplexVideo', video({ hlsReserve: url }))]),
      'widgets.0.data.dataAddon.hlsReserve',
    ],
    [
      'a grouped widget',
      (url) => page([group([{ ...rect('m'), event: clickEvent(url) }])]),
      'widgets.0.children.0.event.link',
    ],
  ];

  it.each(places)('keeps a safe address in %s', (_label, build) => {
    for (const url of ['https://example.com/manual', '/lyyp/developer/files/pump.png', ''])
      expect(PageDocumentSchema.safeParse(build(url)).success, url).toBe(true);
  });

  it.each(places)('refuses a script address in %s with the catalogue code', (_label, build, path) => {
    const parsed = PageDocumentSchema.safeParse(build(unsafe));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('catalogue:1650');
    expect(parsed.error?.issues[0]?.path.join('.')).toBe(path);
  });

  it('keeps RTMP sources to rtmp addresses', () => {
    const rtmp = (url: string) => page([rect('v', 'ComplexVideo', video({ rtmpReserve: url }))]);
    expect(PageDocumentSchema.safeParse(rtmp('rtmp://media.example/live/1')).success).toBe(true);
    expect(PageDocumentSchema.safeParse(rtmp('javascript:alert(1)')).success).toBe(false);
  });

  it('refuses a bad address in the saved file form too', () => {
    const { widgets, ...con } = page([{ ...rect('a'), event: clickEvent('data:text/html,<b>x</b>') }]);
    const file = { con, widgets, bind: { equips: [], signals: [], keys: [], mvars: [] } };
    expect(PageFileSchema.safeParse(file).error?.issues[0]?.message).toBe('catalogue:1650');
  });
});

describe('designer images', () => {
  it('accepts jpg, png, gif, svg and ico under 100K', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.svg', 'a.ico'])
      expect(checkDesignerImage(name, 1000), name).toBeNull();
  });

  it('refuses other types and files of 100K or more', () => {
    expect(checkDesignerImage('a.bmp', 10)).toEqual({
      code: '1803',
      params: { types: 'jpg, png, gif, svg, ico' },
    });
    expect(checkDesignerImage('png', 10)?.code).toBe('1803');
    expect(checkDesignerImage('a.png', 100 * 1024)).toEqual({ code: '1802', params: { max: '100K' } });
  });
});

describe('designer refusal texts', () => {
  it('fills parameters in both languages and uses the catalogue where it has the text', () => {
    expect(translateDesignerRejection('widget-limit', 'en-US', { max: 100 })).toBe(
      'A page can hold at most 100 widgets',
    );
    expect(translateDesignerRejection('widget-limit', 'zh-CN', { max: 100 })).toBe('每个页面最多 100 个组件');
    expect(translateDesignerRejection('popup-in-popup', 'en-US')).toBe('Cannot pop up a page inside a popup');
  });
});
