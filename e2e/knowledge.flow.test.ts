/**
 * The product knowledge base in real browsers against the real platform and a real edge agent. The
 * super manager writes an article with an image on the product's knowledge tab and finds it by
 * searching its body; an alarm rule links it; the end user opens it from the device's knowledge tab
 * and, one click, from the alarm record the boiler raises. Photographed in Chinese and English.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { LOCALE_STORAGE_KEY } from '@lyyp/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from './support/browser.ts';
import { signInWithPassword, waitForTitle } from './support/console.ts';
import { useFlowEnvironment } from './support/flow.ts';
import { setUpBoundBoiler, startSimulatedGateway } from './support/monitor-setup.ts';
import type { AgentProcess } from './system/support/agent.ts';

const FLOW_TIMEOUT_MS = 300_000;
const PASSWORD = 'Flow#2024ab';
const ARTICLE_TITLE = '出水温度过高怎么办';
const RULE_NAME = '出水超温';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG of one colour (a valve diagram stands in), written for the upload. */
function writeSolidPng(width: number, height: number): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x1f, 0x6f, 0xeb]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lyyp-knowledge-')), 'valve.png');
  fs.writeFileSync(file, png);
  return file;
}

describe('knowledge base in the browser', () => {
  const flow = useFlowEnvironment();
  let agent: AgentProcess | undefined;
  let endUserBrowser: BrowserSession | undefined;

  afterAll(async () => {
    await endUserBrowser?.close();
    await agent?.remove();
  }, 30_000);

  it(
    'writes an article with an image, finds it by search, links it to a rule; the end user opens it from the device and from the alarm',
    async () => {
      const { platform } = flow;
      const { product, gateway, user, device } = await setUpBoundBoiler(platform, PASSWORD);
      const image = writeSolidPng(160, 60);

      // The super manager writes the article on the product's knowledge tab.
      const { page, screenshot, pageErrors } = flow.browser;
      await page.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(page, platform.admin.username, platform.admin.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${platform.baseUrl}/manage/product/list`);
      await page.locator('tr', { hasText: product.title }).getByRole('button', { name: '知识库' }).click();
      await waitForTitle(page, '知识库 - LYYP');
      expect(new URL(page.url()).pathname).toBe(`/manage/product/knowledge/${product.id}`);
      await page.click('[data-testid="knowledge-add"]');
      await page.fill('[data-testid="knowledge-title"]', ARTICLE_TITLE);
      await page.fill('[data-testid="knowledge-summary"]', '先降负荷，再查循环泵');
      // The hidden file input of the upload area around a button.
      const uploadInput = (testId: string) =>
        page
          .locator('.ant-upload', { has: page.locator(`[data-testid="${testId}"]`) })
          .locator('input[type="file"]');
      const editor = page.locator('[data-testid="knowledge-editor"]');
      await editor.click();
      await page.keyboard.type('第一步：降低燃烧器负荷。');
      await page.keyboard.press('Enter');
      await page.keyboard.type('第二步：检查循环泵是否运转。');
      await page.keyboard.press('Enter');
      await uploadInput('knowledge-tool-image').setInputFiles(image);
      const inserted = editor.locator('img');
      await inserted.waitFor();
      expect(await inserted.getAttribute('src')).toMatch(/^\/lyyp\/developer\/file\//);
      await expect.poll(() => inserted.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(160);
      const manual = path.join(path.dirname(image), '锅炉手册.txt');
      fs.writeFileSync(manual, '锅炉操作手册\n');
      await uploadInput('knowledge-attach').setInputFiles(manual);
      await page.getByRole('dialog').getByText('锅炉手册.txt').waitFor();
      await screenshot('knowledge-editor-zh-CN');
      await page.click('[data-testid="knowledge-save"]');
      const row = page.locator('[data-testid="knowledge-articles"] tr', { hasText: ARTICLE_TITLE });
      await row.waitFor();
      expect(await row.textContent()).toContain('先降负荷，再查循环泵');

      // Found by a word of its body; a word it does not hold finds nothing.
      await page.fill('[data-testid="knowledge-search"] input', '循环泵');
      await page.keyboard.press('Enter');
      await row.waitFor();
      await page.fill('[data-testid="knowledge-search"] input', '安全阀');
      await page.keyboard.press('Enter');
      await row.waitFor({ state: 'detached' });
      await page.getByText('暂无文章').waitFor();
      await page.fill('[data-testid="knowledge-search"] input', '循环泵');
      await page.keyboard.press('Enter');
      await row.waitFor();
      await screenshot('knowledge-list-zh-CN');
      await row.getByText(ARTICLE_TITLE).click();
      const reader = page.locator('.ant-drawer', { hasText: '第二步' });
      await reader.locator('img').waitFor();
      await screenshot('knowledge-reader-zh-CN');
      await reader.getByRole('button', { name: /close|关闭/i }).click();

      // An alarm rule that trips at once links the article, picked in the rule dialog.
      await page.goto(`${platform.baseUrl}/manage/product/edit/${product.id}/alert`);
      await page.locator('[data-testid="alarm-capacity"]').waitFor();
      await page.click('[data-testid="rule-add"]');
      await page.locator('form#alarmRule').waitFor();
      await page.fill('#alarmRule_name', RULE_NAME);
      await page.click('#alarmRule_variableKey');
      await page.keyboard.type('waterTemperature');
      await page.keyboard.press('Enter');
      await page.fill('#alarmRule_limitValue', '-100');
      await page.click('#alarmRule_articleId');
      await page.locator(`.ant-select-item-option[title="${ARTICLE_TITLE}"]`).click();
      await screenshot('knowledge-rule-link-zh-CN');
      await page.click('#rule-save');
      await page.getByRole('cell', { name: RULE_NAME }).waitFor();
      agent = await startSimulatedGateway(gateway);

      // The end user reads it from the device's knowledge tab…
      endUserBrowser = await launchBrowser();
      const userPage = endUserBrowser.page;
      await userPage.goto(`${platform.baseUrl}/login`);
      await signInWithPassword(userPage, user.username, user.password);
      await userPage.waitForURL((url) => url.pathname.startsWith('/monitor'));
      await userPage.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=knowledge`);
      const listed = userPage.locator('[data-testid="device-knowledge-list"]').getByText(ARTICLE_TITLE);
      await listed.click();
      const userReader = userPage.locator('.ant-drawer', { hasText: '第一步' });
      await userReader.locator('img').waitFor();
      expect(await userReader.getByRole('link', { name: /锅炉手册\.txt/ }).getAttribute('href')).toMatch(
        /^\/lyyp\/developer\/file\//,
      );
      await expect
        .poll(() => userReader.locator('img').evaluate((node) => (node as HTMLImageElement).naturalWidth))
        .toBe(160);
      await endUserBrowser.screenshot('knowledge-device-zh-CN');
      await userReader.getByRole('button', { name: /close|关闭/i }).click();

      // …and from the alarm the boiler raises: one click on "what to do".
      await userPage.goto(`${platform.baseUrl}/monitor/alarms`);
      const record = userPage.locator('[data-testid="alarm-records"] tr', { hasText: RULE_NAME }).first();
      await record.waitFor({ timeout: 60_000 });
      const link = record.locator('[data-testid="alarm-article-link"]');
      expect(await link.textContent()).toContain(`处理方法: ${ARTICLE_TITLE}`);
      await endUserBrowser.screenshot('knowledge-alarm-link-zh-CN');
      await link.click();
      await userPage.locator('.ant-drawer', { hasText: '第二步' }).locator('img').waitFor();
      await endUserBrowser.screenshot('knowledge-from-alarm-zh-CN');

      // The same screens in English.
      for (const session of [flow.browser, endUserBrowser]) {
        await session.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
          LOCALE_STORAGE_KEY,
          'en-US',
        ] as const);
      }
      await page.goto(`${platform.baseUrl}/manage/product/knowledge/${product.id}`);
      await waitForTitle(page, 'Knowledge base - LYYP');
      await page.locator('[data-testid="knowledge-articles"] tr', { hasText: ARTICLE_TITLE }).waitFor();
      await screenshot('knowledge-list-en-US');
      await page
        .locator('[data-testid="knowledge-articles"] tr', { hasText: ARTICLE_TITLE })
        .getByText('Edit')
        .click();
      await page.locator('[data-testid="knowledge-editor"] img').waitFor();
      await screenshot('knowledge-editor-en-US');
      await userPage.goto(`${platform.baseUrl}/monitor/devices/${device.id}?tab=knowledge`);
      await userPage.locator('[data-testid="device-knowledge-list"]').getByText(ARTICLE_TITLE).waitFor();
      await endUserBrowser.screenshot('knowledge-device-en-US');
      await userPage.goto(`${platform.baseUrl}/monitor/alarms`);
      const englishLink = userPage
        .locator('[data-testid="alarm-records"] tr', { hasText: RULE_NAME })
        .first()
        .locator('[data-testid="alarm-article-link"]');
      expect(await englishLink.textContent()).toContain(`What to do: ${ARTICLE_TITLE}`);
      await englishLink.click();
      await userPage.locator('.ant-drawer', { hasText: '第二步' }).locator('img').waitFor();
      await endUserBrowser.screenshot('knowledge-from-alarm-en-US');

      expect(pageErrors).toEqual([]);
      expect(endUserBrowser.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
