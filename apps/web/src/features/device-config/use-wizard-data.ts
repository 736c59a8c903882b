/**
 * What the steps of a device's management wizard read, each under the query key the device's own
 * tabs use, so a step and its tab share one copy: the configuration, reports, alarm rules, pages
 * and scripts of the device.
 */
import { useQuery } from '@tanstack/react-query';
import { alarmApi } from '../../api/alarm.api.ts';
import { designerRuntimeApi } from '../../api/designer-runtime.api.ts';
import { deviceConfigApi } from '../../api/device-config.api.ts';
import { edgeLogicApi } from '../../api/edge-logic.api.ts';
import { reportApi } from '../../api/report.api.ts';

export const deviceConfigQueryKey = (deviceId: string) => ['device-config', deviceId] as const;

export function useDeviceConfig(deviceId: string) {
  return useQuery({
    queryKey: deviceConfigQueryKey(deviceId),
    queryFn: () => deviceConfigApi.fetch(deviceId),
  });
}

export function useDeviceReports(deviceId: string) {
  return useQuery({
    queryKey: ['device-reports', deviceId],
    queryFn: () => reportApi.deviceReports(deviceId),
  });
}

export function useDeviceRules(deviceId: string) {
  return useQuery({
    queryKey: ['alarm', 'device-rules', deviceId],
    queryFn: () => alarmApi.deviceRules(deviceId),
  });
}

export function useDevicePages(deviceId: string) {
  return useQuery({
    queryKey: ['runtime', 'pages', deviceId],
    queryFn: () => designerRuntimeApi.listDevicePages(deviceId),
  });
}

/** Refreshed as often as a gateway reports while scripts run. */
const SCRIPT_REFRESH_MS = 5000;

export function useDeviceScripts(deviceId: string, refresh = false) {
  return useQuery({
    queryKey: ['device-scripts', deviceId],
    queryFn: () => edgeLogicApi.deviceScriptStatus(deviceId),
    ...(refresh ? { refetchInterval: SCRIPT_REFRESH_MS } : {}),
  });
}
