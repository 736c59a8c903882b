/**
 * Signing in to an OPC UA server with a user certificate (the driver's `certificate`
 * authentication), against node-opcua's own server that accepts only that over Sign & Encrypt:
 * the certificate and key an integrator uploads read the node; the same driver signing in
 * anonymously reads nothing.
 */
import { deviceModelSchema, type DeviceModel, type DriverInput } from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import type { Sample } from '../core/samples.ts';
import { Conditions } from '../core/testing/conditions.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import { GatewayCertificate } from './gateway-certificate.ts';
import { OpcUaAgent } from './opcua-agent.ts';
import { OpcUaFixture } from './testing/opcua-fixture.ts';
import { USER_CERTIFICATE_PEM, USER_PRIVATE_KEY_PEM } from './testing/user-certificate.ts';

const TEST_MS = 180_000;

function modelFor(fixture: OpcUaFixture, driver: Partial<DriverInput>): DeviceModel {
  return deviceModelSchema.parse({
    drivers: [
      {
        key: 'ua',
        name: 'Line 1',
        protocol: 'opcua',
        endpointUrl: fixture.endpointUrl,
        pollIntervalMs: 200,
        securityMode: 'SignAndEncrypt',
        securityPolicy: 'Basic256Sha256',
        ...driver,
      },
    ],
    variables: [
      {
        key: 'temp',
        name: 'Temp',
        driverKey: 'ua',
        addressType: 'node-id',
        address: fixture.nodeId('Double'),
        dataType: 'double',
        decimals: 6,
      },
    ],
    scripts: [],
  });
}

function start(model: DeviceModel) {
  const latest = new Map<string, Sample>();
  const conditions = new Conditions();
  const agent = new OpcUaAgent({
    model,
    formulas: sharedFormulaEngine,
    certificate: new GatewayCertificate(),
    onReport: (report: PollReport) => {
      for (const sample of report.readings) latest.set(sample.key, sample);
      conditions.check();
    },
    onError: () => undefined,
  });
  agent.start();
  const sample = () => latest.get('temp');
  return { agent, sample, until: (condition: () => boolean) => conditions.until(condition) };
}

describe('OPC UA with a user certificate', () => {
  let fixture: OpcUaFixture;
  beforeAll(async () => {
    fixture = await OpcUaFixture.start({ certificateUser: true });
  }, TEST_MS);
  afterAll(async () => {
    await fixture?.stop();
  });

  it(
    'reads with the uploaded certificate and key',
    async () => {
      const { agent, sample, until } = start(
        modelFor(fixture, {
          authentication: 'certificate',
          userCertificate: USER_CERTIFICATE_PEM,
          userPrivateKey: USER_PRIVATE_KEY_PEM,
        }),
      );
      try {
        await until(() => {
          const current = sample();
          return current?.kind === 'reading' && current.value === 21.25;
        });
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );

  it(
    'reads nothing anonymously from a server that wants a user certificate, and says the identity was refused',
    async () => {
      const { agent, sample, until } = start(modelFor(fixture, { authentication: 'anonymous' }));
      try {
        await until(() => sample()?.kind === 'fault');
        // The server offers no anonymous sign-in at all, so the session is never made.
        expect(sample()).toMatchObject({ kind: 'fault', code: '1749' });
        expect(agent.runners[0]!.status()).toMatchObject({ connected: false, lastErrorCode: '1749' });
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );

  it(
    'says the identity was refused when the private key was never entered (an imported product)',
    async () => {
      const { agent, sample, until } = start(
        modelFor(fixture, { authentication: 'certificate', userCertificate: USER_CERTIFICATE_PEM }),
      );
      try {
        await until(() => sample()?.kind === 'fault');
        expect(sample()).toMatchObject({ kind: 'fault', code: '1750' });
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );
});
