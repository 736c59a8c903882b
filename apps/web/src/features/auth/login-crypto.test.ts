import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { sealedFieldSchema } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { sealCredentials } from './login-crypto.ts';

/** A key pair as the platform holds it, with the public half as `/user/publicKey` answers it. */
function createServerKey(): {
  privateKey: KeyObject;
  answer: { keyId: string; spki: string; algorithm: 'RSA-OAEP-256' };
} {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return { privateKey: pair.privateKey, answer: { keyId: 'k1', spki, algorithm: 'RSA-OAEP-256' } };
}

/** Opens a field exactly as the platform does: node:crypto, OAEP with SHA-256. */
function openField(privateKey: KeyObject, sealed: string) {
  const plain = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(sealed, 'base64'),
  );
  return sealedFieldSchema.parse(JSON.parse(plain.toString('utf8')));
}

/** What browsers leave on an insecure page: `crypto` with getRandomValues, without `subtle`. */
const insecureCrypto = {
  getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto),
} as unknown as Crypto;

describe('encrypted sign-in', () => {
  const { privateKey, answer } = createServerKey();

  it('seals account and password with WebCrypto so only the server key opens them, with time and a fresh nonce', async () => {
    const body = await sealCredentials(answer, 'ann', 'Secret#123', 1_700_000_000_000);
    expect(body.keyId).toBe('k1');
    expect(body.password).not.toContain('Secret');

    const account = openField(privateKey, body.account);
    const password = openField(privateKey, body.password);
    expect(account).toMatchObject({ v: 'ann', ts: 1_700_000_000_000 });
    expect(password).toMatchObject({ v: 'Secret#123', ts: 1_700_000_000_000 });
    expect(account.n).toMatch(/^[0-9a-f]{32}$/);
    expect(password.n).not.toBe(account.n);
  });

  it('still signs in on plain HTTP, where the browser has no crypto.subtle: node-forge output opens with node:crypto', async () => {
    const body = await sealCredentials(answer, '张三', 'Pässwort#9', 1_700_000_000_123, insecureCrypto);
    expect(openField(privateKey, body.account)).toMatchObject({ v: '张三', ts: 1_700_000_000_123 });
    expect(openField(privateKey, body.password)).toMatchObject({ v: 'Pässwort#9' });
  });

  it('encrypts the same value differently each time on the fallback, so two sign-ins never look alike', async () => {
    const first = await sealCredentials(answer, 'ann', 'Secret#123', 1, insecureCrypto);
    const second = await sealCredentials(answer, 'ann', 'Secret#123', 1, insecureCrypto);
    expect(first.password).not.toBe(second.password);
    expect(openField(privateKey, second.password).v).toBe('Secret#123');
  });
});
