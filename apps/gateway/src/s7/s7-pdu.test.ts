/**
 * The S7 PDUs and the ISO transport, both ends against each other and against the byte layouts
 * S7 CPUs send (captured from snap7's server): requests the driver encodes parse back to the same
 * items on the PLC side, answers the PLC side encodes parse back to the same return codes and
 * bytes, whatever the items, and TPKT frames survive any split of the TCP stream.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MessageJoiner,
  TpktSplitter,
  connectionConfirm,
  connectionRequest,
  dataUnit,
  parseCotp,
  tpkt,
} from './s7-iso.ts';
import {
  RETURN_OK,
  encodeReadAnswer,
  encodeReadRequest,
  encodeSetupAnswer,
  encodeSetupRequest,
  encodeWriteAnswer,
  encodeWriteRequest,
  parseItemData,
  parseMessage,
  parseReadAnswer,
  parseRequestItems,
  parseSetup,
  parseWriteAnswer,
  type S7Item,
} from './s7-pdu.ts';

const item: fc.Arbitrary<S7Item> = fc.oneof(
  fc.record({
    area: fc.constantFrom('DB' as const, 'M' as const, 'I' as const, 'Q' as const),
    dbNumber: fc.integer({ min: 1, max: 65535 }),
    start: fc.integer({ min: 0, max: 65535 }),
    length: fc.integer({ min: 1, max: 460 }),
    bit: fc.constant(null),
  }),
  fc.record({
    area: fc.constantFrom('DB' as const, 'M' as const, 'I' as const, 'Q' as const),
    dbNumber: fc.integer({ min: 1, max: 65535 }),
    start: fc.integer({ min: 0, max: 65535 }),
    length: fc.constant(1),
    bit: fc.integer({ min: 0, max: 7 }),
  }),
);
/** Outside data blocks the DB number is not sent. */
const sent = (value: S7Item): S7Item => ({ ...value, dbNumber: value.area === 'DB' ? value.dbNumber : 0 });

describe('S7 PDUs', () => {
  it('encodes a read request as the PLC parses it, item by item', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 65535 }),
        (items, ref) => {
          const message = parseMessage(encodeReadRequest(ref, items));
          expect(message).toMatchObject({ type: 1, reference: ref, error: 0 });
          expect(message.param.length).toBe(2 + 12 * items.length);
          expect(parseRequestItems(message.param)).toEqual(items.map(sent));
        },
      ),
    );
  });

  it('writes data items the PLC reads back, bits as one bit', () => {
    const written = fc.array(
      item.chain((value) =>
        fc.uint8Array({ minLength: value.length, maxLength: value.length }).map((bytes) => ({
          ...value,
          data: Buffer.from(value.bit === null ? bytes : [bytes[0]! & 1]),
        })),
      ),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(written, (items) => {
        const message = parseMessage(encodeWriteRequest(7, items));
        expect(parseRequestItems(message.param)).toEqual(items.map(({ data: _, ...value }) => sent(value)));
        expect(parseItemData(message.data, items.length, false).map((answer) => answer.data)).toEqual(
          items.map((value) => value.data),
        );
      }),
    );
  });

  it('parses read answers of any mix of good and refused items', () => {
    const answer = fc.oneof(
      fc.record({
        returnCode: fc.constant(RETURN_OK),
        data: fc.uint8Array({ minLength: 1, maxLength: 60 }).map((bytes) => Buffer.from(bytes)),
        bit: fc.constant(false),
      }),
      fc.record({
        returnCode: fc.constant(RETURN_OK),
        data: fc.integer({ min: 0, max: 1 }).map((bit) => Buffer.from([bit])),
        bit: fc.constant(true),
      }),
      fc.record({
        returnCode: fc.constantFrom(0x01, 0x03, 0x05, 0x06, 0x0a),
        data: fc.constant(Buffer.alloc(0)),
        bit: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 20 }), (answers) => {
        const parsed = parseReadAnswer(parseMessage(encodeReadAnswer(3, answers)), answers.length);
        expect(parsed).toEqual(answers.map(({ returnCode, data }) => ({ returnCode, data })));
      }),
    );
  });

  it('reads the answer snap7 sends for a refused item between two good ones', () => {
    // 3 bytes of DB1, DB9 (no such block: 0x0A, length field 4 but no data), 2 bytes of DB1.
    const bytes = Buffer.from('3203000000030002001200000403ff04001805c89c000a000004ff04001005c8', 'hex');
    const message = parseMessage(bytes);
    expect(message).toMatchObject({ type: 3, reference: 3, error: 0 });
    expect(parseReadAnswer(message, 3)).toEqual([
      { returnCode: 0xff, data: Buffer.from([0x05, 0xc8, 0x9c]) },
      { returnCode: 0x0a, data: Buffer.alloc(0) },
      { returnCode: 0xff, data: Buffer.from([0x05, 0xc8]) },
    ]);
    expect(() => parseReadAnswer(message, 2)).toThrow();
  });

  it('negotiates the PDU size and reads write answers and header errors', () => {
    const request = parseMessage(encodeSetupRequest(0, { jobsCalling: 8, jobsCalled: 8, pduSize: 960 }));
    expect(parseSetup(request.param)).toEqual({ jobsCalling: 8, jobsCalled: 8, pduSize: 960 });
    const answer = parseMessage(encodeSetupAnswer(0, { jobsCalling: 3, jobsCalled: 3, pduSize: 240 }));
    expect(parseSetup(answer.param).pduSize).toBe(240);
    expect(parseWriteAnswer(parseMessage(encodeWriteAnswer(9, [0xff, 0x05])), 2)).toEqual([0xff, 0x05]);
    // PUT/GET off: the whole request answered with error class 0x81, code 0x04.
    expect(parseMessage(Buffer.from('320200000005000000008104', 'hex'))).toMatchObject({
      type: 2,
      error: 0x8104,
    });
    expect(() => parseMessage(Buffer.from('3301', 'hex'))).toThrow();
  });
});

