import { describe, expect, it, vi } from 'vitest';
import { logSettings } from '@/env';
import { logger, prettyLine } from './logger';
import { runWithRequestId } from './request-context';

function written(fn: () => void | Promise<void>): Promise<Record<string, unknown>[]> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  return Promise.resolve(fn())
    .finally(() => spy.mockRestore())
    .then(() => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
}

describe('logger', () => {
  it('puts the request id on every line written under a request, across awaits, and on no other', async () => {
    const lines = await written(async () => {
      logger.info('before');
      await runWithRequestId('req-0123456789', async () => {
        logger.child({ area: 'forms' }).info('first');
        await new Promise((r) => setTimeout(r, 5));
        logger.warn({ form: 'contact' }, 'after an await');
      });
      logger.info('after');
    });
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['before', undefined],
      ['first', 'req-0123456789'],
      ['after an await', 'req-0123456789'],
      ['after', undefined],
    ]);
    expect(lines[1]).toMatchObject({ level: 'info', area: 'forms', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('serializes errors without the parameters of a failed query', async () => {
    const error = Object.assign(new Error('Failed query: insert into "x" values ($1)\nparams: ada@example.com'), { query: 'insert…', params: ['ada@example.com'] });
    const [line] = await written(() => logger.error({ err: error }, 'not stored'));
    expect(JSON.stringify(line)).not.toContain('ada@example.com');
    expect(line?.err).toMatchObject({ message: 'Failed query (query and parameters withheld)' });
  });

  it('prints a line readably for a terminal', () => {
    const json = JSON.stringify({ level: 'warn', time: '2026-11-24T04:00:01.234Z', area: 'outbox', msg: 'mail not sent', mailId: 3, requestId: 'abc', err: { stack: 'Error: refused\n    at x', code: 'ECONNREFUSED' } });
    expect(prettyLine(json)).toBe('04:00:01.234 WARN [outbox] mail not sent mailId=3 (req abc)\n    Error: refused\n        at x [code ECONNREFUSED]\n');
  });
});

describe('logSettings', () => {
  it('JSON unless at a terminal in development; a bad value falls back instead of failing', () => {
    expect(logSettings({})).toEqual({ level: 'info', format: 'pretty' });
    expect(logSettings({ NODE_ENV: 'production' })).toEqual({ level: 'info', format: 'json' });
    expect(logSettings({ NODE_ENV: 'production', LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' })).toEqual({ level: 'debug', format: 'pretty' });
    expect(logSettings({ LOG_LEVEL: 'loud', NODE_ENV: 'test' })).toEqual({ level: 'info', format: 'json' });
  });
});
