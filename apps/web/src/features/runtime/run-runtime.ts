/**
 * The runtime a running page gives its widgets, shared by the monitoring site's viewer and the
 * designer's preview: live values, clicks and writes through the page's actions, and, when a device
 * runs the page, its history and reports behind the trends.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { Locale } from '@lyyp/contracts';
import type { DataBinding } from '@lyyp/contracts/designer';
import type { ValueReader } from '@lyyp/designer-core';
import { reportApi } from '../../api/report.api.ts';
import type { LiveValueSource, WidgetRuntime } from '../../widgets/render-context.ts';
import type { SignalInfo } from '../../widgets/value-format.ts';
import { loadChartHistory } from './chart-history.ts';

export interface RunRuntimeOptions {
  readonly locale: Locale;
  readonly read: ValueReader;
  readonly live?: LiveValueSource | undefined;
  readonly describe: (binding: DataBinding) => SignalInfo | undefined;
  readonly auths: ReadonlySet<string>;
  readonly mayWrite: boolean;
  /** The device running the page; without one (typed values) there is no history to read. */
  readonly deviceId?: string | undefined;
  /** The page's actions; they may change with every render. */
  readonly actions: Pick<WidgetRuntime, 'fireEvent' | 'writeValue'>;
}

/**
 * Widgets get stable callers of the actions, so the runtime (and with it every widget) stays the
 * same unless the locale, permissions, device or values source do.
 */
export function useRunRuntime({
  locale,
  read,
  live,
  describe,
  auths,
  mayWrite,
  deviceId,
  actions,
}: RunRuntimeOptions): WidgetRuntime {
  const latestActions = useRef(actions);
  useLayoutEffect(() => {
    latestActions.current = actions;
  });
  const fireEvent = useCallback<WidgetRuntime['fireEvent']>(
    (...args) => latestActions.current.fireEvent(...args),
    [],
  );
  const writeValue = useCallback<WidgetRuntime['writeValue']>(
    (...args) => latestActions.current.writeValue(...args),
    [],
  );
  return useMemo<WidgetRuntime>(
    () => ({
      mode: 'run',
      locale,
      read,
      ...(live ? { live } : {}),
      describe,
      auths,
      fireEvent,
      writeValue,
      mayWrite,
      ...(deviceId
        ? {
            deviceId,
            loadHistory: (keys: readonly string[], start: number, end: number) =>
              loadChartHistory(deviceId, keys, start, end),
            loadReportSeries: (request: Parameters<NonNullable<WidgetRuntime['loadReportSeries']>>[0]) =>
              reportApi.reportSeries({
                equipmentId: deviceId,
                ...request,
                timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
              }),
          }
        : {}),
    }),
    [locale, read, live, describe, auths, fireEvent, writeValue, mayWrite, deviceId],
  );
}
