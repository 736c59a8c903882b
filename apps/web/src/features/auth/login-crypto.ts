/**
 * Client-side protection of the password sign-in (§7 "/user/encrypt/login"): each value is wrapped
 * with a timestamp and a nonce, so a captured body cannot be replayed, and encrypted with the
 * server's RSA public key (RSA-OAEP, SHA-256 with MGF1-SHA-256, as node:crypto's `oaepHash` decrypts).
 *
 * Browsers offer WebCrypto only in secure contexts (HTTPS, localhost). On plain HTTP over a LAN
 * address `crypto.subtle` is missing, so the same encryption runs in node-forge instead, loaded
 * only then. `crypto.getRandomValues` exists in both cases and supplies nonces and OAEP seeds.
 */
import type { PublicKeyAnswer, SealedField } from '@lyyp/contracts';
import type * as NodeForge from 'node-forge';

/** Encrypts one byte string for the server's key and returns it base64-encoded. */
type Encrypt = (plain: Uint8Array) => Promise<string>;

/** SHA-256 output length: the OAEP seed is as long as the digest. */
const OAEP_SEED_BYTES = 32;

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function toBinaryString(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
}

function createNonce(cryptoApi: Crypto): string {
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function createWebCryptoEncrypt(key: PublicKeyAnswer, subtle: SubtleCrypto): Promise<Encrypt> {
  const imported = await subtle.importKey(
    'spki',
    decodeBase64(key.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return async (plain) =>
    btoa(
      toBinaryString(
        new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, imported, new Uint8Array(plain))),
      ),
    );
}

type Forge = typeof NodeForge;

/** node-forge is CommonJS: bundlers and Node hand it over as the default export or as the namespace. */
async function loadForge(): Promise<Forge> {
  const loaded = (await import('node-forge')) as Forge & { default?: Forge };
  return loaded.default ?? loaded;
}

/** RSA-OAEP with SHA-256 for both the label hash and MGF1, like WebCrypto's and node:crypto's. */
export async function createForgeEncrypt(key: PublicKeyAnswer, cryptoApi: Crypto): Promise<Encrypt> {
  const forge = await loadForge();
  const publicKey = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(forge.util.decode64(key.spki)));
  return (plain) => {
    // The seed comes from the browser's generator rather than forge's own pool.
    const seed = toBinaryString(cryptoApi.getRandomValues(new Uint8Array(OAEP_SEED_BYTES)));
    const sealed = publicKey.encrypt(toBinaryString(plain), 'RSA-OAEP', {
      md: forge.md.sha256.create(),
      mgf1: { md: forge.md.sha256.create() },
      seed,
    });
    return Promise.resolve(forge.util.encode64(sealed));
  };
}

function createEncrypt(key: PublicKeyAnswer, cryptoApi: Crypto): Promise<Encrypt> {
  return cryptoApi.subtle
    ? createWebCryptoEncrypt(key, cryptoApi.subtle)
    : createForgeEncrypt(key, cryptoApi);
}

function sealField(encrypt: Encrypt, value: string, now: number, cryptoApi: Crypto): Promise<string> {
  const sealed: SealedField = { v: value, ts: now, n: createNonce(cryptoApi) };
  return encrypt(new TextEncoder().encode(JSON.stringify(sealed)));
}

/** The body of an encrypted sign-in. */
export async function sealCredentials(
  key: PublicKeyAnswer,
  account: string,
  password: string,
  now: number,
  cryptoApi: Crypto = globalThis.crypto,
): Promise<{ keyId: string; account: string; password: string }> {
  const encrypt = await createEncrypt(key, cryptoApi);
  const [sealedAccount, sealedPassword] = await Promise.all([
    sealField(encrypt, account, now, cryptoApi),
    sealField(encrypt, password, now, cryptoApi),
  ]);
  return { keyId: key.keyId, account: sealedAccount, password: sealedPassword };
}
