/** How the data centre names an energy: its variable name with its unit, never a bare sum of kinds. */
import type { DatacenterEnergy } from '@lyyp/contracts/report';

export function energyLabel(energy: DatacenterEnergy): string {
  return energy.unit ? `${energy.name} (${energy.unit})` : energy.name;
}

/** An amount of one energy, with at most two decimals. */
export function amountText(value: number | undefined): string {
  return (value ?? 0).toLocaleString(undefined, { maximumFractionDigits: 2 });
}
