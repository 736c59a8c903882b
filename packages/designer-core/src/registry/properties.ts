/**
 * Property-panel fragments shared by the widget definitions: position by geometry, style parts,
 * binding, click event, animation rules and access. Definitions compose these and add their own.
 */
import {
  CLICK_SCRIPT_MAX_LENGTH,
  COMPARISON_SYMBOLS,
  type AnimationKind,
  type ClickAction,
  type PositionKind,
  type PressType,
  type WriteType,
} from '@lyyp/contracts/designer';
import type {
  LocalizedText,
  PropertyDescriptor,
  PropertyKind,
  PropertyOption,
  PropertySection,
} from './types.ts';

type Extra = Omit<PropertyDescriptor, 'key' | 'kind' | 'label' | 'section'>;

export function property(
  section: PropertySection,
  key: string,
  kind: PropertyKind,
  zh: string,
  en: string,
  extra: Extra = {},
): PropertyDescriptor {
  return { key, kind, label: { zh, en }, section, ...extra };
}

export function option(value: string | number, zh: string, en: string): PropertyOption {
  return { value, label: { zh, en } };
}

/** Options whose label is the value itself (symbols, formats). */
export function literalOptions(values: readonly (string | number)[]): PropertyOption[] {
  return values.map((value) => ({ value, label: { zh: String(value), en: String(value) } }));
}

const coordinate = (key: string, zh: string, en: string) =>
  property('position', `position.${key}`, 'number', zh, en, { step: 1 });
const size = (key: string, zh: string, en: string) =>
  property('position', `position.${key}`, 'number', zh, en, { min: 3, step: 1 });
const rotate = property('position', 'position.rotate', 'select', '旋转', 'Rotation', {
  options: literalOptions([0, 90, 180, 270]),
});

const rectPosition = [
  coordinate('x', 'X', 'X'),
  coordinate('y', 'Y', 'Y'),
  size('width', '宽度', 'Width'),
  size('height', '高度', 'Height'),
  rotate,
];

const POSITION_PROPERTIES: Readonly<Record<PositionKind, readonly PropertyDescriptor[]>> = {
  rect: rectPosition,
  chart: [
    ...rectPosition,
    size('top', '上边距', 'Top margin'),
    size('right', '右边距', 'Right margin'),
    size('bottom', '下边距', 'Bottom margin'),
    size('left', '左边距', 'Left margin'),
  ],
  circle: [
    coordinate('cx', '圆心 X', 'Centre X'),
    coordinate('cy', '圆心 Y', 'Centre Y'),
    size('r', '半径', 'Radius'),
  ],
  ellipse: [
    coordinate('cx', '圆心 X', 'Centre X'),
    coordinate('cy', '圆心 Y', 'Centre Y'),
    size('rx', '横半径', 'Horizontal radius'),
    size('ry', '纵半径', 'Vertical radius'),
    rotate,
  ],
  line: [property('position', 'position.points', 'points', '端点', 'Points')],
  triangle: [
    coordinate('x1', 'X1', 'X1'),
    coordinate('y1', 'Y1', 'Y1'),
    coordinate('x2', 'X2', 'X2'),
    coordinate('y2', 'Y2', 'Y2'),
    coordinate('x3', 'X3', 'X3'),
    coordinate('y3', 'Y3', 'Y3'),
  ],
};

export function positionProperties(kind: PositionKind): readonly PropertyDescriptor[] {
  return POSITION_PROPERTIES[kind];
}

export type StylePart = 'opacity' | 'fill' | 'stroke' | 'font' | 'align' | 'radius';

