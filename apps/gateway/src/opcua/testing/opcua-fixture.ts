/**
 * node-opcua's own server as the third-party server the OPC UA tests talk to: a `Line1` folder with
 * one node of every built-in type the platform maps (known values), an array, a numeric, a GUID
 * and an opaque NodeId, a node the test can turn bad, and options for Sign & Encrypt with a user.
 * A second folder, `Utilities`, holds read-only nodes one of them a level deeper (`Utilities/Pump`),
 * so a browser sees nested folders and access levels other than read-write.
 * `restart()` stops the server and starts a new one on the same port, as a server reboot does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DataType,
  MessageSecurityMode,
  OPCUACertificateManager,
  OPCUAServer,
  SecurityPolicy,
  StatusCodes,
  Variant,
  type StatusCode,
  VariantArrayType,
  type UAVariable,
} from 'node-opcua';

export interface FixtureNode {
  readonly name: string;
  readonly nodeId: string;
  readonly dataType: DataType;
  readonly value: unknown;
  readonly arrayType?: VariantArrayType;
}

/** Identifiers without the namespace, which the server gives (its own namespace is 1). */
export const FIXTURE_NODES: readonly FixtureNode[] = [
  { name: 'Bool', nodeId: 's=Line1.Bool', dataType: DataType.Boolean, value: true },
  { name: 'SByte', nodeId: 's=Line1.SByte', dataType: DataType.SByte, value: -100 },
  { name: 'Byte', nodeId: 's=Line1.Byte', dataType: DataType.Byte, value: 200 },
  { name: 'Int16', nodeId: 's=Line1.Int16', dataType: DataType.Int16, value: -30000 },
  { name: 'UInt16', nodeId: 's=Line1.UInt16', dataType: DataType.UInt16, value: 60000 },
  { name: 'Int32', nodeId: 's=Line1.Int32', dataType: DataType.Int32, value: -2000000000 },
  { name: 'UInt32', nodeId: 's=Line1.UInt32', dataType: DataType.UInt32, value: 4000000000 },
  // -2^40 - 5 and 2^52 + 3: beyond 32 bits, exact as doubles.
  { name: 'Int64', nodeId: 's=Line1.Int64', dataType: DataType.Int64, value: [0xfffffeff, 0xfffffffb] },
  { name: 'UInt64', nodeId: 's=Line1.UInt64', dataType: DataType.UInt64, value: [0x00100000, 3] },
  { name: 'Float', nodeId: 's=Line1.Float', dataType: DataType.Float, value: 1.5 },
  { name: 'Double', nodeId: 's=Line1.Temp', dataType: DataType.Double, value: 21.25 },
  { name: 'String', nodeId: 's=Line1.Name', dataType: DataType.String, value: 'Oven 3 – 炉' },
  {
    name: 'Array',
    nodeId: 's=Line1.Levels',
    dataType: DataType.Int32,
    value: [1, -2, 3],
    arrayType: VariantArrayType.Array,
  },
  { name: 'Numeric', nodeId: 'i=1001', dataType: DataType.Double, value: 3.25 },
  { name: 'Guid', nodeId: 'g=72962B91-FA75-4AE6-8D28-B404DC7DAF63', dataType: DataType.Int32, value: 42 },
  { name: 'Opaque', nodeId: 'b=M/RbKBsRVkePCePcx24oRA==', dataType: DataType.UInt16, value: 7 },
  { name: 'Flaky', nodeId: 's=Line1.Flaky', dataType: DataType.Double, value: 5 },
];

/** Read-only nodes of the `Utilities` folder (and its `Pump` folder), for the tag browser. */
export const FIXTURE_UTILITIES = {
  mode: { name: 'Mode', nodeId: 's=Utilities.Mode', dataType: DataType.Int16, value: 3 },
  speed: { name: 'Speed', nodeId: 's=Utilities.Pump.Speed', dataType: DataType.Float, value: 12.5 },
} as const satisfies Record<string, FixtureNode>;

export interface FixtureOptions {
  /** Only SignAndEncrypt / Basic256Sha256 with this user (anonymous refused). */
  readonly secureUser?: { readonly userName: string; readonly password: string };
  /** Only SignAndEncrypt / Basic256Sha256 with a user certificate (anonymous refused; any certificate trusted). */
  readonly certificateUser?: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export class OpcUaFixture {
  private server: OPCUAServer | null = null;
  private readonly variables = new Map<string, UAVariable>();
  /** Values (and statuses) the server held when it stopped, served again by the next start. */
  private kept = new Map<string, { value: Variant; statusCode: StatusCode }>();
  /** Starts of the server so far (a restart counts). */
  starts = 0;

  private constructor(
    readonly port: number,
    private readonly folder: string,
    private readonly options: FixtureOptions,
  ) {}

  static async start(options: FixtureOptions = {}): Promise<OpcUaFixture> {
    const folder = await mkdtemp(path.join(tmpdir(), 'opcua-fixture-'));
    const fixture = new OpcUaFixture(await freePort(), folder, options);
    await fixture.boot();
    return fixture;
  }

  /** The URI of the server's own namespace (index 1), for NodeIds written `nsu=<uri>;…`. */
  get namespaceUri(): string {
    if (!this.server) throw new Error('the fixture server is not running');
    return this.server.engine.addressSpace!.getOwnNamespace().namespaceUri;
  }

  get endpointUrl(): string {
    return `opc.tcp://127.0.0.1:${this.port}/UA/Fixture`;
  }

  /** The full NodeId of a fixture node by its name (namespace 1 is the server's own). */
  nodeId(name: string): string {
    const node = FIXTURE_NODES.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`no fixture node ${name}`);
    return `ns=1;${node.nodeId}`;
  }

