import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { MISSING_VALUE, formatBareValue, formatValue, labelWithUnit } from './value-format.ts';
import { formatDataValue } from '../../widgets/value-format.ts';

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

describe('floats without decimal places', () => {
  const float = { ...variable('waterTemperature'), decimals: 0 };
  const double = { ...variable('waterTemperature'), dataType: 'double' as const, decimals: 0 };

  it('show what the device holds instead of rounding 23.5 to 24', () => {
    expect(formatValue(float, 23.5)).toBe('23.5 ℃');
    expect(formatValue(double, 23.5)).toBe('23.5 ℃');
    expect(formatBareValue(float, 70)).toBe('70');
  });

  it('keep up to 6 decimals and drop trailing zeros (a float32 23.1 reads 23.1)', () => {
    expect(formatBareValue(float, Math.fround(23.1))).toBe('23.1');
    expect(formatBareValue(double, 1.23456789)).toBe('1.234568');
    expect(formatBareValue(double, 0.5)).toBe('0.5');
    expect(formatBareValue(double, -0.0000001)).toBe('0');
  });

  it('still format exactly when decimal places are set', () => {
    expect(formatValue({ ...float, decimals: 2 }, 23.5)).toBe('23.50 ℃');
    expect(formatValue({ ...float, decimals: 1 }, 23.46)).toBe('23.5 ℃');
  });

  it('leave integer types whole', () => {
    expect(formatValue(variable('burnerStarts'), 12)).toBe('12 次');
    expect(formatBareValue({ ...variable('burnerStarts'), decimals: 0 }, 12.6)).toBe('13');
  });

  it('read the same on the runtime widgets as in the tables', () => {
    const info = { unit: '℃', decimals: 0, stateMapping: [], dataType: 'float' as const };
    expect(formatDataValue(23.5, info)).toBe('23.5 ℃');
    expect(formatDataValue(23.5, { ...info, decimals: 2 })).toBe('23.50 ℃');
    expect(formatDataValue(null, info)).toBe('--');
    expect(formatDataValue('00123', { ...info, dataType: 'string' })).toBe('00123');
  });

  it('name a variable with its unit one way', () => {
    expect(labelWithUnit('出水温度', '℃')).toBe('出水温度 (℃)');
    expect(labelWithUnit('运行模式', '')).toBe('运行模式');
  });
});
