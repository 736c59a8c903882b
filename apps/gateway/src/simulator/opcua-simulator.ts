/**
 * A simulated OPC UA server on loopback for `--simulate`, demos and the designer: node-opcua's
 * server with one node per variable of a driver, at the variable's own NodeId (its namespaces
 * are created as needed), of the built-in type its data type maps to. Values move
 * (SimulatedValues); a write is taken and held. It offers security mode None only: the driver is
 * pointed at it without security. Tests of the OPC UA driver use their own fixture, not this one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPCUA_BUILT_IN_TYPES, type DeviceModel, type Variable } from '@lyyp/contracts/device-model';
import type { Variant } from 'node-opcua';
import {
  DataType,
  MessageSecurityMode,
  OPCUACertificateManager,
  OPCUAServer,
  SecurityPolicy,
  StatusCodes,
  VariantArrayType,
  type INamespace,
} from 'node-opcua';
import { rawOfVariant, variantOf } from '../opcua/opcua-values.ts';
import { SimulatedValues } from './simulated-values.ts';

const RESOURCE_PATH = '/UA/Simulator';

export interface OpcUaSimulator {
  readonly endpointUrl: string;
  readonly values: SimulatedValues;
  /** Variables the server could not give a node (a NodeId in the standard namespace 0). */
  readonly skipped: readonly string[];
  stop(): Promise<void>;
}

export interface OpcUaSimulatorOptions {
  readonly model: DeviceModel;
  readonly driverKey: string;
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  readonly now?: () => number;
}

function builtInType(variable: Variable): DataType {
  // Several built-in types map to `long`; Int64 is the one a simulated node takes.
  const type = OPCUA_BUILT_IN_TYPES.find((candidate) => candidate.dataType === variable.dataType);
  return type?.id ?? DataType.Double;
}

/** The namespace a NodeId names (registering it when new) and the NodeId within it; null for ns=0. */
function placeNodeId(
  server: OPCUAServer,
  nodeId: string,
): { readonly namespace: INamespace; readonly nodeId: string } | null {
  const addressSpace = server.engine.addressSpace!;
  const byUri = /^nsu=([^;]+);(.+)$/.exec(nodeId);
  if (byUri) {
    const uri = byUri[1]!;
    const namespace = addressSpace.getNamespace(uri) ?? addressSpace.registerNamespace(uri);
    return { namespace, nodeId: `ns=${namespace.index};${byUri[2]}` };
  }
  const byIndex = /^ns=(\d+);/.exec(nodeId);
  const index = byIndex ? Number(byIndex[1]) : 0;
  if (index === 0) return null;
  while (addressSpace.getNamespaceArray().length <= index)
    addressSpace.registerNamespace(`urn:lyyp:simulator:${addressSpace.getNamespaceArray().length}`);
  return { namespace: addressSpace.getNamespace(index), nodeId };
}

export async function startOpcUaSimulator(options: OpcUaSimulatorOptions): Promise<OpcUaSimulator> {
  const variables = options.model.variables.filter(
    (variable) => variable.kind === 'device' && variable.driverKey === options.driverKey,
  );
  const values = new SimulatedValues(variables, options.now);
  const folder = await mkdtemp(path.join(tmpdir(), 'lyyp-opcua-simulator-'));
  const serverCertificateManager = new OPCUACertificateManager({
    rootFolder: path.join(folder, 'pki'),
    automaticallyAcceptUnknownCertificate: true,
  });
  await serverCertificateManager.initialize();
  const server = new OPCUAServer({
    port: options.port ?? 0,
    hostname: '127.0.0.1',
    resourcePath: RESOURCE_PATH,
    serverCertificateManager,
    securityModes: [MessageSecurityMode.None],
    securityPolicies: [SecurityPolicy.None],
    allowAnonymous: true,
  });
  await server.initialize();
  const addressSpace = server.engine.addressSpace!;
  const own = addressSpace.getOwnNamespace();
  const folderNode = own.addFolder(addressSpace.rootFolder.objects, { browseName: 'Simulator' });
  const skipped: string[] = [];
  for (const variable of variables) {
    const placed = placeNodeId(server, variable.address?.trim() ?? '');
    if (!placed) {
      skipped.push(variable.key);
      continue;
    }
    const dataType = builtInType(variable);
    placed.namespace.addVariable({
      componentOf: folderNode,
      browseName: variable.name,
      nodeId: placed.nodeId,
      dataType: DataType[dataType],
      accessLevel: 'CurrentRead | CurrentWrite',
      userAccessLevel: 'CurrentRead | CurrentWrite',
      minimumSamplingInterval: 100,
      value: {
        get: () => variantOf(values.value(variable.key), dataType, false),
        set: (variant: Variant) => {
          const raw = variant.arrayType === VariantArrayType.Scalar ? rawOfVariant(variant) : null;
          if (raw === null) return StatusCodes.BadTypeMismatch;
          values.hold(variable.key, raw);
          return StatusCodes.Good;
        },
      },
    });
  }
  await server.start();
  const port = server.endpoints[0]?.port ?? options.port ?? 0;
  return {
    endpointUrl: `opc.tcp://127.0.0.1:${port}${RESOURCE_PATH}`,
    values,
    skipped,
    stop: async () => {
      await server.shutdown(0);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
