import { sealedFieldSchema } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { canSealPasswords, sealCredentials } from './login-crypto.ts';

async function createServerKey() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64');
  return { privateKey: pair.privateKey, answer: { keyId: 'k1', spki, algorithm: 'RSA-OAEP-256' as const } };
}

async function openField(privateKey: CryptoKey, sealed: string) {
  const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, Buffer.from(sealed, 'base64'));
  return sealedFieldSchema.parse(JSON.parse(new TextDecoder().decode(plain)));
}

describe('encrypted sign-in', () => {
  it('seals account and password so only the server key opens them, with time and a fresh nonce', async () => {
    const { privateKey, answer } = await createServerKey();
    const body = await sealCredentials(answer, 'ann', 'Secret#123', 1_700_000_000_000);
    expect(body.keyId).toBe('k1');
    expect(body.password).not.toContain('Secret');

    const account = await openField(privateKey, body.account);
    const password = await openField(privateKey, body.password);
    expect(account).toMatchObject({ v: 'ann', ts: 1_700_000_000_000 });
    expect(password).toMatchObject({ v: 'Secret#123', ts: 1_700_000_000_000 });
    expect(account.n).toMatch(/^[0-9a-f]{32}$/);
    expect(password.n).not.toBe(account.n);
  });

  it('knows when the browser offers no WebCrypto (plain HTTP on a network address)', () => {
    // Browsers keep `crypto` on insecure pages but leave out `crypto.subtle`.
    const insecure = {
      getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto),
    } as unknown as Crypto;
    expect(canSealPasswords(insecure)).toBe(false);
    expect(canSealPasswords(globalThis.crypto)).toBe(true);
  });
});
