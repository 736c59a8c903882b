/**
 * A pause, for test fixtures that wait on an outside program giving no event (socat creating its
 * pty links). Tests themselves wait on events (`core/testing/conditions.ts`), never on time.
 */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
