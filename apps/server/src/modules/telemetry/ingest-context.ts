/**
 * What ingest knows of each gateway's device: its id and its product's model, cached per gateway
 * for a short time and read again in the background before it expires, with the reads of many
 * gateways gathered into one query.
 */
import type { DeviceModel, Variable } from '@lyyp/contracts/device-model';
import type { DeviceBinding, RuntimeRepository } from './runtime.repository.ts';

/** Gateways whose devices are read in one query, and its answer. */
interface BindingLookup {
  readonly sns: Set<string>;
  readonly bindings: Promise<Map<string, DeviceBinding>>;
}

/** A gateway's device as read at `loadedAt`, and whether it is being read again. */
interface CachedContext {
  readonly context: Promise<IngestContext | undefined>;
  readonly loadedAt: number;
  refreshing: boolean;
}

/** What ingest needs of a gateway's device: its id and its model's variables by key. */
export interface IngestContext {
  readonly deviceId: string;
  readonly model: DeviceModel;
  readonly variables: ReadonlyMap<string, Variable>;
}

export class IngestContexts {
  /**
   * Per gateway, its device as last read (a promise, so uploads arriving while it is read wait for
   * the same answer and keep their order), and whether it is being read again ahead of its expiry.
   */
  private readonly contexts = new Map<string, CachedContext>();
  /** Models by product, kept while the product's model version stays the same. */
  private readonly models = new Map<string, { version: number; context: Omit<IngestContext, 'deviceId'> }>();
  /** Device lookups gathering gateways: for uploads waiting now, and for background re-reads. */
  private readonly bindingLookups: { now: BindingLookup | null; later: BindingLookup | null } = {
    now: null,
    later: null,
  };

  private readonly contextTtlMs: number;
  private readonly refreshGatherMs: number;

  constructor(
    private readonly runtime: RuntimeRepository,
    private readonly now: () => number,
    options: { readonly contextTtlMs?: number; readonly refreshGatherMs?: number },
  ) {
    this.contextTtlMs = options.contextTtlMs ?? 5000;
    this.refreshGatherMs = options.refreshGatherMs ?? 250;
  }

  forgetDevice(sn?: string) {
    if (sn) this.contexts.delete(sn);
    else this.contexts.clear();
    this.models.clear();
  }

  /**
   * The gateway's device. An answer older than half of `contextTtlMs` is read again in the
   * background (gathered with others for `refreshGatherMs`) while uploads go on using it, so a
   * gateway that sends more often than that never waits for the database here (a wait that fell on
   * the alarm path, behind a group commit). One older than `contextTtlMs` is never used: a change
   * made on another node takes effect within it.
   */
  contextOf(sn: string): Promise<IngestContext | undefined> {
    const cached = this.contexts.get(sn);
    const now = this.now();
    const age = cached ? now - cached.loadedAt : Number.NaN;
    if (cached && age >= 0 && age < this.contextTtlMs) {
      if (age >= this.contextTtlMs / 2 && !cached.refreshing) this.refreshContext(sn, cached, now);
      return cached.context;
    }
    return this.storeContext(sn, this.loadContext(sn), now).context;
  }

  private storeContext(sn: string, context: Promise<IngestContext | undefined>, loadedAt: number) {
    const entry: CachedContext = { context, loadedAt, refreshing: false };
    this.contexts.set(sn, entry);
    context.catch(() => {
      if (this.contexts.get(sn) === entry) this.contexts.delete(sn);
    });
    return entry;
  }

  /** Reads the device again; the answer replaces `cached` unless it was dropped meanwhile. */
  private refreshContext(sn: string, cached: CachedContext, startedAt: number) {
    cached.refreshing = true;
    this.loadContext(sn, 'later').then(
      (context) => {
        if (this.contexts.get(sn) === cached) this.storeContext(sn, Promise.resolve(context), startedAt);
      },
      () => {
        // Kept until it expires; the next upload after half its lifetime tries again.
        cached.refreshing = false;
      },
    );
  }

  /**
   * The bindings of every gateway whose upload came in the same turn of the event loop, in one
   * query (a thousand gateways refreshing every few seconds would otherwise make hundreds a second).
   * Background re-reads (`later`) gather for `refreshGatherMs` instead.
   */
  private bindingOf(sn: string, when: 'now' | 'later'): Promise<DeviceBinding | undefined> {
    let lookup = this.bindingLookups[when];
    if (!lookup) {
      const sns = new Set<string>();
      const gathered =
        when === 'now' || this.refreshGatherMs === 0
          ? new Promise<void>((resolve) => setImmediate(resolve))
          : new Promise<void>((resolve) => setTimeout(resolve, this.refreshGatherMs).unref());
      const bindings = gathered.then(() => {
        this.bindingLookups[when] = null;
        return this.runtime.deviceBindingsBySns([...sns]);
      });
      lookup = this.bindingLookups[when] = { sns, bindings };
    }
    lookup.sns.add(sn);
    return lookup.bindings.then((bindings) => bindings.get(sn));
  }

  /** The binding is read each time; the model (large) only when its version moved. */
  private async loadContext(sn: string, when: 'now' | 'later' = 'now'): Promise<IngestContext | undefined> {
    const binding = await this.bindingOf(sn, when);
    if (!binding) return undefined;
    const model = await this.modelOf(binding);
    return model ? { deviceId: binding.deviceId, ...model } : undefined;
  }

  /** A product's model by its version, read again only when the version moved. */
  async modelOf(
    binding: Pick<DeviceBinding, 'productId' | 'modelVersion'>,
  ): Promise<Omit<IngestContext, 'deviceId'> | undefined> {
    let product = this.models.get(binding.productId);
    if (!product || product.version !== binding.modelVersion) {
      const stored = await this.runtime.productModel(binding.productId);
      if (!stored) return undefined;
      product = {
        version: stored.modelVersion,
        context: {
          model: stored.model,
          variables: new Map(stored.model.variables.map((variable) => [variable.key, variable])),
        },
      };
      this.models.set(binding.productId, product);
    }
    return product.context;
  }
}
