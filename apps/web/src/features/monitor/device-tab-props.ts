/** What every device detail tab receives from the detail page: the device, its live state, its variables. */
import type { DeviceDetail } from '../../api/catalogue.types.ts';
import type { LiveDeviceState } from './live-values.ts';
import type { DeviceVariable } from './use-device.ts';

export interface DeviceTabProps {
  device: DeviceDetail;
  live: LiveDeviceState;
  variables: DeviceVariable[];
}
