import { DESIGNER_DOCUMENT_VERSION, PageFileSchema } from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { createDefaultClickEvent } from '../registry/defaults.ts';
import { createTestDeps, createTestPage, rectAt, widgetOf } from '../testing/fixtures.ts';
import { openDocument, openPageFile, toPageFile } from './document-io.ts';
import { migrateDocument, MIGRATIONS, type Migration } from './migrations.ts';
import { unwrap } from './result.ts';

/** A page as the first version saved it: no schema version, positions without a kind. */
const legacyPage = {
  id: 'legacy-1',
  productId: 'product-9',
  title: 'Boiler',
  width: 1280,
  height: 720,
  fit: 'container',
  bgColor: '#ffffff',
  bgImage: '',
  checkpwd: false,
  password: '',
  widgetCount: 4,
  widgets: [
    {
      id: 'r1',
      widgetType: 'ShapeRect',
      widgetName: 'Tank',
      position: { x: 10, y: 20, width: 100, height: 50, rotate: 90 },
    },
    { id: 'c1', widgetType: 'ShapeCircle', textId: 't-c1', position: { cx: 200, cy: 200, r: 30 } },
    {
      id: 'g1',
      widgetType: 'WidgetGroup',
      position: { x: 300, y: 300, width: 200, height: 100, rotate: 0 },
      origin: { x: 300, y: 300, width: 200, height: 100 },
      children: [
        {
          id: 'l1',
          widgetType: 'ShapeLine',
          position: {
            points: [
              { x: 300, y: 300 },
              { x: 500, y: 400 },
            ],
          },
        },
        {
          id: 'k1',
          widgetType: 'ComplexLine',
          position: { x: 300, y: 300, width: 100, height: 100, rotate: 0 },
        },
      ],
    },
  ],
};

