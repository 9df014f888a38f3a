import { afterEach, describe, expect, it } from 'vitest';
import { Deadline, RESOLVER_CONCURRENCY } from './guards';

const rejections: unknown[] = [];
const record = (reason: unknown) => rejections.push(reason);

afterEach(() => {
  process.off('unhandledRejection', record);
  rejections.length = 0;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('Deadline', () => {
  it('stops the resolvers still waiting for their turn without an unhandled rejection', async () => {
    process.on('unhandledRejection', record);
    const deadline = new Deadline(60_000);
    const releases: (() => void)[] = [];
    const running = Array.from({ length: RESOLVER_CONCURRENCY }, () =>
      deadline.run(() => new Promise<void>((resolve) => releases.push(resolve))),
    );
    let started = false;
    // The executor has stopped listening to this one, as it does once the execution is aborted.
    const waiting = deadline.run(() => {
      started = true;
    });
    expect(waiting).toBeInstanceOf(Promise);
    deadline.abort();
    releases.forEach((release) => release());
    await Promise.all(running);
    await settle();
    expect(started).toBe(false);
    expect(deadline.signal.aborted).toBe(true);
    expect(rejections).toEqual([]);
    // Whoever still awaits it hears why it stopped.
    await expect(waiting).rejects.toThrow('GraphQL execution deadline passed.');
  });

  it('keeps a resolver failure after the deadline from becoming an unhandled rejection', async () => {
    process.on('unhandledRejection', record);
    const deadline = new Deadline(60_000);
    let fail: (error: Error) => void = () => undefined;
    const pending = deadline.run(() => new Promise<void>((_, reject) => (fail = reject)));
    deadline.abort();
    fail(new Error('connection closed'));
    await settle();
    expect(rejections).toEqual([]);
    await expect(pending).rejects.toThrow('connection closed');
  });

  it('runs a resolver at once while a turn is free and refuses it once the deadline has passed', () => {
    const deadline = new Deadline(60_000);
    expect(deadline.run(() => 42)).toBe(42);
    deadline.abort();
    expect(() => deadline.run(() => 42)).toThrow('GraphQL execution deadline passed.');
  });
});
