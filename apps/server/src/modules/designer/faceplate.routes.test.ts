/**
 * Faceplate template routes: saving a template and new versions of it, the list, deleting, who may
 * do it, and refusals that store nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { databaseVariants, type TestClient } from '../../test/test-server.ts';
import {
  closeDesignerWorld,
  pageCalls,
  startDesignerWorld,
  type DesignerWorld,
} from './designer-routes-test-support.ts';
import { rectWidget } from './designer-test-support.ts';

const template = (id: string, version: number, title = 'Pump') => ({
  id,
  title,
  version,
  parameters: ['pump'],
  width: 100,
  height: 50,
  widgets: [rectWidget(`${id}-w${version}`)],
});

describe.each(databaseVariants())('faceplate templates on $name', (variant) => {
  let world: DesignerWorld | undefined;
  const current = () => world!;
  const { newProduct } = pageCalls(current);

  beforeAll(async () => {
    world = await startDesignerWorld(variant);
  });
  afterAll(async () => closeDesignerWorld(world));

  /** A call with a JSON body, as the console sends it. */
  const post = async (client: TestClient, path: string, body: Record<string, unknown>) => {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await current().server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      headers: { cookie, 'accept-language': 'en-US' },
      payload: body,
    });
    return response.json<{ code: string; message: string; data: unknown }>();
  };

  const list = async (productId: string, client = current().developer) => {
    const answer = await post(client, '/product/faceplate/list', { productId });
    expect(answer.code, answer.message).toBe('200');
    return answer.data as Array<{ id: string; version: number; title: string }>;
  };

  it('stores a template, then each new version only if it follows the stored one', async () => {
    const productId = await newProduct();
    const { developer } = current();
    const first = await post(developer, '/product/faceplate/save', {
      productId,
      template: template('fp1', 1),
    });
    expect(first.code, first.message).toBe('200');
    expect(first.data).toEqual({ id: 'fp1', version: 1 });

    const again = await post(developer, '/product/faceplate/save', {
      productId,
      template: template('fp1', 1),
    });
    expect(again.code).toBe('1141');

    const second = await post(developer, '/product/faceplate/save', {
      productId,
      template: template('fp1', 2, 'Pump v2'),
    });
    expect(second.code, second.message).toBe('200');
    const skipped = await post(developer, '/product/faceplate/save', {
      productId,
      template: template('fp1', 4),
    });
    expect(skipped.code).toBe('1141');
    expect(await list(productId)).toMatchObject([{ id: 'fp1', version: 2, title: 'Pump v2' }]);
  });

  it('refuses a template that is not one, or with a transform expression that does not compile, and stores nothing', async () => {
    const productId = await newProduct();
    const answer = await post(current().developer, '/product/faceplate/save', {
      productId,
      template: { ...template('bad', 1), widgets: [] },
    });
    expect(answer.code).toBe('1002');
    expect(answer.data).toEqual({ field: 'template.widgets' });
    const widget = {
      ...rectWidget('t'),
      widgetName: 'Outlet',
      binding: {
        type: 'signal',
        title: 'temp',
        subTitle: '',
        signalId: 'temp',
        equipId: '$pump',
        systemKey: '',
        mvarId: '',
        transform: { expression: 'x *' },
      },
    };
    const expression = await post(current().developer, '/product/faceplate/save', {
      productId,
      template: { ...template('expr', 1), widgets: [widget] },
    });
    expect(expression.code).toBe('2691');
    expect(expression.message).toContain('Outlet');
    expect(await list(productId)).toEqual([]);
  });

  it('deletes a template; another developer neither sees nor changes the product’s templates', async () => {
    const productId = await newProduct();
    const { developer, otherDeveloper } = current();
    await post(developer, '/product/faceplate/save', { productId, template: template('fp2', 1) });

    const foreign = await post(otherDeveloper, '/product/faceplate/list', { productId });
    expect(foreign.code).toBe('1003');
    const foreignSave = await post(otherDeveloper, '/product/faceplate/save', {
      productId,
      template: template('fp3', 1),
    });
    expect(foreignSave.code).toBe('1003');

    const deleted = await post(developer, '/product/faceplate/delete', { productId, id: 'fp2' });
    expect(deleted.code, deleted.message).toBe('200');
    expect(deleted.data).toEqual([]);
    const missing = await post(developer, '/product/faceplate/delete', { productId, id: 'fp2' });
    expect(missing.code).toBe('1003');
  });
});
