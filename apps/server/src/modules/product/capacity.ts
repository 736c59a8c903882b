/**
 * What one product's model may hold (§9: capacity is shown as used/total and depends on the model).
 * Every product gets these until hardware models carry their own numbers.
 */
import type { DeviceModel } from '@lyyp/contracts/device-model';

export interface ProductCapacity {
  drivers: number;
  variables: number;
}

export const DEFAULT_PRODUCT_CAPACITY: ProductCapacity = { drivers: 16, variables: 1000 };

export interface CapacityUse {
  used: number;
  total: number;
}

export function capacityUseOf(model: DeviceModel, capacity: ProductCapacity = DEFAULT_PRODUCT_CAPACITY) {
  return {
    drivers: { used: model.drivers.length, total: capacity.drivers },
    variables: { used: model.variables.length, total: capacity.variables },
  } satisfies Record<keyof ProductCapacity, CapacityUse>;
}
