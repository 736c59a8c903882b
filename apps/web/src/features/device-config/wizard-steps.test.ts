import { describe, expect, it } from 'vitest';
import { WIZARD_STEPS, neighbourSteps, productTabPath, readWizardStep } from './wizard-steps.ts';

describe('device management wizard steps', () => {
  it('follows the specification’s order and opens on the basic info', () => {
    expect(WIZARD_STEPS).toEqual(['basic', 'driver', 'variables', 'reports', 'alarms', 'pages', 'scripts']);
    expect(readWizardStep(null)).toBe('basic');
    expect(readWizardStep('nonsense')).toBe('basic');
    expect(readWizardStep('alarms')).toBe('alarms');
  });

  it('moves one step at a time and stops at either end', () => {
    expect(neighbourSteps('basic')).toEqual({ previous: null, next: 'driver' });
    expect(neighbourSteps('reports')).toEqual({ previous: 'variables', next: 'alarms' });
    expect(neighbourSteps('scripts')).toEqual({ previous: 'pages', next: null });
  });

  it('links each step to the product tab where its settings are made', () => {
    expect(productTabPath('p 1', 'basic')).toBeNull();
    expect(productTabPath('p 1', 'variables')).toBe('/manage/product/edit/p%201/signal');
    expect(productTabPath('p1', 'reports')).toBe('/manage/product/edit/p1/report');
    expect(productTabPath('p1', 'alarms')).toBe('/manage/product/edit/p1/alert');
    expect(productTabPath('p1', 'pages')).toBe('/manage/product/edit/p1/page');
    expect(productTabPath('p1', 'scripts')).toBe('/manage/product/edit/p1/formula');
  });
});
