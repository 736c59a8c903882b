/**
 * OPC UA status codes as the platform's catalogue codes (§8), so a person reads why a node or a
 * session failed instead of a hexadecimal status. The original status name stays in the logs.
 */
import type { ErrorCode } from '@lyyp/contracts';

const BY_NAME: Readonly<Record<string, ErrorCode>> = {
  BadNodeIdUnknown: '1741',
  BadNodeIdInvalid: '1741',
  BadAttributeIdInvalid: '1741',
  BadNotReadable: '1742',
  BadNotWritable: '1742',
  BadUserAccessDenied: '1742',
  BadTypeMismatch: '1748',
  BadOutOfRange: '2003',
  BadTimeout: '1715',
  BadRequestTimeout: '1715',
  BadCommunicationError: '1744',
  BadConnectionClosed: '1744',
  BadConnectionRejected: '1744',
  BadNotConnected: '1744',
  BadServerNotConnected: '1744',
  BadSessionClosed: '1744',
  BadSessionIdInvalid: '1744',
  BadSecureChannelClosed: '1744',
  BadServerHalted: '1744',
  BadShutdown: '1744',
  BadNoCommunication: '1744',
  BadWaitingForInitialData: '1744',
  BadCertificateUntrusted: '1745',
  BadSecurityChecksFailed: '1745',
  BadCertificateInvalid: '1745',
  BadIdentityTokenRejected: '1746',
  BadIdentityTokenInvalid: '1746',
  BadSecurityPolicyRejected: '1747',
  BadSecurityModeRejected: '1747',
};

/** The catalogue code of a Bad status (by its name, e.g. `BadNodeIdUnknown`); null for Good and Uncertain. */
export function codeOfStatus(name: string): ErrorCode | null {
  if (!name.startsWith('Bad')) return null;
  return BY_NAME[name] ?? '1743';
}

/**
 * Refusals of the sign-in identity: the server's answer to ActivateSession, or the client finding
 * no user token policy of the chosen kind among the endpoint's (`Cannot find ANONYMOUS user token
 * policy in end point description`: the server takes only users or certificates).
 */
const IDENTITY_REFUSED =
  /BadUserAccessDenied|BadIdentityTokenInvalid|BadIdentityTokenRejected|user token policy/i;

/** How a driver signs in to its server. */
export type IdentityKind = 'anonymous' | 'username' | 'certificate';

/** The code of a refused identity, by the kind the driver signed in with. */
const IDENTITY_CODES: Readonly<Record<IdentityKind, ErrorCode>> = {
  anonymous: '1749',
  username: '1746',
  certificate: '1750',
};

/**
 * The catalogue code of a failure to open a session: the identity was refused (saying which kind
 * of identity: anonymous, user name and password, user certificate), the certificate, the
 * security settings, or the server could not be reached.
 */
export function codeOfSessionFailure(error: unknown, identity: IdentityKind = 'username'): ErrorCode {
  const text = error instanceof Error ? error.message : String(error);
  if (IDENTITY_REFUSED.test(text)) return IDENTITY_CODES[identity];
  if (/BadCertificate|BadSecurityChecksFailed|certificate/i.test(text)) return '1745';
  if (/BadSecurityPolicyRejected|BadSecurityModeRejected|Cannot find an Endpoint|endpoint/i.test(text))
    return '1747';
  return '1744';
}
