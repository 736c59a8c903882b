import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import {
  SIGNAL_PALETTE,
  assignUnitAxes,
  describeCurveLines,
  signalColour,
  timeLabelFormat,
} from './curve-axes.ts';
import type { DeviceVariable } from './use-device.ts';

describe('curve axes', () => {
  it('puts variables of one unit on one axis and each unit on its own', () => {
    expect(
      assignUnitAxes([
        { key: 'water', unit: '℃' },
        { key: 'pressure', unit: 'MPa' },
        { key: 'return', unit: '℃' },
        { key: 'mode', unit: '' },
      ]),
    ).toEqual({ units: ['℃', 'MPa', ''], axisOf: { water: 0, pressure: 1, return: 0, mode: 2 } });
  });

  it('labels time more coarsely as the span grows', () => {
    expect(timeLabelFormat(5 * 60_000)).toBe('HH:mm:ss');
    expect(timeLabelFormat(3_600_000)).toBe('HH:mm');
    expect(timeLabelFormat(3 * 86_400_000)).toBe('MM-DD HH:mm');
    expect(timeLabelFormat(30 * 86_400_000)).toBe('YYYY-MM-DD');
  });
});

const demoVariable = demoBoilerModel().variables[0]!;

describe('curve lines', () => {
  const variable = (key: string, unit: string): DeviceVariable => ({
    key,
    name: key,
    definition: { ...demoVariable, key, name: key, unit, decimals: 0, dataType: 'float' },
  });
  const variables = ['water', 'return', 'pressure', 'mode'].map((key) =>
    variable(key, key === 'pressure' ? 'MPa' : '℃'),
  );

  it('keep one colour per signal whatever else is drawn, in the history and the live curve alike', () => {
    const alone = describeCurveLines(['pressure'], variables);
    const together = describeCurveLines(['water', 'mode', 'pressure'], variables);
    expect(alone[0]?.colour).toBe(together[2]?.colour);
    expect(new Set(together.map((line) => line.colour)).size).toBe(3);
    expect(signalColour('water', ['water', 'return'])).toBe(SIGNAL_PALETTE[0]);
    expect(signalColour('live-only', [])).toBe(signalColour('live-only', ['water']));
  });

  it('label and format values as the tables do', () => {
    const [line] = describeCurveLines(['water'], variables);
    expect(line?.label).toBe('water (℃)');
    expect(line?.format(23.5)).toBe('23.5');
    expect(line?.format(null)).toBe('—');
  });
});
