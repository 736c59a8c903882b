/**
 * Defaults every widget starts from (§3): style, empty binding, animation rules (symbol `==`,
 * colour rules 0 → red, 1 → yellow) and the click event (write, 600 × 600 window, delay 1000 ms,
 * feedback on). Each call returns fresh objects, so no two widgets share a default.
 */
import {
  CLICK_EVENT_DEFAULTS,
  type ClickEvent,
  type ColourAnimation,
  type ColourRule,
  type ConditionRule,
  type DataBinding,
  type SceneSignal,
  type SeriesItem,
  type WidgetAnimation,
  type WidgetStyle,
} from '@lyyp/contracts/designer';
import type { StyleOverrides } from './types.ts';

export const COLOUR_RED = '#ff0000';
export const COLOUR_YELLOW = '#ffff00';

/** The ten colours charts cycle through. */
export const CHART_THEME = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
  '#2f4554',
] as const;

export function createEmptyBinding(type: DataBinding['type'] = 'signal'): DataBinding {
  return { type, title: '', subTitle: '', signalId: '', equipId: '', systemKey: '', mvarId: '' };
}

export function isBindingEmpty(binding: DataBinding): boolean {
  return !binding.signalId && !binding.systemKey && !binding.mvarId;
}

export function createSeriesItem(color: string = CHART_THEME[0]): SeriesItem {
  return { title: '', subTitle: '', signalId: '', equipId: '', color };
}

/** A new signal of a WebGL scene: no node yet, tinting red while the value is 1. */
export function createSceneSignal(): SceneSignal {
  return { ...createSeriesItem(COLOUR_RED), node: '', effect: 'color', symbol: '==', value: 1, axis: 'y' };
}

export function createDefaultStyle(overrides: StyleOverrides = {}): WidgetStyle {
  return {
    opacity: overrides.opacity ?? 1,
    fill: { enable: true, color: '#ffffff', ...overrides.fill },
    stroke: { enable: true, color: '#333333', width: 1, dasharray: '', ...overrides.stroke },
    font: {
      size: 14,
      color: '#333333',
      family: 'Microsoft YaHei',
      weight: 'normal',
      style: 'normal',
      underLine: false,
      ...overrides.font,
    },
    align: { horizontal: 'center', vertical: 'middle', ...overrides.align },
    radius: overrides.radius ?? 0,
  };
}

function createConditionRule(): ConditionRule {
  return { enable: false, binding: createEmptyBinding(), symbol: '==', value: 1 };
}

export function createDefaultColourRules(): ColourRule[] {
  return [
    { symbol: '==', value: 0, color: COLOUR_RED },
    { symbol: '==', value: 1, color: COLOUR_YELLOW },
  ];
}

function createColourAnimation(): ColourAnimation {
  return { enable: false, binding: createEmptyBinding(), colors: createDefaultColourRules() };
}

export function createDefaultAnimation(): WidgetAnimation {
  return {
    visiable: createConditionRule(),
    twinkle: createConditionRule(),
    rotate: { ...createConditionRule(), direction: 'clockwise', speed: 30 },
    fillColor: createColourAnimation(),
    borderColor: createColourAnimation(),
    fontColor: createColourAnimation(),
  };
}

export function createDefaultClickEvent(enable = false): ClickEvent {
  return {
    enable,
    action: CLICK_EVENT_DEFAULTS.action,
    binding: createEmptyBinding(),
    target: CLICK_EVENT_DEFAULTS.target,
    link: '',
    pageId: '',
    window: { ...CLICK_EVENT_DEFAULTS.window },
    writeType: CLICK_EVENT_DEFAULTS.writeType,
    pressType: CLICK_EVENT_DEFAULTS.pressType,
    writeValue: 1,
    hint: false,
    hintValue: '',
    delay: { ...CLICK_EVENT_DEFAULTS.delay },
    feedback: CLICK_EVENT_DEFAULTS.feedback,
    script: '',
  };
}