describe('opening saved pages', () => {
  it('opens a version 1 page in the current version', () => {
    expect(DESIGNER_DOCUMENT_VERSION).toBe(MIGRATIONS[MIGRATIONS.length - 1]?.to);
    const page = unwrap(openDocument(legacyPage, createTestDeps()));
    expect(page.schemaVersion).toBe(DESIGNER_DOCUMENT_VERSION);
    expect(page).toMatchObject({ id: 'legacy-1', title: 'Boiler', width: 1280 });
    const [rect, circle, group] = page.widgets;
    expect(rect?.position).toEqual({
      kind: 'rect',
      x: 10,
      y: 20,
      width: 100,
      height: 50,
      rotate: 90,
      flipX: false,
      flipY: false,
    });
    expect(circle?.position).toEqual({ kind: 'circle', cx: 200, cy: 200, r: 30, rotate: 0 });
    expect(
      group?.widgetType === 'WidgetGroup' ? group.children.map((child) => child.position.kind) : [],
    ).toEqual(['line', 'chart']);
  });

  it('fills what a legacy save left out: defaults, and a new text id where one is missing', () => {
    const page = unwrap(openDocument(legacyPage, createTestDeps()));
    const [rect, circle] = page.widgets;
    expect(rect).toMatchObject({ widgetName: 'Tank', posLock: false, textId: 'w1', style: { opacity: 1 } });
    expect(circle?.textId).toBe('t-c1');
    const group = page.widgets[2];
    const chart = group?.widgetType === 'WidgetGroup' ? group.children[1] : undefined;
    expect(chart).toMatchObject({
      data: { dataAddon: { timeRange: 5, mode: 'adapt' } },
      position: { top: 40 },
    });
  });

  it('opens the current version unchanged', () => {
    const current = createTestPage([
      rectAt('a', 10, 10),
      widgetOf('UsualDashboard', 'd', { x: 100, y: 100, width: 200, height: 200 }),
    ]);
    expect(unwrap(openDocument(JSON.parse(JSON.stringify(current)), createTestDeps()))).toEqual(current);
  });

  it('refuses a page saved by a newer build, and data that is not a page', () => {
    expect(openDocument({ ...legacyPage, schemaVersion: 99 }, createTestDeps())).toEqual({
      ok: false,
      rejection: { reason: 'document-too-new', params: { version: 99 } },
    });
    expect(openDocument('nonsense', createTestDeps())).toMatchObject({
      ok: false,
      rejection: { reason: 'document-invalid' },
    });
    const broken = {
      ...legacyPage,
      widgets: [{ id: 'x', widgetType: 'ShapeRect', position: { x: 'left' } }],
    };
    expect(openDocument(broken, createTestDeps())).toMatchObject({
      ok: false,
      rejection: { reason: 'document-invalid' },
    });
  });

  it('opens a page stored with script addresses, with those addresses disabled and the rest kept', () => {
    const link = { ...createDefaultClickEvent(true), action: 'link', link: ' JaVaScRiPt:alert(1)' };
    const stored = {
      ...legacyPage,
      bgImage: 'data:image/svg+xml,<svg onload=alert(1)>',
      widgets: [
        { id: 'a', widgetType: 'ShapeRect', position: { x: 10, y: 10, width: 50, height: 50 }, event: link },
        {
          id: 'b',
          widgetType: 'UsualImage',
          position: { x: 100, y: 10, width: 50, height: 50 },
          data: { url: '/lyyp/developer/files/pump.png' },
          event: { ...link, link: 'https://example.com/manual' },
        },
        {
          id: 'g',
          widgetType: 'WidgetGroup',
          position: { x: 300, y: 300, width: 60, height: 60, rotate: 0 },
          origin: { x: 300, y: 300, width: 60, height: 60 },
          children: [
            {
              id: 'm',
              widgetType: 'UsualImage',
              position: { x: 300, y: 300, width: 60, height: 60 },
              data: { url: 'vbscript:msgbox(1)' },
            },
          ],
        },
      ],
    };
    const page = unwrap(openDocument(stored, createTestDeps()));
    const [rect, image, group] = page.widgets;
    expect(page.bgImage).toBe('');
    expect(rect).toMatchObject({ event: { enable: true, action: 'link', link: '' } });
    expect(image).toMatchObject({
      data: { url: '/lyyp/developer/files/pump.png' },
      event: { link: 'https://example.com/manual' },
    });
    const member = group?.widgetType === 'WidgetGroup' ? group.children[0] : undefined;
    expect(member).toMatchObject({ data: { url: '' } });
  });

  it('runs a chain of steps in order', () => {
    const steps: Migration[] = [
      { from: 1, to: 2, description: 'a', up: (doc) => ({ ...doc, trail: ['a'] }) },
      {
        from: 2,
        to: 3,
        description: 'b',
        up: (doc) => ({ ...doc, trail: [...(doc.trail as string[]), 'b'] }),
      },
    ];
    expect(unwrap(migrateDocument({ title: 'x' }, steps))).toEqual({
      title: 'x',
      trail: ['a', 'b'],
      schemaVersion: 3,
    });
    expect(unwrap(migrateDocument({ schemaVersion: 2, trail: [] }, steps))).toEqual({
      trail: ['b'],
      schemaVersion: 3,
    });
  });
});

describe('saving', () => {
  it('writes the §3 file form with the page’s bindings, and opens it again', () => {
    const bound = {
      ...rectAt('a', 10, 10),
      binding: { ...rectAt('x', 0, 0).binding, signalId: 's1', equipId: 'e1' },
    };
    const page = createTestPage([bound]);
    const file = toPageFile(page);
    expect(file.bind).toEqual({ equips: ['e1'], signals: ['s1'], keys: [], mvars: [] });
    expect(PageFileSchema.safeParse(file).success).toBe(true);
    expect(unwrap(openPageFile(JSON.parse(JSON.stringify(file)), createTestDeps()))).toEqual(page);
  });
});
