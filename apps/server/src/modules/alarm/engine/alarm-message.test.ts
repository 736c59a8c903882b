import { describe, expect, it } from 'vitest';
import { buildRule } from './alarm-test-support.ts';
import { deviceStatusAlarmMessage, variableAlarmMessage } from './alarm-message.ts';

const variable = { name: '炉温', unit: '℃', decimals: 1 };

describe('alarm texts', () => {
  it('fills the rule’s text with the raising value and unit', () => {
    const rule = buildRule({ message: '{device} {variable}过高：{value}{unit}（限值 {limit}{unit}）' });
    expect(
      variableAlarmMessage({ rule, variable, deviceName: '1号锅炉', value: 85.46, locale: 'zh-CN' }),
    ).toBe('1号锅炉 炉温过高：85.5℃（限值 80.0℃）');
  });

  it('uses the default text in the reader’s language and shows comparand values and ranges', () => {
    const compared = buildRule({ condition: { operator: 'gt', limit: { kind: 'variable', key: 'sp' } } });
    expect(
      variableAlarmMessage({
        rule: { ...compared, message: '{limit}' },
        variable,
        deviceName: 'B1',
        value: 90,
        references: { sp: 85 },
        locale: 'en-US',
      }),
    ).toBe('85.0');
    const range = buildRule({
      condition: {
        operator: 'outside',
        low: { kind: 'value', value: 10 },
        high: { kind: 'value', value: 20 },
      },
    });
    expect(
      variableAlarmMessage({ rule: range, variable, deviceName: 'B1', value: 25, locale: 'en-US' }),
    ).toBe('B1 Boiler too hot: 炉温 is 25.0℃');
    expect(
      variableAlarmMessage({
        rule: { ...range, message: '{limit}' },
        variable,
        deviceName: 'B1',
        value: 25,
        locale: 'en-US',
      }),
    ).toBe('10.0 ~ 20.0');
  });

  it('shows a state text for bit and state alarms', () => {
    const rule = buildRule({
      variableKey: 'run',
      condition: { operator: 'bit' },
      message: '{variable}: {value}',
    });
    const state = { name: 'Pump', stateMapping: [{ value: 1, text: 'tripped' }] };
    expect(variableAlarmMessage({ rule, variable: state, deviceName: 'B1', value: 1, locale: 'en-US' })).toBe(
      'Pump: tripped',
    );
  });

  it('words offline and power-off alarms', () => {
    expect(deviceStatusAlarmMessage('offline', '', '1号锅炉', 'zh-CN')).toBe('1号锅炉 网关离线');
    expect(deviceStatusAlarmMessage('power-off', '', 'B1', 'en-US')).toBe('B1: the gateway lost power');
    expect(deviceStatusAlarmMessage('offline', '{device} lost', 'B1', 'en-US')).toBe('B1 lost');
  });
});
