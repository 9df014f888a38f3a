import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('imports nothing until asked, then once for every caller', async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const source = lazyModule(importer);
    expect(importer).not.toHaveBeenCalled();
    expect(source.current).toBeNull();
    const [a, b] = await Promise.all([source.load(), source.load()]);
    expect(a).toBe(b);
    expect(await source.load()).toBe(a);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(source.current).toEqual({ answer: 42 });
  });

  it('forgets a failed import so the next call retries', async () => {
    const importer = vi.fn<() => Promise<{ ok: boolean }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ ok: true });
    const source = lazyModule(importer);
    await expect(source.load()).rejects.toThrow('offline');
    expect(source.current).toBeNull();
    expect(await source.load()).toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
