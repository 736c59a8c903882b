/**
 * The edited driver addresses of a device's configuration tab: what the inputs hold, which differ
 * from the product, and the overrides the save sends (only what differs; the server checks again).
 */
import type { DeviceConfigDriver, DriverAddressField, DriverOverride } from '../../api/device-config.api.ts';

export type AddressValue = string | number | null;
export type ConfigDraft = Record<string, Partial<Record<DriverAddressField, AddressValue>>>;

/** The inputs as the device runs them now. */
export function draftOf(drivers: readonly DeviceConfigDriver[]): ConfigDraft {
  return Object.fromEntries(
    drivers.map((driver) => [
      driver.key,
      Object.fromEntries(driver.addresses.map((row) => [row.field, row.device])),
    ]),
  );
}

/** The inputs as the product has them (reset). */
export function productDraftOf(drivers: readonly DeviceConfigDriver[]): ConfigDraft {
  return Object.fromEntries(
    drivers.map((driver) => [
      driver.key,
      Object.fromEntries(driver.addresses.map((row) => [row.field, row.product])),
    ]),
  );
}

/** Whether an input differs from the product; an empty input follows the product. */
export function differsFromProduct(product: string | number, value: AddressValue | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  return value !== product;
}

/** The settings to save: per driver, the fields whose input differs from the product. */
export function overridesOf(drivers: readonly DeviceConfigDriver[], draft: ConfigDraft): DriverOverride[] {
  const overrides: DriverOverride[] = [];
  for (const driver of drivers) {
    const own: Record<string, unknown> = {};
    for (const row of driver.addresses) {
      const value = draft[driver.key]?.[row.field];
      if (differsFromProduct(row.product, value))
        own[row.field] = typeof value === 'string' ? value.trim() : value;
    }
    if (Object.keys(own).length > 0) overrides.push({ key: driver.key, ...own });
  }
  return overrides;
}

/**
 * Where a driver reaches its slave on this device, as one line: `10.0.0.5:502 #1` for Modbus TCP,
 * `/dev/ttyUSB0 #3` for RTU; whether any part differs from the product.
 */
export function describeDriverAddress(driver: DeviceConfigDriver): { text: string; differs: boolean } {
  const value = (field: DriverAddressField) => driver.addresses.find((row) => row.field === field)?.device;
  const host = value('host');
  const port = value('port');
  const serialPort = value('serialPort');
  const slaveId = value('slaveId');
  const place =
    host !== undefined ? `${host}${port !== undefined ? `:${port}` : ''}` : String(serialPort ?? '');
  return {
    text: [place, slaveId !== undefined ? `#${slaveId}` : ''].filter(Boolean).join(' '),
    differs: driver.addresses.some((row) => row.differs),
  };
}
