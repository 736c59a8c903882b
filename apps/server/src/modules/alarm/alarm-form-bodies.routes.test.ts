/**
 * Form-encoded alarm bodies (§7: POST bodies are form-encoded, nested fields in dot notation). A
 * rule, a group and a person's preferences posted as form text must mean exactly what the same
 * JSON body means: numbers, booleans, lists and the condition's kind are read from the schema.
 */
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import { ALARM_TEST_ENVIRONMENT, addGroup, alarmFixture } from './alarm-test-support.ts';

/** The body as a browser form sends it: `rule.condition.limit.value=80`, `rule.groupIds.0=…`. */
function formFields(body: Record<string, unknown>): Record<string, string> {
  const text = qs.stringify(body, { allowDots: true, arrayFormat: 'indices', encode: false });
  const fields: Record<string, string> = {};
  for (const pair of text.split('&')) {
    const at = pair.indexOf('=');
    fields[pair.slice(0, at).replace(/\[(\d+)\]/g, '.$1')] = pair.slice(at + 1);
  }
  return fields;
}

describe.each(databaseVariants())('form-encoded alarm bodies on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant, ALARM_TEST_ENVIRONMENT);
  });
  afterAll(async () => server.close());

  it('adds and edits a rule posted as dot-notation form fields', async () => {
    const { product, developerClient } = await alarmFixture(server);
    const group = await addGroup(server, developerClient, product.id, {
      name: 'Boiler room',
      channels: ['app'],
    });
    const added = await developerClient.call(
      'POST',
      '/alarm/rule/add',
      formFields({
        productId: product.id,
        rule: {
          name: 'Pressure band',
          variableKey: 'waterTemperature',
          condition: {
            operator: 'outside',
            low: { kind: 'value', value: '10.5' },
            high: { kind: 'value', value: '90' },
          },
          deadBand: '1.5',
          filterCount: '3',
          groupIds: [group.id],
          pushMethods: ['app', 'sms'],
          message: '{device}: {value}{unit}',
          enabled: 'false',
        },
      }),
    );
    expect(added.code, added.message).toBe('200');
    expect(added.data).toMatchObject({
      condition: {
        operator: 'outside',
        low: { kind: 'value', value: 10.5 },
        high: { kind: 'value', value: 90 },
      },
      deadBand: 1.5,
      filterCount: 3,
      groupIds: [group.id],
      pushMethods: ['app', 'sms'],
      enabled: false,
    });
    const id = (added.data as { id: string }).id;

    const edited = await developerClient.call(
      'POST',
      '/alarm/rule/edit',
      formFields({
        productId: product.id,
        rule: {
          id,
          name: 'Low-water bit',
          variableKey: 'flueTemperature',
          condition: { operator: 'bit', bit: '3', expected: '0' },
          filterCount: '1',
          pushMethods: ['app'],
          enabled: 'true',
        },
      }),
    );
    expect(edited.code, edited.message).toBe('200');
    expect(edited.data).toMatchObject({
      id,
      condition: { operator: 'bit', bit: 3, expected: 0 },
      deadBand: 0,
      groupIds: [],
      enabled: true,
    });
    const listed = await postJson(server, developerClient, '/alarm/rule/list', { productId: product.id });
    expect(listed.data).toMatchObject({
      rules: [{ id, condition: { operator: 'bit', bit: 3, expected: 0 } }],
    });
  });

  it('reads a comparand variable and refuses form text that is not a number with the field', async () => {
    const { product, developerClient } = await alarmFixture(server);
    const byVariable = await developerClient.call(
      'POST',
      '/alarm/rule/add',
      formFields({
        productId: product.id,
        rule: {
          name: 'Above set point',
          variableKey: 'waterTemperature',
          condition: { operator: 'ge', limit: { kind: 'variable', key: 'nothing' } },
        },
      }),
    );
    expect(byVariable.code).toBe('2102');
    const notANumber = await developerClient.call(
      'POST',
      '/alarm/rule/add',
      formFields({
        productId: product.id,
        rule: {
          name: 'Too hot',
          variableKey: 'waterTemperature',
          condition: { operator: 'gt', limit: { kind: 'value', value: 'eighty' } },
        },
      }),
    );
    expect(notANumber.code).toBe('1002');
    expect(notANumber.message).toContain('rule.condition.limit.value');
  });

  it('saves a group with its ladder, repeats and webhook settings posted as form fields', async () => {
    const { product, developerClient } = await alarmFixture(server);
    const answer = await developerClient.call(
      'POST',
      '/alarm/group/add',
      formFields({
        productId: product.id,
        group: {
          name: 'Night shift',
          channels: ['app', 'sms', 'webhook'],
          channelSettings: {
            webhook: { url: 'https://receiver.example/alarm', secret: 'plant-webhook-secret-2026' },
          },
          escalation: [
            { delaySeconds: '0', channels: ['app'] },
            { delaySeconds: '300', channels: ['sms'] },
          ],
          repeat: { times: 'forever', intervalSeconds: '600' },
          voice: { times: '5', intervalSeconds: '30' },
          releaseNotice: 'false',
        },
      }),
    );
    expect(answer.code, answer.message).toBe('200');
    expect(answer.data).toMatchObject({
      escalation: [
        { delaySeconds: 0, channels: ['app'] },
        { delaySeconds: 300, channels: ['sms'] },
      ],
      repeat: { times: 'forever', intervalSeconds: 600 },
      voice: { times: 5, intervalSeconds: 30 },
      releaseNotice: false,
    });
  });

  it('saves offline and power-off alarms posted as form fields', async () => {
    const { product, developerClient } = await alarmFixture(server);
    const answer = await developerClient.call(
      'POST',
      '/alarm/rule/status/save',
      formFields({
        productId: product.id,
        statusAlarms: { offline: { enabled: 'true', delaySeconds: '120' }, 'power-off': { enabled: '0' } },
      }),
    );
    expect(answer.code, answer.message).toBe('200');
    expect(answer.data).toMatchObject({
      offline: { enabled: true, delaySeconds: 120 },
      'power-off': { enabled: false },
    });
  });
});
