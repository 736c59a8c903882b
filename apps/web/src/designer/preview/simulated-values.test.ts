import { describe, expect, it } from 'vitest';
import { createEmptyBinding } from '@lyyp/designer-core';
import { parseSimulatedValue, SimulatedValues } from './simulated-values.ts';

const signal = (key: string) => ({ ...createEmptyBinding(), signalId: key });
const mvar = (key: string) => ({ ...createEmptyBinding(), mvarId: key });

describe('typed values of the preview', () => {
  it('reach the page under the keys the viewer uses, and only changed keys are announced', () => {
    const values = new SimulatedValues();
    const heard: string[][] = [];
    values.store.subscribe((changed) => heard.push([...changed].sort()));
    values.set('waterLevel', 42);
    expect(values.store.read(signal('waterLevel'))).toBe(42);
    expect(values.store.read(mvar('waterLevel'))).toBe(42);
    expect(heard).toEqual([['mvar:waterLevel', 'waterLevel']]);
    values.set('waterLevel', undefined);
    expect(values.store.read(signal('waterLevel'))).toBeUndefined();
    expect(values.snapshot()).toEqual({});
  });

  it('take writes from the page, and tell the fields', async () => {
    const values = new SimulatedValues();
    let told = 0;
    values.subscribe(() => (told += 1));
    await values.write('setPoint', 85);
    expect(values.snapshot()).toEqual({ setPoint: 85 });
    expect(values.store.read(signal('setPoint'))).toBe(85);
    expect(told).toBe(1);
  });

  it('say the gateway is online to the system keys', () => {
    const values = new SimulatedValues();
    expect(values.store.read({ ...createEmptyBinding(), systemKey: 'online' })).toBe(1);
  });

  it('read typed text: numbers, switch words, text, and empty as no value', () => {
    expect(parseSimulatedValue(' 12.5 ', false)).toBe(12.5);
    expect(parseSimulatedValue('', false)).toBeUndefined();
    expect(parseSimulatedValue('on', true)).toBe(1);
    expect(parseSimulatedValue('关', true)).toBe(0);
    expect(parseSimulatedValue('on', false)).toBe('on');
    expect(parseSimulatedValue('fault', true)).toBe('fault');
  });
});
