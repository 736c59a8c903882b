import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { SCENE_MODEL_MAX_BYTES, listGlbNodes } from '@lyyp/contracts/designer';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import { closeTestServer, signIn } from '../device/catalogue-test-support.ts';
import { IMAGE_SAMPLES, multipartBody, type MultipartFile } from './files-test-support.ts';
import { sampleSceneGltf } from './scene-samples.ts';

describe.each(databaseVariants())('scene model uploads on $name', (variant) => {
  let server: TestServer;
  let dataDir: string;
  let client: TestClient;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-scenes-'));
    server = await startTestServer(variant, { DATA_DIR: dataDir });
    client = (await signIn(server, 'developer')).client;
  });
  afterAll(async () => {
    await closeTestServer(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (file: MultipartFile, as: TestClient | null = client) => {
    const body = multipartBody({}, [file]);
    const cookie = as ? [...as.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
    const response = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/file/scene/upload`,
      headers: {
        'content-type': body.contentType,
        'accept-language': 'en-US',
        ...(cookie ? { cookie } : {}),
      },
      payload: body.payload,
    });
    return {
      status: response.statusCode,
      ...response.json<{ code: string; message: string; data: unknown }>(),
    };
  };
  const model = (name: string, bytes: Buffer): MultipartFile => ({ field: 'file', name, bytes });
  const storedFiles = async () => (await fs.readdir(path.join(dataDir, 'files')).catch(() => [])).length;

  it('stores a glTF as GLB and answers its id, name and node names', async () => {
    const answer = await upload(model('plant.gltf', Buffer.from(sampleSceneGltf())));
    expect(answer.code, answer.message).toBe('200');
    const scene = answer.data as { id: string; url: string; name: string; nodes: string[] };
    expect(scene).toMatchObject({ name: 'plant.gltf', nodes: ['Tank', 'Pump', 'Valve'] });
    expect(scene.url).toBe(`${API_PREFIX}/file/${scene.id}`);

    const served = await server.app.inject({ method: 'GET', url: scene.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('model/gltf-binary');
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(listGlbNodes(new Uint8Array(served.rawPayload))).toEqual(['Tank', 'Pump', 'Valve']);

    const again = await upload(model('plant.glb', served.rawPayload));
    expect(again.code, again.message).toBe('200');
    expect((again.data as { nodes: string[] }).nodes).toEqual(['Tank', 'Pump', 'Valve']);
  });

  it('refuses other types, false content and models that reach outside, storing nothing', async () => {
    const before = await storedFiles();
    expect(await upload(model('plant.obj', Buffer.from('v 0 0 0')))).toMatchObject({
      status: 415,
      code: '2881',
      message: 'Only glTF or GLB 3D models can be uploaded (.glb, .gltf)',
    });
    expect(await upload(model('plant.glb', IMAGE_SAMPLES.png))).toMatchObject({
      code: '2883',
      message: 'The file is not a valid glTF 2.0 model',
    });
    expect(await upload(model('plant.gltf', Buffer.from('{"asset":{}}')))).toMatchObject({ code: '2883' });
    const external = JSON.parse(sampleSceneGltf()) as { buffers: Array<{ uri: string }> };
    external.buffers[0]!.uri = 'scene.bin';
    expect(await upload(model('plant.gltf', Buffer.from(JSON.stringify(external))))).toMatchObject({
      code: '2884',
    });
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a model over the size limit by the bytes that arrived', async () => {
    const huge = Buffer.alloc(SCENE_MODEL_MAX_BYTES + 10, 0x20);
    expect(await upload(model('huge.gltf', huge))).toMatchObject({
      status: 413,
      code: '2882',
      message: 'The 3D model is too large, at most 20M',
    });
  });

  it('needs a signed-in account', async () => {
    expect(await upload(model('plant.gltf', Buffer.from(sampleSceneGltf())), null)).toMatchObject({
      status: 401,
      code: '1010',
    });
  });
});
