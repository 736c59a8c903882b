/**
 * Why the designer refused an edit, with the text a person sees. The designer's operations return
 * these reasons; the console shows `translateDesignerRejection`. A reason that has a catalogue code
 * (§8) uses the catalogue's text.
 */
import { translateError, type ErrorCode, type ErrorParams } from '../errors/index.ts';
import type { Locale } from '../locale.ts';

interface RejectionText {
  readonly zh: string;
  readonly en: string;
  readonly code?: ErrorCode;
}

const text = (zh: string, en: string): RejectionText => ({ zh, en });

export const DESIGNER_REJECTIONS = {
  'widget-limit': text('每个页面最多 {max} 个组件', 'A page can hold at most {max} widgets'),
  'weather-limit': text('每个页面最多 {max} 个天气组件', 'A page can hold at most {max} weather widgets'),
  'report-line-limit': text(
    '每个页面只能有 {max} 个报表曲线',
    'A page can hold only {max} report line chart',
  ),
  'webgl-limit': text('每个页面只能有 {max} 个三维场景组件', 'A page can hold only {max} WebGL scene widget'),
  'draw-too-small': text('图形太小，已取消绘制', 'The shape was too small and was not drawn'),
  'draw-aborted': text('绘制未完成，已取消', 'The shape was not finished and was not drawn'),
  'near-canvas-edge': text(
    '组件不能靠近画布边缘 {margin} 以内',
    'A widget cannot come within {margin} of the canvas edge',
  ),
  locked: text('组件已锁定', 'The widget is locked'),
  'resize-too-small': text('尺寸必须大于 {min}', 'The size must stay larger than {min}'),
  'resize-past-edge': text('拖动超出了允许的范围', 'The drag went past the edge it resizes'),
  'group-needs-two': text(
    '请至少选择 2 个未锁定的组件进行组合',
    'Select at least 2 unlocked widgets to group',
  ),
  'not-a-group': text('所选组件不是组合', 'The selected widget is not a group'),
  'align-needs-two': text('请至少选择 2 个组件进行对齐', 'Select at least 2 widgets to align'),
  'distribute-needs-three': text(
    '请至少选择 3 个组件进行均匀分布',
    'Select at least 3 widgets to distribute',
  ),
  'nothing-selected': text('请先选择组件', 'Select a widget first'),
  'widget-not-found': text('组件不存在', 'The widget no longer exists'),
  'clipboard-empty': text('没有可粘贴的组件', 'There is nothing to paste'),
  'clipboard-unreadable': text(
    '剪贴板中不是可粘贴的组件',
    'The clipboard does not hold widgets this designer can paste',
  ),
  'invalid-property': text('属性值无效：{key}', 'Invalid property value: {key}'),
  'popup-in-popup': { ...text('', ''), code: '1601' },
  'unsafe-url': { ...text('', ''), code: '1650' },
  'document-too-new': text(
    '该页面由更新版本保存（版本 {version}），请刷新后再打开',
    'This page was saved by a newer version ({version}); reload to open it',
  ),
  'document-invalid': text('页面数据无效', 'The page data is not valid'),
  'nothing-to-undo': text('没有可撤销的操作', 'Nothing to undo'),
  'nothing-to-redo': text('没有可重做的操作', 'Nothing to redo'),
  'unknown-symbol': text('符号库中没有该符号：{symbol}', 'The symbol library has no symbol {symbol}'),
  'faceplate-mismatch': text(
    '该组件不是模板“{template}”的实例',
    'The widget is not an instance of the faceplate “{template}”',
  ),
  'faceplate-parameter-missing': text(
    '模板参数“{parameter}”未绑定设备',
    'The faceplate parameter “{parameter}” is bound to no device',
  ),
} as const satisfies Record<string, RejectionText>;

export type DesignerRejectionReason = keyof typeof DESIGNER_REJECTIONS;

function fill(template: string, params: ErrorParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function translateDesignerRejection(
  reason: DesignerRejectionReason,
  locale: Locale,
  params?: ErrorParams,
): string {
  const entry: RejectionText = DESIGNER_REJECTIONS[reason];
  if (entry.code) return translateError(entry.code, locale, params);
  return fill(locale === 'en-US' ? entry.en : entry.zh, params);
}
