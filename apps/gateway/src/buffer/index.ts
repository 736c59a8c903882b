/** Store-and-forward on local disk: durable numbered batches, and their sending in order. */
export {
  DiskBuffer,
  DEFAULT_ACK_SAVE_DELAY_MS,
  DEFAULT_BUFFER_BYTES,
  DEFAULT_SEGMENT_BYTES,
  type DiskBufferOptions,
} from './disk-buffer.ts';
export {
  Forwarder,
  DEFAULT_ACK_TIMEOUT_MS,
  DEFAULT_MAX_IN_FLIGHT,
  type ForwarderOptions,
} from './forwarder.ts';
export {
  HEADER_BYTES,
  RECORD_MAGIC,
  encodeRecord,
  scanSegment,
  type DecodedRecord,
} from './record-format.ts';
