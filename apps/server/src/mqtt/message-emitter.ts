/**
 * The embedded broker's message queue (mqemitter, which Aedes delivers every message through).
 *
 * It runs without a concurrency limit. With one, messages beyond the limit wait in mqemitter's own
 * queue, and each release delivers the next one from inside the previous delivery's callback: a
 * queued message nobody subscribes to (an acknowledgement to a gateway that is gone) completes at
 * once and releases the next, one stack frame deeper each time, until a long backlog overflows the
 * stack. The load is bounded elsewhere instead: Aedes reads a client's next packet only after its
 * previous one is delivered, and the platform's subscription holds deliveries back beyond
 * `MAX_MESSAGES_IN_HANDLING` (embedded-broker.ts).
 */
import mqemitter from 'mqemitter';

export function createMessageEmitter(): mqemitter.MQEmitter {
  return mqemitter({ concurrency: 0, matchEmptyLevels: true });
}
