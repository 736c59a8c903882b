import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { Bus } from '../../bus/bus.ts';
import type { HistoryRepository, PointRow } from './history.repository.ts';
import { IngestService, type IngestOptions } from './ingest.service.ts';
import type { RuntimeRepository } from './runtime.repository.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * An ingest service over fakes: one gateway `gw` bound to device `d1` with a numeric variable `t`.
 * `store` and `publish` replace the history's store (answering at once) and the bus's publish.
 */
function buildIngest(
  fakes: {
    store?: (rows: readonly PointRow[]) => Promise<void>;
    publish?: (topic: string, event: { points: Array<{ ts: number }> }) => void;
    /** The device bound to `gw` at each lookup (d1 by default). */
    bindings?: (
      sns: string[],
    ) => Promise<Map<string, { deviceId: string; productId: string; modelVersion: number }>>;
    now?: () => number;
    options?: IngestOptions;
  } = {},
) {
  const stores: number[][] = [];
  const storedFor: string[][] = [];
  const alsoWritten: SQL[][] = [];
  const history = {
    store: async (rows: readonly PointRow[], also: readonly SQL[] = []) => {
      stores.push(rows.map((row) => row.ts));
      storedFor.push(rows.map((row) => row.deviceId));
      alsoWritten.push([...also]);
      await fakes.store?.(rows);
      return { allNew: true as const };
    },
  } as unknown as HistoryRepository;
  const model = { variables: [{ key: 't', dataType: 'float' }] } as unknown as DeviceModel;
  const runtime = {
    deviceBindingsBySns:
      fakes.bindings ??
      (() => Promise.resolve(new Map([['gw', { deviceId: 'd1', productId: 'p1', modelVersion: 1 }]]))),
    productModel: () => Promise.resolve({ model, modelVersion: 1 }),
    latestValuesOf: () => Promise.resolve([]),
  } as unknown as RuntimeRepository;
  const bus = { publish: fakes.publish ?? (() => undefined) } as unknown as Bus;
  const ingest = new IngestService(history, runtime, bus, fakes.now ?? (() => 7000), {
    refreshGatherMs: 0,
    ...fakes.options,
  });
  const acknowledged: number[] = [];
  /** Sends upload `seq` (one point of `t` at `seq` seconds) and notes its acknowledgement. */
  const upload = (seq: number) =>
    ingest.ingest('gw', { seq, points: [{ k: 't', t: seq * 1000, v: seq }] }).then(() => {
      acknowledged.push(seq);
    });
  return { ingest, stores, storedFor, alsoWritten, upload, acknowledged };
}

describe('ingest with a commit statement (the report invalidation marks)', () => {
  it("writes the statement built from each group commit's points in that commit, after the upload numbers", async () => {
    const { ingest, alsoWritten } = buildIngest();
    const built: Array<{ points: number[]; receivedAt: number }> = [];
    const marker = sql`select 'marks'`;
    ingest.withCommit((batch) => {
      built.push({ points: batch.points.map((point) => point.ts), receivedAt: batch.receivedAt });
      return batch.points.length > 1 ? marker : null;
    });
    await ingest.ingest('gw', { seq: 1, points: [{ k: 't', t: 1000, v: 1 }] });
    await ingest.ingest('gw', {
      seq: 2,
      points: [
        { k: 't', t: 2000, v: 2 },
        { k: 't', t: 3000, v: 3 },
      ],
    });
    expect(built).toEqual([
      { points: [1000], receivedAt: 7000 },
      { points: [2000, 3000], receivedAt: 7000 },
    ]);
    // The first commit's builder answered null: only the upload numbers went with its points.
    expect(alsoWritten.map((statements) => statements.length)).toEqual([1, 2]);
    expect(alsoWritten[1]![1]).toBe(marker);
    await ingest.drain();
  });
});

