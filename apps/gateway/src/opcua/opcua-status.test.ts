/** Session failures as the codes people read: an identity refusal is never "server cannot be reached". */
import { describe, expect, it } from 'vitest';
import { namesNamespaceUri, resolveAddresses, withNamespaceIndex } from './opcua-namespaces.ts';
import { codeOfSessionFailure } from './opcua-status.ts';

describe('session failures', () => {
  it.each([
    ['Cannot find ANONYMOUS user token policy in end point description', '1746'],
    ['Cannot find USERNAME user token policy in end point description', '1746'],
    ['ActivateSession failed: BadIdentityTokenInvalid (0x80200000)', '1746'],
    ['ActivateSession failed: BadIdentityTokenRejected (0x80210000)', '1746'],
    ['ActivateSession failed: BadUserAccessDenied (0x801f0000)', '1746'],
    ['BadCertificateUntrusted', '1745'],
    ['Cannot find an Endpoint matching security mode', '1747'],
    ['connect ECONNREFUSED 127.0.0.1:4840', '1744'],
  ])('%s → %s', (message, code) => {
    expect(codeOfSessionFailure(new Error(message))).toBe(code);
  });

  it('names the kind of identity the server refused', () => {
    const refused = new Error('ActivateSession failed: BadIdentityTokenRejected (0x80210000)');
    expect(codeOfSessionFailure(refused, 'anonymous')).toBe('1749');
    expect(codeOfSessionFailure(refused, 'username')).toBe('1746');
    expect(codeOfSessionFailure(refused, 'certificate')).toBe('1750');
    const noAnonymous = new Error('Cannot find ANONYMOUS user token policy in end point description');
    expect(codeOfSessionFailure(noAnonymous, 'anonymous')).toBe('1749');
    // Anything else is the same whatever the identity.
    expect(codeOfSessionFailure(new Error('connect ECONNREFUSED'), 'certificate')).toBe('1744');
    expect(codeOfSessionFailure(new Error('BadCertificateUntrusted'), 'anonymous')).toBe('1745');
  });
});

describe('NodeIds with a namespace URI', () => {
  const namespaces = ['http://opcfoundation.org/UA/', 'urn:line-server', 'http://example.com/UA/a;b'];

  it('become the index the server gives the namespace, or null when it has none', () => {
    expect(withNamespaceIndex('nsu=urn:line-server;s=Line1.Temp', namespaces)).toBe('ns=1;s=Line1.Temp');
    expect(withNamespaceIndex('nsu=http://example.com/UA/a%3Bb;i=7', namespaces)).toBe('ns=2;i=7');
    expect(withNamespaceIndex('nsu=urn:elsewhere;s=Temp', namespaces)).toBeNull();
    expect(withNamespaceIndex('ns=3;s=Temp', namespaces)).toBe('ns=3;s=Temp');
    expect(namesNamespaceUri('ns=3;s=nsu=x')).toBe(false);
  });

  it('read the namespace array only when an address needs it', async () => {
    let reads = 0;
    const session = {
      readNamespaceArray: () => {
        reads += 1;
        return Promise.resolve(namespaces);
      },
    } as unknown as Parameters<typeof resolveAddresses>[0];
    expect(await resolveAddresses(session, ['ns=1;i=5', 'i=85'])).toEqual(
      new Map([
        ['ns=1;i=5', 'ns=1;i=5'],
        ['i=85', 'i=85'],
      ]),
    );
    expect(reads).toBe(0);
    expect(
      (await resolveAddresses(session, ['nsu=urn:line-server;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63'])).get(
        'nsu=urn:line-server;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63',
      ),
    ).toBe('ns=1;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63');
    expect(reads).toBe(1);
  });
});
