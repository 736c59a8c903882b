import { describe, expect, it } from 'vitest';
import { createMessageEmitter } from './message-emitter.ts';

describe('the embedded broker message queue', () => {
  it('delivers a long backlog of messages nobody subscribes to without nesting one call per message', () => {
    const emitter = createMessageEmitter();
    const held: Array<() => void> = [];
    emitter.on('up/held', (_message, done) => held.push(done));
    // The platform holds its deliveries back (a flood), meanwhile acknowledgements pile up.
    for (let index = 0; index < 200; index += 1) emitter.emit({ topic: 'up/held' });
    let completed = 0;
    const backlog = 100_000;
    for (let index = 0; index < backlog; index += 1) emitter.emit({ topic: 'down/gone' }, () => completed++);
    expect(() => held.forEach((done) => done())).not.toThrow();
    expect(completed).toBe(backlog);
    expect(emitter.current).toBe(0);
  });
});
