/**
 * Client-side protection of the password sign-in (§7 "/user/encrypt/login"): each value is wrapped
 * with a timestamp and a nonce, so a captured body cannot be replayed, and encrypted with the
 * server's RSA public key (RSA-OAEP, SHA-256) through WebCrypto.
 */
import type { PublicKeyAnswer, SealedField } from '@lyyp/contracts';

/** WebCrypto exists only in secure contexts (HTTPS, localhost); elsewhere password sign-in cannot work. */
export function canSealPasswords(cryptoApi: Crypto = globalThis.crypto): boolean {
  return Boolean(cryptoApi?.subtle);
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function encodeBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function createNonce(cryptoApi: Crypto): string {
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function importLoginKey(
  key: PublicKeyAnswer,
  cryptoApi: Crypto = globalThis.crypto,
): Promise<CryptoKey> {
  return cryptoApi.subtle.importKey(
    'spki',
    decodeBase64(key.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
}

export async function sealField(
  key: CryptoKey,
  value: string,
  now: number,
  cryptoApi: Crypto = globalThis.crypto,
): Promise<string> {
  const sealed: SealedField = { v: value, ts: now, n: createNonce(cryptoApi) };
  const plain = new TextEncoder().encode(JSON.stringify(sealed));
  return encodeBase64(await cryptoApi.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain));
}

/** The body of an encrypted sign-in. */
export async function sealCredentials(
  key: PublicKeyAnswer,
  account: string,
  password: string,
  now: number,
  cryptoApi: Crypto = globalThis.crypto,
): Promise<{ keyId: string; account: string; password: string }> {
  const imported = await importLoginKey(key, cryptoApi);
  const [sealedAccount, sealedPassword] = await Promise.all([
    sealField(imported, account, now, cryptoApi),
    sealField(imported, password, now, cryptoApi),
  ]);
  return { keyId: key.keyId, account: sealedAccount, password: sealedPassword };
}