const STYLE_PROPERTIES: Readonly<Record<StylePart, readonly PropertyDescriptor[]>> = {
  opacity: [property('style', 'style.opacity', 'number', '透明度', 'Opacity', { min: 0, max: 1, step: 0.1 })],
  fill: [
    property('style', 'style.fill.enable', 'boolean', '填充', 'Fill'),
    property('style', 'style.fill.color', 'color', '填充颜色', 'Fill colour', {
      visibleWhen: { key: 'style.fill.enable', equals: true },
    }),
  ],
  stroke: [
    property('style', 'style.stroke.enable', 'boolean', '边框', 'Border'),
    property('style', 'style.stroke.color', 'color', '边框颜色', 'Border colour'),
    property('style', 'style.stroke.width', 'number', '边框宽度', 'Border width', {
      min: 0,
      max: 100,
      step: 1,
    }),
    property('style', 'style.stroke.dasharray', 'select', '线型', 'Line style', {
      options: [
        option('', '实线', 'Solid'),
        option('5,5', '虚线', 'Dashed'),
        option('2,2', '点线', 'Dotted'),
      ],
    }),
  ],
  font: [
    property('style', 'style.font.size', 'number', '字号', 'Font size', { min: 1, max: 500, step: 1 }),
    property('style', 'style.font.color', 'color', '文字颜色', 'Text colour'),
    property('style', 'style.font.family', 'select', '字体', 'Font', {
      options: literalOptions(['Microsoft YaHei', 'SimSun', 'SimHei', 'Arial', 'Helvetica', 'monospace']),
    }),
    property('style', 'style.font.weight', 'select', '粗细', 'Weight', {
      options: [option('normal', '常规', 'Normal'), option('bold', '加粗', 'Bold')],
    }),
    property('style', 'style.font.style', 'select', '样式', 'Style', {
      options: [option('normal', '常规', 'Normal'), option('italic', '斜体', 'Italic')],
    }),
    property('style', 'style.font.underLine', 'boolean', '下划线', 'Underline'),
  ],
  align: [
    property('style', 'style.align.horizontal', 'select', '水平对齐', 'Horizontal align', {
      options: [
        option('left', '左', 'Left'),
        option('center', '中', 'Centre'),
        option('right', '右', 'Right'),
      ],
    }),
    property('style', 'style.align.vertical', 'select', '垂直对齐', 'Vertical align', {
      options: [
        option('top', '上', 'Top'),
        option('middle', '中', 'Middle'),
        option('bottom', '下', 'Bottom'),
      ],
    }),
  ],
  radius: [
    property('style', 'style.radius', 'number', '圆角', 'Corner radius', { min: 0, max: 10_000, step: 1 }),
  ],
};

export function styleProperties(parts: readonly StylePart[]): PropertyDescriptor[] {
  return parts.flatMap((part) => STYLE_PROPERTIES[part]);
}

export const bindingProperties: readonly PropertyDescriptor[] = [
  property('binding', 'binding', 'signal', '绑定变量', 'Bound signal'),
];

const whenAction = (action: string) => ({ key: 'event.action', equals: action });

const ACTION_LABELS: Readonly<Record<ClickAction, LocalizedText>> = {
  write: { zh: '写入', en: 'Write' },
  page: { zh: '跳转页面', en: 'Open page' },
  link: { zh: '打开链接', en: 'Open link' },
  popup: { zh: '弹窗', en: 'Popup window' },
  script: { zh: '运行脚本', en: 'Run script' },
};
const WRITE_TYPE_LABELS: Readonly<Record<WriteType, LocalizedText>> = {
  set: { zh: '设定值', en: 'Set value' },
  press: { zh: '按压', en: 'Press' },
  input: { zh: '输入值', en: 'Ask for value' },
};
const PRESS_TYPE_LABELS: Readonly<Record<PressType, LocalizedText>> = {
  set1: { zh: '置 1', en: 'Set 1' },
  set0: { zh: '置 0', en: 'Set 0' },
  toggle: { zh: '取反', en: 'Toggle' },
  reset: { zh: '点动（按下 1 松开 0）', en: 'Momentary (1 on press, 0 on release)' },
};

