/**
 * Parts every widget shares (§3): ids, data binding, style, animation rules and the click event.
 * Names of saved fields follow the specification, spelling included (`visiable`, `underLine`).
 */
import { z } from 'zod';
import { checkedUrl } from '../validation/url.ts';
import { CLICK_DELAY_DEFAULT_MS, CLICK_WINDOW_DEFAULT_HEIGHT, CLICK_WINDOW_DEFAULT_WIDTH } from './limits.ts';

export const WidgetIdSchema = z.string().min(1).max(64).brand<'WidgetId'>();
export type WidgetId = z.infer<typeof WidgetIdSchema>;
export const PageIdSchema = z.string().max(64).brand<'PageId'>();
export type PageId = z.infer<typeof PageIdSchema>;

/** A CSS colour as the colour picker writes it (`#ff0000`, `rgba(…)`, a name). */
export const ColorSchema = z.string().max(64);

/** What a binding points at: a device signal (default), a WebGL scene, a report or a video stream. */
export const BINDING_TYPES = ['signal', 'scene', 'report', 'stream'] as const;
export type BindingType = (typeof BINDING_TYPES)[number];

/** How a rule compares the live value with its own value. `==` is the default. */
export const COMPARISON_SYMBOLS = ['==', '!=', '>', '>=', '<', '<='] as const;
export type ComparisonSymbol = (typeof COMPARISON_SYMBOLS)[number];

export const RuleValueSchema = z.union([z.number().finite(), z.string().max(200)]);
export type RuleValue = z.infer<typeof RuleValueSchema>;

/** The longest binding expression (a formula of `x`, the raw value). */
export const BINDING_EXPRESSION_MAX_LENGTH = 200;

/** Rows each of a binding's value maps (text, colour) may hold (§9 mapping 100 entries). */
export const BINDING_MAP_MAX_ENTRIES = 100;

/**
 * How a bound value is shown (docs/widgets.md "Binding transforms"): the raw value `x` goes through
 * `expression` (a formula of `x`) or else `x * scale + offset`; the result is what rules compare;
 * `textMap` and `colorMap` (first rule that holds) give its text and colour; without a text rule
 * the text is the value with `decimals` digits and `unit`. Every field may be left out.
 */
export const BindingTransformSchema = z
  .object({
    expression: z.string().max(BINDING_EXPRESSION_MAX_LENGTH),
    scale: z.number().finite(),
    offset: z.number().finite(),
    decimals: z.number().int().min(0).max(10).nullable(),
    unit: z.string().max(20),
    textMap: z
      .array(
        z.object({ symbol: z.enum(COMPARISON_SYMBOLS), value: RuleValueSchema, text: z.string().max(200) }),
      )
      .max(BINDING_MAP_MAX_ENTRIES),
    colorMap: z
      .array(z.object({ symbol: z.enum(COMPARISON_SYMBOLS), value: RuleValueSchema, color: ColorSchema }))
      .max(BINDING_MAP_MAX_ENTRIES),
  })
  .partial();
export type BindingTransform = z.infer<typeof BindingTransformSchema>;

/** A data binding; empty ids mean "not bound". `title` is the signal's name, used to rebind by name. */
export const DataBindingSchema = z.object({
  type: z.enum(BINDING_TYPES),
  title: z.string().max(200),
  subTitle: z.string().max(200),
  signalId: z.string().max(64),
  equipId: z.string().max(64),
  systemKey: z.string().max(200),
  mvarId: z.string().max(64),
  transform: BindingTransformSchema.optional(),
});
export type DataBinding = z.infer<typeof DataBindingSchema>;

/** One signal drawn by a chart. */
export const SeriesItemSchema = z.object({
  title: z.string().max(200),
  subTitle: z.string().max(200),
  signalId: z.string().max(64),
  equipId: z.string().max(64),
  color: ColorSchema,
});
export type SeriesItem = z.infer<typeof SeriesItemSchema>;

export const TEXT_ALIGN_HORIZONTAL = ['left', 'center', 'right'] as const;
export const TEXT_ALIGN_VERTICAL = ['top', 'middle', 'bottom'] as const;
export const FONT_WEIGHTS = ['normal', 'bold'] as const;
export const FONT_STYLES = ['normal', 'italic'] as const;

export const StyleSchema = z.object({
  opacity: z.number().min(0).max(1),
  fill: z.object({ enable: z.boolean(), color: ColorSchema }),
  stroke: z.object({
    enable: z.boolean(),
    color: ColorSchema,
    width: z.number().min(0).max(100),
    /** SVG dash pattern such as `5,5`; empty for a solid line. */
    dasharray: z.string().max(64),
  }),
  font: z.object({
    size: z.number().min(1).max(500),
    color: ColorSchema,
    family: z.string().max(100),
    weight: z.enum(FONT_WEIGHTS),
    style: z.enum(FONT_STYLES),
    underLine: z.boolean(),
  }),
  align: z.object({ horizontal: z.enum(TEXT_ALIGN_HORIZONTAL), vertical: z.enum(TEXT_ALIGN_VERTICAL) }),
  radius: z.number().min(0).max(10_000),
});
export type WidgetStyle = z.infer<typeof StyleSchema>;