describe('ingest with a stored listener (alarm evaluation)', () => {
  it('writes the next group commit while the listener works, and acknowledges each upload only after its listener', async () => {
    const { ingest, stores } = buildIngest();
    const heard: number[][] = [];
    const gates = [deferred(), deferred()];
    ingest.onStored(async (batch) => {
      const index = heard.length;
      heard.push(batch.points.map((point) => point.ts));
      await gates[index]!.promise;
    });
    const acknowledged: number[] = [];
    const first = ingest.ingest('gw', { seq: 1, points: [{ k: 't', t: 1000, v: 1 }] }).then((result) => {
      acknowledged.push(1);
      return result;
    });
    await expect.poll(() => heard.length).toBe(1);
    const second = ingest.ingest('gw', { seq: 2, points: [{ k: 't', t: 2000, v: 2 }] }).then((result) => {
      acknowledged.push(2);
      return result;
    });
    // The second upload is stored while the first batch is still being evaluated…
    await expect.poll(() => stores.length).toBe(2);
    expect(acknowledged).toEqual([]);
    // …and evaluated only after the first, each acknowledged once its own evaluation is done.
    expect(heard).toEqual([[1000]]);
    gates[0]!.resolve();
    await expect(first).resolves.toEqual({ stored: 1, duplicates: 0, rejected: 0 });
    await expect.poll(() => heard).toEqual([[1000], [2000]]);
    expect(acknowledged).toEqual([1]);
    gates[1]!.resolve();
    await second;
    expect(acknowledged).toEqual([1, 2]);
    await ingest.drain();
  });

  it('hands the batches committed while the listener was busy over together, in commit order', async () => {
    const { ingest, stores, upload, acknowledged } = buildIngest();
    const heard: number[][] = [];
    const gate = deferred();
    ingest.onStored(async (batch) => {
      heard.push(batch.points.map((point) => point.ts));
      if (heard.length === 1) await gate.promise;
    });
    const first = upload(1);
    await expect.poll(() => heard.length).toBe(1);
    // Three more uploads are committed one by one while the first batch is still evaluated.
    const rest: Array<Promise<void>> = [];
    for (const seq of [2, 3, 4]) {
      rest.push(upload(seq));
      await expect.poll(() => stores.length).toBe(seq);
    }
    expect(acknowledged).toEqual([]);
    gate.resolve();
    await Promise.all([first, ...rest]);
    // One evaluation for the three waiting commits, their points in commit order.
    expect(heard).toEqual([[1000], [2000, 3000, 4000]]);
    expect(acknowledged).toEqual([1, 2, 3, 4]);
    await ingest.drain();
  });
});

describe('two group commits at once', () => {
  it('writes the next commit before the first is done, and answers in upload order whichever finishes first', async () => {
    const commits: Array<ReturnType<typeof deferred>> = [];
    const published: number[] = [];
    const { ingest, upload, acknowledged } = buildIngest({
      store: (): Promise<void> => {
        const done = deferred();
        commits.push(done);
        return done.promise;
      },
      publish: (_topic, event) => published.push(...event.points.map((point) => point.ts)),
    });
    const first = upload(1);
    await expect.poll(() => commits.length).toBe(1);
    const second = upload(2);
    // The second commit is in the database while the first still is.
    await expect.poll(() => commits.length).toBe(2);
    const third = upload(3);
    commits[1]!.resolve();
    // Three turns of the event loop: the third upload is queued and its flush has run, and all that
    // follows the second commit without the first has happened.
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    // At most two at once: the third waits for a free place.
    expect(commits).toHaveLength(2);
    expect(acknowledged).toEqual([]);
    expect(published).toEqual([]);
    commits[0]!.resolve();
    await Promise.all([first, second]);
    expect(acknowledged).toEqual([1, 2]);
    expect(published).toEqual([1000, 2000]);
    await expect.poll(() => commits.length).toBe(3);
    commits[2]!.resolve();
    await third;
    expect(acknowledged).toEqual([1, 2, 3]);
    await ingest.drain();
  });

  it('starts a second commit only once enough points wait, where the database runs one at a time', async () => {
    const commits: Array<ReturnType<typeof deferred>> = [];
    const { ingest, upload, stores } = buildIngest({
      store: (): Promise<void> => {
        const done = deferred();
        commits.push(done);
        return done.promise;
      },
      options: { overlapFromPoints: 3 },
    });
    const first = upload(1);
    await expect.poll(() => commits.length).toBe(1);
    const waiting = [upload(2), upload(3)];
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    // Two points wait: not enough for a second commit beside the first.
    expect(commits).toHaveLength(1);
    waiting.push(upload(4));
    // Three: the second commit starts with all of them.
    await expect.poll(() => commits.length).toBe(2);
    expect(stores).toEqual([[1000], [2000, 3000, 4000]]);
    const last = upload(5);
    commits[0]!.resolve();
    commits[1]!.resolve();
    await Promise.all([first, ...waiting]);
    // With the database free, one waiting point is enough.
    await expect.poll(() => commits.length).toBe(3);
    commits[2]!.resolve();
    await last;
    expect(stores.at(-1)).toEqual([5000]);
    await ingest.drain();
  });
});

