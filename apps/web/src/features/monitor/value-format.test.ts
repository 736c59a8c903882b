import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { MISSING_VALUE, formatValue } from './value-format.ts';

const model = demoBoilerModel();
const variable = (key: string) => {
  const found = model.variables.find((item) => item.key === key);
  if (!found) throw new Error(`demo model has no ${key}`);
  return found;
};

describe('shown values', () => {
  it('rounds to the variable decimal places and adds its unit', () => {
    expect(formatValue(variable('waterTemperature'), 71.46)).toBe('71.5 ℃');
    expect(formatValue(variable('steamPressure'), 0.8)).toBe('0.800 MPa');
    expect(formatValue(variable('burnerStarts'), 12)).toBe('12 次');
  });

  it('shows the state mapping text instead of the number, for numbers and booleans', () => {
    expect(formatValue(variable('operatingMode'), 2)).toBe('自动');
    expect(formatValue(variable('running'), true)).toBe('运行');
    expect(formatValue(variable('running'), 0)).toBe('停止');
  });

  it('falls back to the number when the mapping has no entry for it', () => {
    expect(formatValue(variable('operatingMode'), 7)).toBe('7');
  });

  it('shows strings as they are and a missing value as a dash', () => {
    expect(formatValue(variable('serialNumber'), 'LYBLR2T-00012345')).toBe('LYBLR2T-00012345');
    expect(formatValue(variable('waterTemperature'), null)).toBe(MISSING_VALUE);
    expect(formatValue(undefined, 3.14159)).toBe('3.14159');
  });
});
