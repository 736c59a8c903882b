/** Password hashing with scrypt from node:crypto; the format records its parameters. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMETERS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  return [
    'scrypt',
    PARAMETERS.N,
    PARAMETERS.r,
    PARAMETERS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

// Compared against when the account does not exist, so both paths take the same time.
const UNKNOWN_ACCOUNT_HASH = `scrypt$16384$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = (stored ?? UNKNOWN_ACCOUNT_HASH).split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored != null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A strong random password that satisfies the §5 rules, for the first super manager. */
export function generatePassword(): string {
  const pick = (alphabet: string, count: number) =>
    Array.from(randomBytes(count), (byte) => alphabet[byte % alphabet.length]).join('');
  const characters = [
    ...pick('ABCDEFGHJKLMNPQRSTUVWXYZ', 3),
    ...pick('abcdefghijkmnpqrstuvwxyz', 4),
    ...pick('23456789', 3),
    ...pick('#$%&*+=?@', 2),
  ];
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const swap = randomBytes(1)[0]! % (index + 1);
    [characters[index], characters[swap]] = [characters[swap]!, characters[index]!];
  }
  return characters.join('');
}