describe("a gateway's device, read again ahead of its expiry", () => {
  it('is read again in the background after half its lifetime, and never used after all of it', async () => {
    let now = 0;
    const lookups: Array<{ deviceId: string; answer: ReturnType<typeof deferred> }> = [];
    let boundTo = 'd1';
    const { ingest, upload, storedFor, acknowledged } = buildIngest({
      now: () => now,
      bindings: async () => {
        const lookup = { deviceId: boundTo, answer: deferred() };
        lookups.push(lookup);
        await lookup.answer.promise;
        return new Map([['gw', { deviceId: lookup.deviceId, productId: 'p1', modelVersion: 1 }]]);
      },
    });
    const first = upload(1);
    await expect.poll(() => lookups.length).toBe(1);
    lookups[0]!.answer.resolve();
    await first;
    // Within half the lifetime (5 s by default): no lookup.
    now = 2400;
    await upload(2);
    expect(lookups).toHaveLength(1);
    // After half of it, the device was re-bound elsewhere: the upload does not wait for the lookup…
    boundTo = 'd2';
    now = 2600;
    await upload(3);
    expect(lookups).toHaveLength(2);
    expect(storedFor).toEqual([['d1'], ['d1'], ['d1']]);
    // …and only one lookup runs while it is answered.
    await upload(4);
    expect(lookups).toHaveLength(2);
    lookups[1]!.answer.resolve();
    // Once answered, the new binding is used; it counts from when its lookup began (2.6 s).
    await expect
      .poll(async () => {
        await upload(5);
        return storedFor.at(-1);
      })
      .toEqual(['d2']);
    expect(lookups).toHaveLength(2);
    // Past the whole lifetime of the answer it has, an upload waits for a new lookup.
    boundTo = 'd3';
    now = 2600 + 5000;
    const late = upload(6);
    await expect.poll(() => lookups.length).toBe(3);
    expect(acknowledged).not.toContain(6);
    lookups[2]!.answer.resolve();
    await late;
    expect(storedFor.at(-1)).toEqual(['d3']);
    await ingest.drain();
  });

  it('is dropped, not replaced, when the device changes on this node while it is read again', async () => {
    let now = 0;
    const lookups: Array<ReturnType<typeof deferred>> = [];
    let boundTo = 'd1';
    const { ingest, upload, storedFor } = buildIngest({
      now: () => now,
      bindings: async () => {
        const deviceId = boundTo;
        const answer = deferred();
        lookups.push(answer);
        await answer.promise;
        return new Map([['gw', { deviceId, productId: 'p1', modelVersion: 1 }]]);
      },
    });
    const first = upload(1);
    await expect.poll(() => lookups.length).toBe(1);
    lookups[0]!.resolve();
    await first;
    now = 3000;
    await upload(2);
    expect(lookups).toHaveLength(2);
    // Re-bound on this node after the background lookup read the old binding.
    boundTo = 'd2';
    ingest.forgetDevice('gw');
    lookups[1]!.resolve();
    // The background lookup's answer has come back (it is a chain of promises) before the upload.
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    const next = upload(3);
    await expect.poll(() => lookups.length).toBe(3);
    lookups[2]!.resolve();
    await next;
    expect(storedFor).toEqual([['d1'], ['d1'], ['d2']]);
    await ingest.drain();
  });

  it('gathers the background re-reads of several gateways into one query', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let now = 0;
      const lookups: string[][] = [];
      const { ingest } = buildIngest({
        now: () => now,
        options: { refreshGatherMs: 250 },
        bindings: (sns: string[]) => {
          lookups.push([...sns].sort());
          return Promise.resolve(
            new Map(sns.map((sn) => [sn, { deviceId: `device-of-${sn}`, productId: 'p1', modelVersion: 1 }])),
          );
        },
      });
      const send = (sn: string, seq: number) =>
        ingest.ingest(sn, { seq, points: [{ k: 't', t: seq * 1000, v: seq }] });
      await Promise.all([send('gw', 1), send('gw2', 1)]);
      expect(lookups).toEqual([['gw', 'gw2']]);
      now = 3000;
      // Each gateway's next upload starts its re-read, in turns of their own.
      await send('gw', 2);
      await send('gw2', 2);
      expect(lookups).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(250);
      expect(lookups).toEqual([
        ['gw', 'gw2'],
        ['gw', 'gw2'],
      ]);
      await ingest.drain();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('snapshot points (the first of each variable after an agent started)', () => {
  it('stores a snapshot only when it differs from the latest value beyond the dead zone, and confirms the rest', async () => {
    const stored: PointRow[] = [];
    const confirmed: string[][] = [];
    const model = {
      variables: [
        { key: 'counter', dataType: 'unshort', deadZone: 0 },
        { key: 'temp', dataType: 'float', deadZone: 0.5 },
        { key: 'flow', dataType: 'float', deadZone: 0 },
      ],
    } as unknown as DeviceModel;
    const latest = [
      { key: 'counter', value: 16, error: null },
      { key: 'temp', value: 60, error: null },
      { key: 'flow', value: 3, error: null },
    ];
    const history = {
      store: (rows: readonly PointRow[]) => {
        stored.push(...rows);
        return Promise.resolve({ allNew: true as const });
      },
    } as unknown as HistoryRepository;
    const runtime = {
      deviceBindingsBySns: () =>
        Promise.resolve(new Map([['gw', { deviceId: 'd1', productId: 'p1', modelVersion: 1 }]])),
      productModel: () => Promise.resolve({ model, modelVersion: 1 }),
      latestValuesOf: () => Promise.resolve(latest),
      confirmValues: (_device: string, keys: readonly string[]) => {
        confirmed.push([...keys]);
        return Promise.resolve();
      },
      insertGaps: () => Promise.resolve(),
    } as unknown as RuntimeRepository;
    const ingest = new IngestService(
      history,
      runtime,
      { publish: () => undefined } as unknown as Bus,
      () => 9000,
      {
        refreshGatherMs: 0,
      },
    );
    await ingest.ingest('gw', {
      seq: 1,
      points: [
        // Unchanged: the counter held 16 through the restart; the temperature moved within its dead zone.
        { k: 'counter', t: 5000, v: 16, s: true },
        { k: 'temp', t: 5000, v: 60.3, s: true },
        // Changed while the agent was down: news, stored.
        { k: 'flow', t: 5000, v: 4, s: true },
        // A later point of the same upload is an ordinary one.
        { k: 'counter', t: 6000, v: 16 },
      ],
    });
    expect(stored.map((row) => [row.key, row.ts, row.value])).toEqual([
      ['flow', 5000, 4],
      ['counter', 6000, 16],
    ]);
    expect(confirmed).toEqual([['counter', 'temp']]);
  });
});

describe('uploads of a gateway replaced away from its device', () => {
  it('stores what the old gateway measured before the replacement for the device, and nothing after', async () => {
    const stored: PointRow[] = [];
    const model = { variables: [{ key: 't', dataType: 'float', deadZone: 0 }] } as unknown as DeviceModel;
    const history = {
      store: (rows: readonly PointRow[]) => {
        stored.push(...rows);
        return Promise.resolve({ allNew: true as const });
      },
    } as unknown as HistoryRepository;
    const runtime = {
      // The old gateway is bound to nothing any more.
      deviceBindingsBySns: () => Promise.resolve(new Map()),
      replacedFrom: (sn: string) =>
        Promise.resolve(
          sn === 'old' ? { deviceId: 'd1', productId: 'p1', modelVersion: 1, at: 10_000 } : undefined,
        ),
      productModel: () => Promise.resolve({ model, modelVersion: 1 }),
      countRejected: () => Promise.resolve(),
    } as unknown as RuntimeRepository;
    const ingest = new IngestService(
      history,
      runtime,
      { publish: () => undefined } as unknown as Bus,
      () => 20_000,
      {
        refreshGatherMs: 0,
      },
    );
    const result = await ingest.ingest('old', {
      seq: 31,
      points: [
        { k: 't', t: 9_000, v: 1 },
        { k: 't', t: 10_000, v: 2 },
        { k: 't', t: 11_000, v: 3 },
      ],
    });
    expect(stored.map((row) => [row.deviceId, row.ts, row.value])).toEqual([
      ['d1', 9_000, 1],
      ['d1', 10_000, 2],
    ]);
    expect(result).toMatchObject({ stored: 2, rejected: 1 });
    // A gateway never bound to anything is still answered with nothing stored.
    expect(await ingest.ingest('stranger', { seq: 1, points: [{ k: 't', t: 1, v: 1 }] })).toBeNull();
  });
});

describe('ingest of a backlog (lane "backlog")', () => {
  it('fills only the room live uploads leave: a live upload queued later is written first', async () => {
    const gates = [deferred(), deferred()];
    let commits = 0;
    const { ingest, stores } = buildIngest({
      store: async () => {
        const index = commits;
        commits += 1;
        if (index < 2) await gates[index]!.promise;
      },
    });
    const live = (seq: number) => ingest.ingest('gw', { seq, points: [{ k: 't', t: seq * 1000, v: seq }] });
    // Two commits keep the database busy…
    const first = [live(1)];
    await expect.poll(() => stores.length).toBe(1);
    first.push(live(2));
    await expect.poll(() => stores.length).toBe(2);
    // …while a backlog upload and then a live one queue behind them.
    const backlog = ingest.ingest('gw', {
      seq: 3,
      lane: 'backlog',
      points: [
        { k: 't', t: 100, v: 0 },
        { k: 't', t: 200, v: 0 },
      ],
    });
    await expect.poll(() => ingest['backlogQueue'].length).toBe(1);
    const later = live(4);
    gates[0]!.resolve();
    gates[1]!.resolve();
    await Promise.all([...first, backlog, later]);
    expect(stores.slice(2).flat()).toEqual([4000, 100, 200]);
    await ingest.drain();
  });
});
