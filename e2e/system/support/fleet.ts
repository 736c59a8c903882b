/**
 * What most system tests set up as an operator would: the platform started and the administrator
 * signed in; a product imported from a model, gateways created, a device bound to one; its agent
 * started until it runs the device's configuration. And the §7 command flow (post, then poll the
 * callback by uuid) for commands through the API.
 */
import { runDeviceCommand, type CommandReply } from '@lyyp/contracts/commands';
import type { DeviceModelInput } from '@lyyp/contracts/device-model';
import { AgentProcess } from './agent.ts';
import { ADMIN, PlatformProcess } from './platform.ts';
import { PlatformApi } from './platform-api.ts';
import { delay } from './processes.ts';

/** Starting an agent process (tsx compiling on a loaded machine) and reaching the platform. */
export const AGENT_START_MS = 90_000;

export interface CreatedGateway {
  readonly sn: string;
  readonly verificationCode: string;
  readonly secret: string;
}

export interface GatewayInfo {
  readonly status: string;
  readonly lastSeq: number;
  readonly firmware: string | null;
  readonly configVersionReported: number;
}

type AgentOptions = Omit<Parameters<typeof AgentProcess.start>[0], 'sn' | 'secret' | 'platformUrl'> & {
  /** Where the agent connects; the platform's broker by default. */
  platformUrl?: string;
};

export class Fleet {
  private constructor(
    readonly platform: PlatformProcess,
    public api: PlatformApi,
  ) {}

  /** Starts a platform on a fresh data directory and signs the administrator in. */
  static async start(startTimeoutMs = 90_000): Promise<Fleet> {
    const platform = await PlatformProcess.create();
    await platform.start(startTimeoutMs);
    const fleet = new Fleet(platform, new PlatformApi(platform.baseUrl));
    await fleet.signIn();
    return fleet;
  }

  /** A new session (after the platform was started again, say). */
  async signIn(): Promise<PlatformApi> {
    this.api = new PlatformApi(this.platform.baseUrl);
    await this.api.signIn(ADMIN.username, ADMIN.password);
    return this.api;
  }

  async importProduct(product: {
    title: string;
    productModel: string;
    model: DeviceModelInput;
  }): Promise<string> {
    const created = await this.api.post<{ id: string }>('/product/advance/importProduct', {
      title: product.title,
      productModel: product.productModel,
      json: product.model,
    });
    return created.id;
  }

  async addGateway(): Promise<CreatedGateway> {
    const [gateway] = await this.api.post<CreatedGateway[]>('/gateway/batchAdd', { count: 1 });
    if (!gateway) throw new Error('no gateway was created');
    return gateway;
  }

  async bindDevice(name: string, gateway: CreatedGateway, productId: string): Promise<string> {
    const device = await this.api.post<{ id: string }>('/equipment/add', {
      name,
      sn: gateway.sn,
      verificationCode: gateway.verificationCode,
      productId,
    });
    return device.id;
  }

  startAgent(
    gateway: Pick<CreatedGateway, 'sn' | 'secret'>,
    options: AgentOptions = {},
  ): Promise<AgentProcess> {
    return AgentProcess.start({
      ...options,
      sn: gateway.sn,
      secret: gateway.secret,
      platformUrl: options.platformUrl ?? this.platform.mqttUrl,
    });
  }

  /**
   * A product of the model, a gateway and a device bound to it, and the gateway's agent running
   * the device's configuration.
   */
  async deviceWithAgent(options: {
    title: string;
    productModel: string;
    model: DeviceModelInput;
    deviceName: string;
    agent?: AgentOptions;
    appliedTimeoutMs?: number;
  }): Promise<{ productId: string; gateway: CreatedGateway; deviceId: string; agent: AgentProcess }> {
    const productId = await this.importProduct(options);
    const gateway = await this.addGateway();
    const deviceId = await this.bindDevice(options.deviceName, gateway, productId);
    const agent = await this.startAgent(gateway, options.agent);
    await agent.process.waitForLine(
      /configuration version \d+ applied/,
      options.appliedTimeoutMs ?? AGENT_START_MS,
    );
    return { productId, gateway, deviceId, agent };
  }

  gatewayInfo(sn: string): Promise<GatewayInfo> {
    return this.api.post<GatewayInfo>('/gateway/info', { sn });
  }

  /** A §7 device command: post, then poll the callback by uuid until it has an answer. */
  command<T = { value: unknown }>(path: string, body: Record<string, unknown>): Promise<CommandReply<T>> {
    return runDeviceCommand<T>({
      post: () => this.api.post<CommandReply<T>>(path, body),
      poll: (uuid) => this.api.post<CommandReply<T>>('/bluetooth/equipment/multi/callback', { uuid }),
      sleep: delay,
      maxAttempts: 12,
    });
  }
}