/** A rule that holds while `value(binding) symbol value`. */
export const ConditionRuleSchema = z.object({
  enable: z.boolean(),
  binding: DataBindingSchema,
  symbol: z.enum(COMPARISON_SYMBOLS),
  value: RuleValueSchema,
});
export type ConditionRule = z.infer<typeof ConditionRuleSchema>;

export const ROTATE_DIRECTIONS = ['clockwise', 'anticlockwise'] as const;
export type RotateDirection = (typeof ROTATE_DIRECTIONS)[number];

export const RotateRuleSchema = ConditionRuleSchema.extend({
  direction: z.enum(ROTATE_DIRECTIONS),
  /** Turns per minute. */
  speed: z.number().min(0).max(600),
});
export type RotateRule = z.infer<typeof RotateRuleSchema>;

export const ColourRuleSchema = z.object({
  symbol: z.enum(COMPARISON_SYMBOLS),
  value: RuleValueSchema,
  color: ColorSchema,
});
export type ColourRule = z.infer<typeof ColourRuleSchema>;

/** A colour animation: the first rule that holds gives the colour. */
export const ColourAnimationSchema = z.object({
  enable: z.boolean(),
  binding: DataBindingSchema,
  colors: z.array(ColourRuleSchema).max(50),
});
export type ColourAnimation = z.infer<typeof ColourAnimationSchema>;

export const AnimationSchema = z.object({
  /** Shown while the condition holds, hidden otherwise. */
  visiable: ConditionRuleSchema,
  twinkle: ConditionRuleSchema,
  rotate: RotateRuleSchema,
  fillColor: ColourAnimationSchema,
  borderColor: ColourAnimationSchema,
  fontColor: ColourAnimationSchema,
});
export type WidgetAnimation = z.infer<typeof AnimationSchema>;
export type AnimationKind = keyof WidgetAnimation;
export const ANIMATION_KINDS = [
  'visiable',
  'twinkle',
  'rotate',
  'fillColor',
  'borderColor',
  'fontColor',
] as const satisfies readonly AnimationKind[];

/**
 * write a value, open another page in place, open a link, open a page in a popup window, or run the
 * event's `script` in the viewer's sandbox (it may read page values and ask for writes).
 */
export const CLICK_ACTIONS = ['write', 'page', 'link', 'popup', 'script'] as const;
export type ClickAction = (typeof CLICK_ACTIONS)[number];
/** set: write `writeValue`; press: write by `pressType`; input: ask for the value. */
export const WRITE_TYPES = ['set', 'press', 'input'] as const;
export type WriteType = (typeof WRITE_TYPES)[number];
/** set1 / set0: write 1 / 0; toggle: write the opposite of the live value; reset: 1 on press, 0 on release. */
export const PRESS_TYPES = ['set1', 'set0', 'toggle', 'reset'] as const;
export type PressType = (typeof PRESS_TYPES)[number];
export const LINK_TARGETS = ['_blank', '_self'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

/** The longest click script a page may hold. */
export const CLICK_SCRIPT_MAX_LENGTH = 10_000;
/** A click script runs at most this long (ms) before it is stopped. */
export const CLICK_SCRIPT_TIME_LIMIT_MS = 200;
/** Writes one run of a click script may ask for. */
export const CLICK_SCRIPT_MAX_WRITES = 10;

export const ClickEventSchema = z.object({
  enable: z.boolean(),
  action: z.enum(CLICK_ACTIONS),
  /** Where a write goes; an empty binding means the widget's own binding. */
  binding: DataBindingSchema,
  target: z.enum(LINK_TARGETS),
  /** http(s) or an address on this site (the shared URL rule); anything else is refused. */
  link: checkedUrl(),
  pageId: z.string().max(64),
  window: z.object({
    width: z.number().int().min(1).max(10_000),
    height: z.number().int().min(1).max(10_000),
  }),
  writeType: z.enum(WRITE_TYPES),
  pressType: z.enum(PRESS_TYPES),
  writeValue: RuleValueSchema,
  /** Ask for confirmation with `hintValue` before acting. */
  hint: z.boolean(),
  hintValue: z.string().max(200),
  /** Wait before reading the written value back. */
  delay: z.object({ enable: z.boolean(), value: z.number().int().min(0).max(600_000) }),
  /** Tell the user whether the write took effect. */
  feedback: z.boolean(),
  /** Run by action `script`: JavaScript in a sandbox, checked for syntax when the page is saved. */
  script: z.string().max(CLICK_SCRIPT_MAX_LENGTH),
});
export type ClickEvent = z.infer<typeof ClickEventSchema>;

export const CLICK_EVENT_DEFAULTS = {
  action: 'write',
  target: '_blank',
  window: { width: CLICK_WINDOW_DEFAULT_WIDTH, height: CLICK_WINDOW_DEFAULT_HEIGHT },
  writeType: 'set',
  pressType: 'set1',
  delay: { enable: true, value: CLICK_DELAY_DEFAULT_MS },
  feedback: true,
} as const satisfies Partial<ClickEvent>;

/** Permission codes a user needs to see and use the widget; empty means everyone. */
export const AuthRegionSchema = z.array(z.string().max(64)).max(50);

/** An axis-aligned box on the canvas. */
export const BoxSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
});
export type Box = z.infer<typeof BoxSchema>;