describe('ISO on TCP', () => {
  it('opens with the TSAPs of rack and slot and carries messages in any split', () => {
    const request = parseCotp(connectionRequest({ local: 0x0100, remote: 0x0102 }));
    expect(request).toEqual({
      kind: 'CR',
      sourceRef: 1,
      tpduSize: 0x0a,
      tsaps: { local: 0x0100, remote: 0x0102 },
    });
    if (request.kind !== 'CR') return;
    expect(parseCotp(connectionConfirm(request))).toEqual({ kind: 'CC' });
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 300 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 40 }),
        (payloads, cuts) => {
          const stream = Buffer.concat(payloads.map((payload) => tpkt(dataUnit(Buffer.from(payload)))));
          const splitter = new TpktSplitter();
          const joiner = new MessageJoiner();
          const messages: Buffer[] = [];
          let at = 0;
          for (let cut = 0; at < stream.length; cut += 1) {
            const next = Math.min(stream.length, at + (cuts[cut % cuts.length] ?? 1));
            for (const frame of splitter.push(stream.subarray(at, next))) {
              const unit = parseCotp(frame);
              if (unit.kind !== 'DT') throw new Error('not data');
              const message = joiner.push(unit);
              if (message) messages.push(message);
            }
            at = next;
          }
          expect(messages).toEqual(payloads.map((payload) => Buffer.from(payload)));
        },
      ),
    );
  });

  it('joins a message sent in several data units and refuses what is not TPKT', () => {
    const joiner = new MessageJoiner();
    const first = parseCotp(Buffer.from([2, 0xf0, 0x00, 1, 2]));
    const last = parseCotp(Buffer.from([2, 0xf0, 0x80, 3]));
    if (first.kind !== 'DT' || last.kind !== 'DT') throw new Error('not data');
    expect(joiner.push(first)).toBeNull();
    expect(joiner.push(last)).toEqual(Buffer.from([1, 2, 3]));
    expect(parseCotp(Buffer.from([6, 0x80, 0, 0, 0, 1, 0]))).toEqual({ kind: 'DR' });
    expect(() => new TpktSplitter().push(Buffer.from([0x16, 0x03, 0x01, 0x00]))).toThrow(/TPKT/);
  });
});
