/**
 * The key pair the browser encrypts sign-in fields with (RSA-OAEP, SHA-256). It is created once and
 * kept in the database so every node decrypts the same way. Each sealed field carries a timestamp
 * and a nonce: a body older than five minutes, or seen before, is refused, so a captured request
 * cannot be replayed.
 */
import { constants, createPrivateKey, generateKeyPair, privateDecrypt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import {
  CatalogueError,
  ENCRYPTED_LOGIN_MAX_AGE_MS,
  sealedFieldSchema,
  type PublicKeyAnswer,
} from '@lyyp/contracts';
import { newId } from '../../lib/ids.ts';
import type { AuthRepository } from './auth.repository.ts';

const PURPOSE = 'login-rsa';
const generate = promisify(generateKeyPair);

export class LoginKeyService {
  private key: { id: string; spki: string; privateKey: KeyObject } | undefined;

  constructor(
    private readonly repository: AuthRepository,
    private readonly now: () => number,
  ) {}

  /** Loads the shared key pair, creating it on the very first start. */
  async load(): Promise<void> {
    let stored = await this.repository.findKey(PURPOSE);
    if (!stored) {
      const pair = await generate('rsa', { modulusLength: 2048 });
      await this.repository.insertKey({
        id: newId(),
        purpose: PURPOSE,
        publicKey: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      });
      // Another node may have created one at the same moment: everyone uses the newest row.
      stored = await this.repository.findKey(PURPOSE);
    }
    if (!stored) throw new Error('sign-in key could not be created');
    this.key = { id: stored.id, spki: stored.publicKey, privateKey: createPrivateKey(stored.privateKey) };
  }

  publicKey(): PublicKeyAnswer {
    const key = this.requireKey();
    return { keyId: key.id, spki: key.spki, algorithm: 'RSA-OAEP-256' };
  }

  /** Decrypts one sealed field and checks its age and nonce. Any fault answers 1116. */
  async open(keyId: string, sealed: string): Promise<string> {
    const key = this.requireKey();
    if (keyId !== key.id) throw new CatalogueError('1116');
    let payload: unknown;
    try {
      const plain = privateDecrypt(
        { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(sealed, 'base64'),
      );
      payload = JSON.parse(plain.toString('utf8'));
    } catch {
      throw new CatalogueError('1116');
    }
    const field = sealedFieldSchema.safeParse(payload);
    if (!field.success) throw new CatalogueError('1116');
    const now = this.now();
    if (Math.abs(now - field.data.ts) > ENCRYPTED_LOGIN_MAX_AGE_MS) throw new CatalogueError('1116');
    const fresh = await this.repository.rememberNonce(
      field.data.n,
      new Date(now + 2 * ENCRYPTED_LOGIN_MAX_AGE_MS),
    );
    if (!fresh) throw new CatalogueError('1116');
    return field.data.v;
  }

  private requireKey() {
    if (!this.key) throw new Error('LoginKeyService.load() was not called');
    return this.key;
  }
}
