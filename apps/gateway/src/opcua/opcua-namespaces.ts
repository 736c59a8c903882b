/**
 * NodeIds written with a namespace URI (`nsu=http://…;s=Tag`). node-opcua only reads a namespace
 * index, and a server may number its namespaces differently after a restart, so the URI is looked
 * up in the server's NamespaceArray after each connection and the address is rewritten as
 * `ns=<index>;…` for that session. An URI the server does not have leaves the node unresolved: the
 * variable is a missing node (1741), and the others go on.
 */
import type { ClientSession } from 'node-opcua';

const NAMESPACE_URI = /^nsu=([^;]*);(.+)$/;

/** Whether an address names its namespace by URI. */
export function namesNamespaceUri(address: string): boolean {
  return NAMESPACE_URI.test(address);
}

/** An address with its namespace URI replaced by the index the server gives it; null when it has none. */
export function withNamespaceIndex(address: string, namespaces: readonly string[]): string | null {
  const match = NAMESPACE_URI.exec(address);
  if (!match) return address;
  const index = namespaces.indexOf(decodedUri(match[1]!));
  return index < 0 ? null : `ns=${index};${match[2]!}`;
}

/** A URI as written in a NodeId: reserved characters may be percent-encoded. */
function decodedUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The addresses of one session: each address as node-opcua reads it, or null when its namespace
 * URI is unknown to the server. The NamespaceArray is read only when some address needs it.
 */
export async function resolveAddresses(
  session: Pick<ClientSession, 'readNamespaceArray'>,
  addresses: readonly string[],
): Promise<Map<string, string | null>> {
  const resolved = new Map<string, string | null>();
  const namespaces = addresses.some(namesNamespaceUri) ? await session.readNamespaceArray() : [];
  for (const address of addresses) resolved.set(address, withNamespaceIndex(address, namespaces));
  return resolved;
}
