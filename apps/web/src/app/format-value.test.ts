import { describe, expect, it } from 'vitest';
import { formatDuration, formatReading } from './format-value.ts';
import { fieldLabel, isFieldKey, translateCatalogue } from './messages.ts';
import { requiredText } from '../features/auth/form-rules.ts';

describe('durations', () => {
  it.each([
    [10, '10 秒', '10 s'],
    [0, '0 秒', '0 s'],
    [60, '1 分钟', '1 min'],
    [90, '1 分钟 30 秒', '1 min 30 s'],
    [3600, '1 小时', '1 h'],
    [3630, '1 小时', '1 h'],
    [5400, '1 小时 30 分钟', '1 h 30 min'],
    [90_000, '1 天 1 小时', '1 d 1 h'],
  ])('%d s reads "%s" / "%s"', (seconds, zh, en) => {
    expect(formatDuration(seconds, 'zh-CN')).toBe(zh);
    expect(formatDuration(seconds, 'en-US')).toBe(en);
  });

  it('never shows a fraction of a unit', () => {
    for (let seconds = 0; seconds < 200_000; seconds += 997) {
      expect(formatDuration(seconds, 'en-US')).toMatch(/^\d+ [a-z]+( \d+ [a-z]+)?$/);
    }
  });
});

describe('readings', () => {
  it('words booleans and rounds float noise', () => {
    expect(formatReading(true, 'zh-CN')).toBe('是');
    expect(formatReading(false, 'en-US')).toBe('No');
    expect(formatReading(0.1 + 0.2, 'zh-CN')).toBe('0.3');
    expect(formatReading(23.456, 'zh-CN', 1)).toBe('23.5');
    expect(formatReading(null, 'zh-CN')).toBe('—');
    expect(formatReading('运行', 'zh-CN')).toBe('运行');
  });
});

describe('field names in texts', () => {
  it('tells API names from words', () => {
    expect(isFieldKey('password')).toBe(true);
    expect(isFieldKey('items.0.name')).toBe(true);
    expect(isFieldKey('0,name')).toBe(true);
    expect(isFieldKey('名称')).toBe(false);
    expect(isFieldKey('Name')).toBe(false);
    expect(isFieldKey('SN')).toBe(false);
  });

  it('labels a name from any area, list indexes skipped', () => {
    expect(fieldLabel('password', 'zh-CN')).toBe('密码');
    expect(fieldLabel('roleName', 'zh-CN')).toBe('角色名称');
    expect(fieldLabel('roleName', 'en-US')).toBe('Role name');
  });

  it('never asks for an input by its API name', () => {
    expect(requiredText('password', 'zh-CN')).toBe('请输入密码');
    expect(requiredText('password', 'en-US')).toBe('Please enter the password');
    expect(requiredText('roleName', 'zh-CN', 'choice')).toBe('请选择角色名称');
    expect(requiredText('名称', 'zh-CN')).toBe('请输入名称');
  });

  it('labels the field a catalogue message names', () => {
    expect(translateCatalogue('1137', 'zh-CN', { field: 'roleName', max: 20 })).toContain('角色名称');
    expect(translateCatalogue('1137', 'zh-CN', { field: 'roleName', max: 20 })).not.toContain('roleName');
  });
});