const toOptions = (labels: Readonly<Record<string, LocalizedText>>): PropertyOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const eventProperties: readonly PropertyDescriptor[] = [
  property('event', 'event.enable', 'boolean', '启用点击事件', 'Click event'),
  property('event', 'event.action', 'select', '动作', 'Action', { options: toOptions(ACTION_LABELS) }),
  property('event', 'event.binding', 'signal', '写入变量', 'Write to', { visibleWhen: whenAction('write') }),
  property('event', 'event.writeType', 'select', '写入方式', 'Write type', {
    options: toOptions(WRITE_TYPE_LABELS),
    visibleWhen: whenAction('write'),
  }),
  property('event', 'event.pressType', 'select', '按压方式', 'Press type', {
    options: toOptions(PRESS_TYPE_LABELS),
    visibleWhen: { key: 'event.writeType', equals: 'press' },
  }),
  property('event', 'event.writeValue', 'text', '写入值', 'Value', {
    visibleWhen: { key: 'event.writeType', equals: 'set' },
  }),
  property('event', 'event.link', 'text', '链接', 'Link', {
    maxLength: 2000,
    visibleWhen: whenAction('link'),
  }),
  property('event', 'event.target', 'select', '打开方式', 'Open in', {
    options: [option('_blank', '新窗口', 'New window'), option('_self', '当前窗口', 'This window')],
    visibleWhen: whenAction('link'),
  }),
  property('event', 'event.pageId', 'page', '目标页面', 'Page'),
  property('event', 'event.window.width', 'number', '弹窗宽度', 'Window width', {
    min: 1,
    max: 10_000,
    visibleWhen: whenAction('popup'),
  }),
  property('event', 'event.window.height', 'number', '弹窗高度', 'Window height', {
    min: 1,
    max: 10_000,
    visibleWhen: whenAction('popup'),
  }),
  property('event', 'event.script', 'textarea', '脚本', 'Script', {
    maxLength: CLICK_SCRIPT_MAX_LENGTH,
    visibleWhen: whenAction('script'),
  }),
  property('event', 'event.hint', 'boolean', '操作确认', 'Ask to confirm'),
  property('event', 'event.hintValue', 'text', '确认提示', 'Confirmation text', {
    maxLength: 200,
    visibleWhen: { key: 'event.hint', equals: true },
  }),
  property('event', 'event.delay.enable', 'boolean', '延时反馈', 'Delayed feedback'),
  property('event', 'event.delay.value', 'number', '延时（毫秒）', 'Delay (ms)', {
    min: 0,
    max: 600_000,
    step: 100,
  }),
  property('event', 'event.feedback', 'boolean', '结果反馈', 'Show result'),
];

const ANIMATION_LABELS: Readonly<Record<AnimationKind, LocalizedText>> = {
  visiable: { zh: '显示/隐藏', en: 'Show / hide' },
  twinkle: { zh: '闪烁', en: 'Blink' },
  rotate: { zh: '旋转', en: 'Spin' },
  fillColor: { zh: '填充颜色', en: 'Fill colour' },
  borderColor: { zh: '边框颜色', en: 'Border colour' },
  fontColor: { zh: '文字颜色', en: 'Text colour' },
};

/**
 * The panel rows of one animation rule at `base` (a widget's `animation.fillColor`, or a symbol
 * part's `data.parts.0.fillColor`), its on/off row labelled `label`.
 */
export function animationRuleProperties(
  kind: AnimationKind,
  base: string = `animation.${kind}`,
  label: LocalizedText = ANIMATION_LABELS[kind],
): PropertyDescriptor[] {
  const enabled = { key: `${base}.enable`, equals: true };
  const common = [
    property('animation', `${base}.enable`, 'boolean', label.zh, label.en),
    property('animation', `${base}.binding`, 'signal', '数据源', 'Data source', { visibleWhen: enabled }),
  ];
  if (kind === 'fillColor' || kind === 'borderColor' || kind === 'fontColor') {
    return [
      ...common,
      property('animation', `${base}.colors`, 'colors', '颜色规则', 'Colour rules', { visibleWhen: enabled }),
    ];
  }
  const condition = [
    property('animation', `${base}.symbol`, 'select', '条件', 'Condition', {
      options: literalOptions(COMPARISON_SYMBOLS),
      visibleWhen: enabled,
    }),
    property('animation', `${base}.value`, 'text', '比较值', 'Value', { visibleWhen: enabled }),
  ];
  if (kind !== 'rotate') return [...common, ...condition];
  return [
    ...common,
    ...condition,
    property('animation', `${base}.direction`, 'select', '方向', 'Direction', {
      options: [
        option('clockwise', '顺时针', 'Clockwise'),
        option('anticlockwise', '逆时针', 'Anticlockwise'),
      ],
      visibleWhen: enabled,
    }),
    property('animation', `${base}.speed`, 'number', '转速（转/分）', 'Speed (turns/min)', {
      min: 0,
      max: 600,
      visibleWhen: enabled,
    }),
  ];
}

export function animationProperties(kinds: readonly AnimationKind[]): PropertyDescriptor[] {
  return kinds.flatMap((kind) => animationRuleProperties(kind));
}

export { ANIMATION_LABELS };

export const accessProperties: readonly PropertyDescriptor[] = [
  property('access', 'widgetName', 'text', '名称', 'Name', { maxLength: 100 }),
  property('access', 'ref', 'text', '引用名', 'Reference', { maxLength: 64 }),
  property('access', 'posLock', 'boolean', '锁定位置', 'Lock position'),
  property('access', 'authRegion', 'permissions', '可见权限', 'Visible to'),
];
