import { describe, expect, it } from 'vitest';
import { buttonText } from './TextWidgets.tsx';

describe('a new button', () => {
  it('says 按钮 in Chinese and Button in English while it keeps the default text', () => {
    expect(buttonText('Button', 'zh-CN')).toBe('按钮');
    expect(buttonText('Button', 'en-US')).toBe('Button');
  });

  it('shows the text a designer gave it as it is', () => {
    expect(buttonText('启动', 'en-US')).toBe('启动');
    expect(buttonText('Start', 'zh-CN')).toBe('Start');
  });
});
