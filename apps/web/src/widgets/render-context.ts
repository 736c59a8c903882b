/**
 * What a widget renderer gets from whoever shows the page: the editor (design mode: no live values,
 * controls inert) or the runtime viewer (run mode: live values, clicks and writes go to the device).
 */
import type { Locale } from '@lyyp/contracts';
import type {
  ClickEvent,
  DataBinding,
  LeafWidget,
  LeafWidgetType,
  RuleValue,
  WidgetOf,
} from '@lyyp/contracts/designer';
import type { ValueReader, VisualState } from '@lyyp/designer-core';
import type { ReportGranularity, ReportSeriesAnswer } from '@lyyp/contracts/report';
import type { ComponentType } from 'react';
import type { SignalInfo } from './value-format.ts';

export type RenderMode = 'design' | 'run';

/** A press or release on a widget whose click event is on, or on one item of a select. */
export type WidgetPress = 'press' | 'release';

/**
 * Where a running page's values change: `read` always answers the latest value, and each widget
 * follows only the keys (`bindingKey`) it read, so a change re-renders the widgets bound to it and
 * leaves the rest of the page alone.
 */
export interface LiveValueSource {
  /** Calls back after each change with the keys whose values changed. */
  readonly subscribe: (listener: (changed: ReadonlySet<string>) => void) => () => void;
  /** Counts the changes so far. */
  readonly version: () => number;
  /** The count at which a key's value last changed (0: never). */
  readonly changedAt: (key: string) => number;
}

export interface WidgetRuntime {
  readonly mode: RenderMode;
  readonly locale: Locale;
  /** The latest value of a binding. */
  readonly read: ValueReader;
  /**
   * The changes behind `read`, when its values change while the page is shown (the viewer).
   * Without it a widget re-renders only when its runtime does.
   */
  readonly live?: LiveValueSource;
  /** Unit, decimals and state texts of a bound signal, when known. */
  readonly describe: (binding: DataBinding) => SignalInfo | undefined;
  /** Permission codes of the viewer, for widgets limited to some (`authRegion`). */
  readonly auths: ReadonlySet<string>;
  /** A click event fired (the widget's own, or a select item's). */
  readonly fireEvent: (widget: LeafWidget, event: ClickEvent, press: WidgetPress) => void;
  /** A control (input, radio, time picker) asks to write a value to its binding. */
  readonly writeValue: (widget: LeafWidget, binding: DataBinding, value: RuleValue) => void;
  /**
   * Whether the viewer may write values to the device (the policy's `device.write`); `false` makes
   * the writing controls read-only. Absent in the editor, where controls are inert anyway.
   */
  readonly mayWrite?: boolean;
  /**
   * The device the page runs for; absent in the editor. Widgets that read records (history table,
   * alarm records) ask the platform about it with the viewer's own session and permissions.
   */
  readonly deviceId?: string;
  /**
   * Stored points of signals between two times, so a trend opens with its window filled; absent
   * where there is no device (the editor).
   */
  readonly loadHistory?: (keys: readonly string[], start: number, end: number) => Promise<HistoryPoints>;
  /** A history report's rows of the page's device, for charts in report mode; absent in the editor. */
  readonly loadReportSeries?: (request: ReportSeriesRequest) => Promise<ReportSeriesAnswer>;
}

/** A report's rows of the page's device over a period (report mode of the trend charts). */
export interface ReportSeriesRequest {
  readonly reportId: string;
  readonly granularity: ReportGranularity;
  readonly start: number;
  readonly end: number;
}

/** Points per signal key, `[ts, value]`, oldest first; null marks a gap. */
export type HistoryPoints = Readonly<Record<string, readonly [number, number | null][]>>;

const noValue: ValueReader = () => undefined;

/** The runtime of the editor: nothing is live and nothing fires. */
export function createDesignRuntime(locale: Locale): WidgetRuntime {
  return {
    mode: 'design',
    locale,
    read: noValue,
    describe: () => undefined,
    auths: new Set(),
    fireEvent: () => undefined,
    writeValue: () => undefined,
  };
}

export interface WidgetRendererProps<T extends LeafWidgetType = LeafWidgetType> {
  readonly widget: WidgetOf<T>;
  /** Size of the widget's box in page units. */
  readonly width: number;
  readonly height: number;
  readonly visual: VisualState;
  readonly runtime: WidgetRuntime;
}

export type WidgetRenderer<T extends LeafWidgetType = LeafWidgetType> = ComponentType<WidgetRendererProps<T>>;
