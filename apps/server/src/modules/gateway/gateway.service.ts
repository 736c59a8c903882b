/**
 * Gateways: the list a caller may see, creating them in batches or from a file (operation staff),
 * exporting, remarks, and the credentials the edge agent needs. Another tenant's gateway is
 * answered like a missing one (1003).
 */
import { NO_OBJECT, type Authorizer, type PolicyObject } from '../../policy/index.ts';
import { randomBytes, randomInt } from 'node:crypto';
import { CatalogueError, GATEWAY_CODE_LENGTH, SN_LENGTH, type Locale } from '@lyyp/contracts';
import { DOWN_TOPICS, UP_TOPICS, downTopic, upTopic } from '@lyyp/contracts/protocol';
import { newNumericCode } from '../../lib/ids.ts';
import { phoneShownTo } from '../../lib/phone-visibility.ts';
import { viewerOf, type Caller } from '../device/viewer.ts';
import { DEFAULT_HARDWARE_MODEL_ID } from '@lyyp/contracts/hardware';
import type { HardwareModelRepository } from '../hardware/hardware.repository.ts';
import type { Page, PageRequest } from '../product/catalogue-route.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import { SHEET_CONTENT_TYPES, type SheetFormat } from '../product/spreadsheet.ts';
import { DUPLICATE_SN_CODE, readGatewaySheet, writeGatewaySheet } from './gateway-sheet.ts';
import { signalBandOf, type SignalBand } from '@lyyp/contracts/gateway';
import { mayAttempt, policyCallerOf } from '@lyyp/contracts/policy';
import type {
  GatewayFilter,
  GatewayListRow,
  GatewayRepository,
  GatewayRow,
  NewGatewayRow,
} from './gateway.repository.ts';
import type { GatewayBatchAddRequest } from './gateway.schemas.ts';

/** Most rows one export writes. */
export const GATEWAY_EXPORT_MAX = 10_000;
const SECRET_BYTES = 24;

export interface GatewayView extends Omit<
  GatewayListRow,
  'verificationCode' | 'deviceId' | 'deviceName' | 'productId'
> {
  signalBand: SignalBand | null;
  device: { id: string; name: string; productId: string } | null;
  /** Shown to operation staff only: they print it on the gateway label. */
  verificationCode?: string;
}

export interface GatewayCredentials {
  sn: string;
  secret: string;
  mqtt: {
    url: string;
    clientId: string;
    username: string;
    password: string;
    publish: string[];
    subscribe: string[];
  };
}

export interface GatewayServiceOptions {
  /**
   * Where agents reach the broker, as the credentials answer shows it: the gateways' broker address,
   * never the platform's own broker account. A function when it is known only once the broker listens.
   */
  mqttUrl: string | (() => string);
  /** Hardware models: a gateway refers to one, named by id in a batch or by name in a sheet. */
  models: Pick<HardwareModelRepository, 'exists' | 'idsByName'>;
  /** Whether a product exists: a batch may name the product its gateways are made for. */
  productExists?: (productId: string) => Promise<boolean>;
  /** Closes a gateway's broker connections after its secret changed; answers whether one was open. */
  disconnect?: (sn: string) => Promise<boolean>;
  /** The policy's decision on gateways (src/policy/). */
  authorizer: Pick<Authorizer, 'authorize' | 'allows' | 'productObject' | 'sees'>;
}

/** A random SN: 12 digits, the first not 0 so spreadsheets keep it whole. */
export function generateSn(): string {
  return `${randomInt(1, 10)}${newNumericCode(SN_LENGTH - 1)}`;
}

export function generateSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/**
 * Whether the caller is shown what opens a gateway: its secret (signing in as it) and its
 * verification code (binding it, moving a device to it). Staff who may read credentials only —
 * the gateway edit code, never the view code; the rows they are shown are within their scope.
 */
function showsGatewaySecrets(caller: Caller): boolean {
  return viewerOf(caller.account).staff && mayAttempt('gateway.credentials', policyCallerOf(caller.account));
}

