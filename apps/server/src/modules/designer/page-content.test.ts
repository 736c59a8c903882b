import { describe, expect, it } from 'vitest';
import { CatalogueError } from '@lyyp/contracts';
import { WIDGET_MAX_COUNT, WEATHER_WIDGET_MAX_COUNT } from '@lyyp/contracts/designer';
import { emptyBinds, pageSettings, rectWidget, weatherWidget } from './designer-test-support.ts';
import {
  createDefaultPageFile,
  decidePasswordChange,
  parsePageFile,
  presentPageFile,
  withoutPassword,
} from './page-content.ts';

const page = { id: 'p-1', productId: 'prod-1', title: 'Pump house' };

function failureOf(run: () => unknown): { code: string; field: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof CatalogueError) return { code: error.code, field: error.params?.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parsePageFile', () => {
  it('accepts JSON text and values alike, with the identity of the page row', () => {
    const file = parsePageFile(
      {
        con: JSON.stringify(pageSettings({ id: 'pasted', productId: 'elsewhere', title: 'Boiler room' })),
        widgets: [rectWidget('w1')],
        bind: JSON.stringify(emptyBinds),
      },
      page,
    );
    expect(file.con).toMatchObject({ id: 'p-1', productId: 'prod-1', title: 'Boiler room', width: 1280 });
    expect(file.widgets.map((widget) => widget.id)).toEqual(['w1']);
  });

  it('keeps the page title when the settings carry a blank one', () => {
    const file = parsePageFile({ con: pageSettings({ title: '   ' }), widgets: [], bind: emptyBinds }, page);
    expect(parsePageFile({ con: pageSettings(), widgets: [], bind: emptyBinds }, page).con.title).toBe(
      'Pump house',
    );
    expect(file.con.title).toBe('Pump house');
  });

  it('names the broken field inside the part it came from', () => {
    expect(failureOf(() => parsePageFile({ con: '{oops', widgets: [], bind: emptyBinds }, page))).toEqual({
      code: '1002',
      field: 'con',
    });
    expect(
      failureOf(() =>
        parsePageFile({ con: pageSettings({ width: 0 }), widgets: [], bind: emptyBinds }, page),
      ),
    ).toEqual({ code: '1002', field: 'con.width' });
    expect(
      failureOf(() =>
        parsePageFile(
          {
            con: pageSettings(),
            widgets: [{ ...rectWidget('w1'), position: { kind: 'circle' } }],
            bind: emptyBinds,
          },
          page,
        ),
      ).field,
    ).toMatch(/^widgets\.0/);
    expect(failureOf(() => parsePageFile({ con: [], widgets: [], bind: emptyBinds }, page))).toEqual({
      code: '1002',
      field: 'con',
    });
  });

  it('refuses a page over the widget limits of §9', () => {
    const many = Array.from({ length: WIDGET_MAX_COUNT + 1 }, (_, index) => rectWidget(`w${index}`));
    expect(
      failureOf(() => parsePageFile({ con: pageSettings(), widgets: many, bind: emptyBinds }, page)),
    ).toEqual({
      code: '1002',
      field: 'widgets',
    });
    const weather = Array.from({ length: WEATHER_WIDGET_MAX_COUNT + 1 }, (_, index) =>
      weatherWidget(`w${index}`),
    );
    expect(
      failureOf(() => parsePageFile({ con: pageSettings(), widgets: weather, bind: emptyBinds }, page)),
    ).toEqual({ code: '1002', field: 'widgets' });
    const exactly = Array.from({ length: WIDGET_MAX_COUNT }, (_, index) => rectWidget(`w${index}`));
    expect(
      parsePageFile({ con: pageSettings(), widgets: exactly, bind: emptyBinds }, page).widgets,
    ).toHaveLength(WIDGET_MAX_COUNT);
  });

  it('refuses a settings title with emoji as a rename would', () => {
    expect(
      failureOf(() =>
        parsePageFile({ con: pageSettings({ title: 'Pump 🚀' }), widgets: [], bind: emptyBinds }, page),
      ),
    ).toEqual({ code: '1120', field: 'con.title' });
  });
});

describe('decidePasswordChange', () => {
  it('sets a new password, keeps the old one for an empty one, forgets it without the check', () => {
    expect(decidePasswordChange({ checkpwd: true, password: 's3cret' }, false)).toEqual({
      kind: 'set',
      password: 's3cret',
    });
    expect(decidePasswordChange({ checkpwd: true, password: '' }, true)).toEqual({ kind: 'keep' });
    expect(decidePasswordChange({ checkpwd: false, password: 'ignored' }, true)).toEqual({ kind: 'clear' });
  });

  it('refuses a password check without any password', () => {
    expect(failureOf(() => decidePasswordChange({ checkpwd: true, password: '' }, false))).toEqual({
      code: '1001',
      field: 'con.password',
    });
  });
});

describe('presenting a page', () => {
  it('never shows a password, only whether there is one', () => {
    const file = parsePageFile(
      { con: pageSettings({ checkpwd: true, password: 's3cret' }), widgets: [], bind: emptyBinds },
      page,
    );
    expect(withoutPassword(file).con.password).toBe('');
    const shown = presentPageFile(file, { ...page, checkpwd: true, hasPassword: true });
    expect(shown.con).toMatchObject({ password: '', hasPassword: true, checkpwd: true });
    expect(JSON.stringify(shown)).not.toContain('s3cret');
  });

  it('takes identity, title and the password check from the page row', () => {
    const file = createDefaultPageFile(page);
    const shown = presentPageFile(file, {
      id: 'p-2',
      productId: 'prod-2',
      title: 'Renamed',
      checkpwd: false,
      hasPassword: false,
    });
    expect(shown.con).toMatchObject({ id: 'p-2', productId: 'prod-2', title: 'Renamed', checkpwd: false });
  });

  it('shows a page nobody saved as an empty default canvas', () => {
    const shown = presentPageFile(null, { ...page, checkpwd: false, hasPassword: false });
    expect(shown.con).toMatchObject({
      width: 1024,
      height: 768,
      fit: 'container',
      bgColor: '#ffffff',
      widgetCount: 0,
    });
    expect([shown.widgets, shown.bind]).toEqual([[], emptyBinds]);
  });
});
