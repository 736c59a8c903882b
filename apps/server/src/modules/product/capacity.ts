/**
 * What one product may hold (§9: counts per gateway depend on the model; shown as used/total). The
 * one capacity source: a product's numbers are those of the hardware model its `modelId` names, or
 * of the built-in default model. Drivers, variables, scripts, reports and alarm rules are all
 * checked against what `CapacitySource.capacityOf` answers.
 */
import type { DeviceModel } from '@lyyp/contracts/device-model';
import { scriptsOf } from './edge-logic-validation.ts';
import type { CapacityKind, ModelCapacity } from '@lyyp/contracts/hardware';

export type ProductCapacity = ModelCapacity;

/** Where a product's capacity comes from (the hardware model repository). */
export interface CapacitySource {
  capacityOf(modelId: string | null): Promise<ModelCapacity>;
}

export interface CapacityUse {
  used: number;
  total: number;
}

/** Used/total of the kinds held in the model document itself. */
export function capacityUseOf(model: DeviceModel, capacity: ModelCapacity) {
  return {
    drivers: { used: model.drivers.length, total: capacity.drivers },
    variables: { used: model.variables.length, total: capacity.variables },
    scripts: { used: scriptsOf(model).length, total: capacity.scripts },
  } satisfies Partial<Record<CapacityKind, CapacityUse>>;
}