function present(row: GatewayListRow, showsSecrets: boolean): GatewayView {
  const { verificationCode, deviceId, deviceName, productId, ...rest } = row;
  return {
    ...rest,
    signalBand: signalBandOf(row.signal),
    device: deviceId && deviceName && productId ? { id: deviceId, name: deviceName, productId } : null,
    ...(showsSecrets ? { verificationCode } : {}),
  };
}

export class GatewayService {
  constructor(
    private readonly gateways: GatewayRepository,
    private readonly options: GatewayServiceOptions,
  ) {}

  async query(caller: Caller, filter: GatewayFilter, paging: PageRequest): Promise<Page<GatewayView>> {
    const viewer = viewerOf(caller.account);
    const { rows, total } = await this.gateways.page(viewer, filter, paging, phoneShownTo(caller.account));
    const showsSecrets = showsGatewaySecrets(caller);
    return { list: rows.map((row) => present(row, showsSecrets)), total, ...paging };
  }

  async info(caller: Caller, sn: string) {
    const viewer = viewerOf(caller.account);
    const row = await this.gateways.findVisibleListRow(viewer, sn, phoneShownTo(caller.account));
    const gateway = await this.gateways.findVisible(viewer, sn);
    if (!row || !gateway) throw new CatalogueError('1003');
    return {
      ...present(row, showsGatewaySecrets(caller)),
      lastSeq: gateway.lastSeq,
      rejectedMessages: gateway.rejectedMessages,
      slaveCounters: gateway.slaveCounters,
      product: (await this.gateways.productOf(sn)) ?? null,
    };
  }

  /** The gateway if the caller may see it; 1003 otherwise. */
  async requireVisible(caller: Caller, sn: string): Promise<GatewayRow> {
    const gateway = await this.gateways.findVisible(viewerOf(caller.account), sn);
    if (!gateway) throw new CatalogueError('1003');
    return gateway;
  }

  /** Creates gateways with fresh verification codes and secrets; SNs are generated or given. */
  async batchAdd(
    caller: Caller,
    input: GatewayBatchAddRequest,
  ): Promise<Array<Pick<GatewayRow, 'sn' | 'verificationCode' | 'secret'>>> {
    await this.options.authorizer.authorize(caller.account, 'gateway.create', NO_OBJECT);
    const developerAccountId = await this.checkedDeveloper(input.developerAccountId);
    const hardwareModelId = input.hardwareModelId ?? DEFAULT_HARDWARE_MODEL_ID;
    if (!(await this.options.models.exists(hardwareModelId)))
      throw new CatalogueError('2454', { name: hardwareModelId, field: 'hardwareModelId' });
    // A product outside the caller's data permission is answered like an unknown one.
    if (input.productId && !(await this.seesProduct(caller, input.productId)))
      throw new CatalogueError('2210', { product: input.productId, field: 'productId' });
    const details = {
      hardwareModelId,
      productId: input.productId ?? null,
      firmware: input.firmware ?? null,
      remark: input.remark ?? null,
      developerAccountId,
    };
    if (input.sns) {
      const sns = input.sns;
      const existing = await this.gateways.existingSns(sns);
      // Every bad line is named (line number and SN), not only the first.
      const bad = sns.flatMap((sn, index) => (sns.indexOf(sn) !== index || existing.has(sn) ? [index] : []));
      if (bad.length > 0)
        throw new CatalogueError('1519', {
          field: `sns.${bad[0]}`,
          fields: bad.map((index) => `sns.${index}`).join(','),
          lines: bad
            .map((index) => `${index + 1}: ${sns[index]}`)
            .join(caller.locale === 'en-US' ? '; ' : '；'),
        });
      const rows = sns.map((sn) => ({
        sn,
        verificationCode: newNumericCode(GATEWAY_CODE_LENGTH),
        secret: generateSecret(),
        ...details,
      }));
      await this.insertOrExplain(rows, 'sns');
      return rows.map(({ sn, verificationCode, secret }) => ({ sn, verificationCode, secret }));
    }
    return this.insertGenerated(input.count ?? 1, details);
  }

