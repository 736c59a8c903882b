import { describe, expect, it } from 'vitest';
import { missingDriverSecret } from '../device-model/driver-secrets.ts';
import { opcUaDriverSchema } from '../device-model/driver.ts';

const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBuDCCAV2gAwIBAgIUJ+S6xWtF6Q+8q5RwE5lswI5G9LQwCgYIKoZIzj0EAwIw
tQ14bbGx86m+5OeN
-----END CERTIFICATE-----
`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgeST+l6zxXWW9v0fj
-----END PRIVATE KEY-----
`;
const driver = {
  key: 'ua',
  name: 'Line server',
  protocol: 'opcua',
  endpointUrl: 'opc.tcp://10.0.0.9:4840',
  securityMode: 'SignAndEncrypt',
  securityPolicy: 'Basic256Sha256',
  authentication: 'certificate',
} as const;

const issues = (input: Record<string, unknown>) => {
  const result = opcUaDriverSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('an OPC UA driver signing in with a user certificate', () => {
  it('needs the certificate and its key, as PEM', () => {
    expect(issues({ ...driver, userCertificate: CERTIFICATE, userPrivateKey: KEY })).toEqual([]);
    expect(issues(driver).map(([path]) => path)).toEqual(['userCertificate']);
    // The key is a secret an exported product leaves out: stored without it, a save asks for it.
    const withoutKey = opcUaDriverSchema.parse({ ...driver, userCertificate: CERTIFICATE });
    expect(missingDriverSecret(withoutKey)).toBe('userPrivateKey');
    expect(missingDriverSecret({ ...withoutKey, userPrivateKey: KEY })).toBeNull();
    expect(issues({ ...driver, userCertificate: KEY, userPrivateKey: CERTIFICATE })).toEqual([
      ['userCertificate', expect.stringContaining('1770')],
      ['userPrivateKey', expect.stringContaining('1771')],
    ]);
    expect(issues({ ...driver, authentication: 'anonymous' })).toEqual([]);
  });
});
