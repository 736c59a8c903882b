import { describe, expect, it } from 'vitest';
import { createEmptyBinding } from '@lyyp/designer-core';
import { PageValueStore } from '../features/runtime/page-value-store.ts';
import { FaceplateValues } from './faceplate-values.ts';

const binding = (signalId: string, equipId = '') => ({ ...createEmptyBinding(), signalId, equipId });

describe('faceplate values', () => {
  it('reads each device’s own value and the page device’s for bindings without one', () => {
    const page = new PageValueStore();
    page.replace({ temp: 20 });
    const values = new FaceplateValues(page, 'page-device');
    values.setDevice('dev-1', { temp: 71 });
    values.setDevice('dev-2', { temp: 82 });
    expect(values.read(binding('temp'))).toBe(20);
    expect(values.read(binding('temp', 'page-device'))).toBe(20);
    expect(values.read(binding('temp', 'dev-1'))).toBe(71);
    expect(values.read(binding('temp', 'dev-2'))).toBe(82);
    expect(values.read(binding('other', 'dev-2'))).toBeUndefined();
  });

  it('announces another device’s change under the plain key, and relays the page’s changes once attached', () => {
    const page = new PageValueStore();
    const values = new FaceplateValues(page, 'page-device');
    const heard: string[][] = [];
    values.subscribe((changed) => heard.push([...changed]));
    values.setDevice('dev-1', { temp: 1 });
    values.setDevice('dev-1', { temp: 1 });
    page.replace({ level: 3 });
    const stop = values.attach();
    page.replace({ level: 4 });
    stop();
    page.replace({ level: 5 });
    expect(heard).toEqual([['temp'], ['level']]);
    expect(values.version()).toBe(2);
    expect(values.changedAt('temp')).toBe(1);
    expect(values.changedAt('level')).toBe(2);
  });
});