  /** Generated SNs may meet existing ones or a concurrent batch: draw again until all are free. */
  private async insertGenerated(
    count: number,
    details: Omit<NewGatewayRow, 'sn' | 'verificationCode' | 'secret'>,
  ) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const sns = new Set<string>();
      while (sns.size < count) sns.add(generateSn());
      const existing = await this.gateways.existingSns([...sns]);
      for (const sn of existing) sns.delete(sn);
      while (sns.size < count) {
        const sn = generateSn();
        if (!existing.has(sn)) sns.add(sn);
      }
      const rows = [...sns].map((sn) => ({
        sn,
        verificationCode: newNumericCode(GATEWAY_CODE_LENGTH),
        secret: generateSecret(),
        ...details,
      }));
      try {
        await this.gateways.insertAll(rows);
        return rows.map(({ sn, verificationCode, secret }) => ({ sn, verificationCode, secret }));
      } catch (error) {
        if (databaseCodeOf(error) !== '23505') throw error;
      }
    }
    throw new Error('could not find free gateway SNs');
  }

  private async insertOrExplain(rows: NewGatewayRow[], field: string) {
    try {
      await this.gateways.insertAll(rows);
    } catch (error) {
      // Another request created one of these SNs since the check.
      if (databaseCodeOf(error) === '23505') throw new CatalogueError(DUPLICATE_SN_CODE, { field });
      throw error;
    }
  }

  /** Imports a CSV or XLSX file all or nothing; a bad or taken SN names its row. */
  async importSheet(
    caller: Caller,
    bytes: Buffer,
    developerAccountId?: string,
  ): Promise<{ imported: number; generatedSecrets: number }> {
    await this.options.authorizer.authorize(caller.account, 'gateway.import', NO_OBJECT);
    const developer = await this.checkedDeveloper(developerAccountId);
    const imported = await readGatewaySheet(bytes);
    const existing = await this.gateways.existingSns(imported.map((gateway) => gateway.sn));
    const taken = imported.find((gateway) => existing.has(gateway.sn));
    if (taken) throw new CatalogueError(DUPLICATE_SN_CODE, { field: `rows.${taken.row}.sn` });
    // The sheet names models as people read them; an unknown name refuses the whole sheet.
    const names = [
      ...new Set(imported.flatMap((gateway) => (gateway.hardwareModel ? [gateway.hardwareModel] : []))),
    ];
    const modelIds = await this.options.models.idsByName(names);
    const unknown = imported.find((gateway) => gateway.hardwareModel && !modelIds.has(gateway.hardwareModel));
    if (unknown)
      throw new CatalogueError('2454', {
        name: unknown.hardwareModel ?? '',
        field: `rows.${unknown.row}.hardwareModel`,
      });
    const rows = imported.map((gateway) => ({
      sn: gateway.sn,
      verificationCode: gateway.verificationCode,
      secret: gateway.secret ?? generateSecret(),
      hardwareModelId:
        (gateway.hardwareModel && modelIds.get(gateway.hardwareModel)) || DEFAULT_HARDWARE_MODEL_ID,
      firmware: gateway.firmware ?? null,
      remark: gateway.remark ?? null,
      developerAccountId: developer,
    }));
    await this.insertOrExplain(rows, 'file');
    return {
      imported: rows.length,
      generatedSecrets: imported.filter((gateway) => gateway.secret === undefined).length,
    };
  }

  async exportSheet(
    caller: Caller,
    selection: { sns?: string[] | undefined; filter: GatewayFilter },
    format: SheetFormat,
  ) {
    const viewer = viewerOf(caller.account);
    const rows = await this.gateways.listForExport(
      viewer,
      selection,
      GATEWAY_EXPORT_MAX,
      phoneShownTo(caller.account),
    );
    // Export is a view: secrets and codes only for staff who may read credentials.
    const secrets = showsGatewaySecrets(caller)
      ? await this.gateways.secretsOf(rows.map((row) => row.sn))
      : null;
    return {
      name: `${exportName(caller.locale)}.${format}`,
      contentType: SHEET_CONTENT_TYPES[format],
      bytes: await writeGatewaySheet(rows, secrets, format, caller.locale),
    };
  }

  async editRemark(caller: Caller, sn: string, remark: string | null): Promise<void> {
    const gateway = await this.requireVisible(caller, sn);
    await this.options.authorizer.authorize(caller.account, 'gateway.edit', policyObjectOf(gateway));
    await this.gateways.updateRemark(sn, remark?.trim() || null);
  }

  /**
   * What the agent signs in with: for those who may edit the gateway (staff in scope, its owner),
   * never for a view code — the secret lets its holder act as the gateway.
   */
  async credentials(caller: Caller, sn: string): Promise<GatewayCredentials> {
    const gateway = await this.requireVisible(caller, sn);
    await this.options.authorizer.authorize(caller.account, 'gateway.credentials', policyObjectOf(gateway));
    return this.credentialsOf(sn, gateway.secret);
  }

  /**
   * Replaces the gateway's secret: the old one is refused from the next sign-in, and a connection
   * signed in with it is closed at once, so the agent must restart with the new one.
   */
  async rotateSecret(caller: Caller, sn: string): Promise<GatewayCredentials & { disconnected: boolean }> {
    const gateway = await this.requireVisible(caller, sn);
    await this.options.authorizer.authorize(caller.account, 'gateway.rotateSecret', policyObjectOf(gateway));
    const secret = generateSecret();
    await this.gateways.updateSecret(sn, secret);
    const disconnected = (await this.options.disconnect?.(sn)) ?? false;
    return { ...this.credentialsOf(sn, secret), disconnected };
  }

  private credentialsOf(sn: string, secret: string): GatewayCredentials {
    return {
      sn,
      secret,
      mqtt: {
        url: typeof this.options.mqttUrl === 'function' ? this.options.mqttUrl() : this.options.mqttUrl,
        clientId: sn,
        username: sn,
        password: secret,
        publish: UP_TOPICS.map((kind) => upTopic(sn, kind)),
        subscribe: DOWN_TOPICS.map((kind) => downTopic(sn, kind)),
      },
    };
  }

  /**
   * Deletes gateways no device is bound to (operation staff, within their data permission). Bound,
   * unknown or out-of-scope SNs are kept and answered as such (one outside the caller's scope looks
   * like an unknown one), so a person sees which ones need unbinding first.
   */
  async delete(caller: Caller, sns: readonly string[]): Promise<{ deleted: string[]; kept: string[] }> {
    const { authorizer } = this.options;
    await authorizer.authorize(caller.account, 'gateway.delete', NO_OBJECT);
    const viewer = viewerOf(caller.account);
    const allowed: string[] = [];
    for (const sn of new Set(sns)) {
      const gateway = await this.gateways.findVisible(viewer, sn);
      if (gateway && (await authorizer.allows(caller.account, 'gateway.delete', policyObjectOf(gateway))))
        allowed.push(sn);
    }
    const deleted = await this.gateways.deleteUnbound(allowed);
    return { deleted, kept: sns.filter((sn) => !deleted.includes(sn)) };
  }

  private async seesProduct(caller: Caller, productId: string): Promise<boolean> {
    if (!(await this.options.productExists?.(productId))) return false;
    const product = await this.options.authorizer.productObject(productId);
    return product !== undefined && (await this.options.authorizer.sees(caller.account, product));
  }

  private async checkedDeveloper(accountId: string | undefined): Promise<string | null> {
    if (!accountId) return null;
    if ((await this.gateways.accountKind(accountId)) !== 'developer')
      throw new CatalogueError('1002', { field: 'developerAccountId' });
    return accountId;
  }
}

function policyObjectOf(gateway: GatewayRow): PolicyObject {
  return {
    kind: 'gateway',
    sn: gateway.sn,
    ownerAccountId: gateway.ownerAccountId,
    developerAccountId: gateway.developerAccountId,
  };
}

function exportName(locale: Locale): string {
  return locale === 'en-US' ? 'gateways' : '网关';
}
