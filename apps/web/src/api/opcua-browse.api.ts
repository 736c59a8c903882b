/**
 * Typed calls of the OPC UA tag browser (`@lyyp/contracts/opcua-browse`): the devices a driver can
 * be browsed through, the children of one node, checking certificate and key files, and the
 * thumbprint of a device's gateway certificate.
 */
import {
  OPCUA_BROWSE_API_PATHS,
  OPCUA_CREDENTIAL_FIELD,
  type OpcUaBrowseAnswer,
  type OpcUaBrowseRequest,
  type OpcUaCredentialAnswer,
  type OpcUaGatewayCertificateAnswer,
  type OpcUaTargetsAnswer,
} from '@lyyp/contracts/opcua-browse';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export function createOpcUaBrowseApi(client: ApiClient) {
  return {
    listTargets: (productId: string, driverKey: string) =>
      client.post<OpcUaTargetsAnswer>(OPCUA_BROWSE_API_PATHS.targets, { productId, driverKey }),
    gatewayCertificate: (equipmentId: string) =>
      client.post<OpcUaGatewayCertificateAnswer>(OPCUA_BROWSE_API_PATHS.gatewayCertificate, { equipmentId }),
    browse: (request: OpcUaBrowseRequest) =>
      client.post<OpcUaBrowseAnswer>(OPCUA_BROWSE_API_PATHS.browse, { ...request }),
    checkCredential: (kind: 'certificate' | 'key', file: Blob, fileName: string) => {
      const form = new FormData();
      form.append(OPCUA_CREDENTIAL_FIELD, file, fileName);
      return client.upload<OpcUaCredentialAnswer>(
        kind === 'key' ? OPCUA_BROWSE_API_PATHS.privateKey : OPCUA_BROWSE_API_PATHS.certificate,
        form,
      );
    },
  };
}

export const opcUaBrowseApi = createOpcUaBrowseApi(apiClient);