  /** The value the server holds now. */
  read(name: string): unknown {
    return this.variable(name).readValue().value.value;
  }

  /** Sets a node's value (and status) as the device behind the server would. */
  set(name: string, value: unknown, bad = false): void {
    const node = FIXTURE_NODES.find((candidate) => candidate.name === name)!;
    this.variable(name).setValueFromSource(
      new Variant({ dataType: node.dataType, value, arrayType: node.arrayType ?? VariantArrayType.Scalar }),
      bad ? StatusCodes.BadDeviceFailure : StatusCodes.Good,
    );
  }

  private variable(name: string): UAVariable {
    const variable = this.variables.get(name);
    if (!variable) throw new Error(`no fixture node ${name}`);
    return variable;
  }

  private async boot(): Promise<void> {
    const serverCertificateManager = new OPCUACertificateManager({
      rootFolder: path.join(this.folder, 'pki'),
      automaticallyAcceptUnknownCertificate: true,
    });
    await serverCertificateManager.initialize();
    const secure = this.options.secureUser ?? (this.options.certificateUser ? {} : undefined);
    const userCertificateManager = new OPCUACertificateManager({
      rootFolder: path.join(this.folder, 'user-pki'),
      automaticallyAcceptUnknownCertificate: true,
    });
    await userCertificateManager.initialize();
    const server = new OPCUAServer({
      port: this.port,
      hostname: '127.0.0.1',
      resourcePath: '/UA/Fixture',
      serverCertificateManager,
      securityModes: secure ? [MessageSecurityMode.SignAndEncrypt] : [MessageSecurityMode.None],
      securityPolicies: secure ? [SecurityPolicy.Basic256Sha256] : [SecurityPolicy.None],
      allowAnonymous: !secure,
      userCertificateManager,
      ...(this.options.secureUser
        ? {
            userManager: {
              isValidUser: (user: string, password: string) =>
                user === this.options.secureUser?.userName && password === this.options.secureUser.password,
            },
          }
        : {}),
    });
    await server.initialize();
    const addressSpace = server.engine.addressSpace!;
    const namespace = addressSpace.getOwnNamespace();
    const line = namespace.addFolder(addressSpace.rootFolder.objects, {
      browseName: 'Line1',
      nodeId: 's=Line1',
    });
    const previous = this.kept;
    this.variables.clear();
    for (const node of FIXTURE_NODES) {
      const variable = namespace.addVariable({
        componentOf: line,
        browseName: node.name,
        nodeId: node.nodeId,
        dataType: DataType[node.dataType],
        ...(node.arrayType === VariantArrayType.Array ? { valueRank: 1, arrayDimensions: [0] } : {}),
        accessLevel: 'CurrentRead | CurrentWrite',
        userAccessLevel: 'CurrentRead | CurrentWrite',
        minimumSamplingInterval: 50,
      });
      const kept = previous.get(node.name);
      variable.setValueFromSource(
        kept?.value ??
          new Variant({
            dataType: node.dataType,
            value: node.value,
            arrayType: node.arrayType ?? VariantArrayType.Scalar,
          }),
        kept?.statusCode ?? StatusCodes.Good,
      );
      this.variables.set(node.name, variable);
    }
    const utilities = namespace.addFolder(addressSpace.rootFolder.objects, {
      browseName: 'Utilities',
      nodeId: 's=Utilities',
    });
    const pump = namespace.addFolder(utilities, { browseName: 'Pump', nodeId: 's=Utilities.Pump' });
    for (const [folder, node] of [
      [utilities, FIXTURE_UTILITIES.mode],
      [pump, FIXTURE_UTILITIES.speed],
    ] as const) {
      namespace.addVariable({
        componentOf: folder,
        browseName: node.name,
        nodeId: node.nodeId,
        dataType: DataType[node.dataType],
        accessLevel: 'CurrentRead',
        userAccessLevel: 'CurrentRead',
        value: new Variant({ dataType: node.dataType, value: node.value }),
      });
    }
    await server.start();
    this.server = server;
    this.starts += 1;
  }

  /** Stops the server (connections drop) without starting it again. */
  async halt(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) {
      this.kept = new Map(
        [...this.variables].map(([name, variable]) => {
          const current = variable.readValue();
          return [name, { value: current.value, statusCode: current.statusCode }];
        }),
      );
    }
    await server?.shutdown(0);
  }

  /** A server reboot: stop, then a new server on the same port with the same values. */
  async restart(): Promise<void> {
    await this.halt();
    await this.boot();
  }

  async stop(): Promise<void> {
    await this.halt();
    await rm(this.folder, { recursive: true, force: true });
  }
}
