import { describe, expect, it } from 'vitest';
import { errorCode, serializeError } from './serialize-error';

/** drizzle-orm's DrizzleQueryError, as it builds it: the SQL and every bound value in the message. */
class DrizzleQueryError extends Error {
  constructor(
    public query: string,
    public params: unknown[],
    cause?: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`);
    this.cause = cause;
  }
}

/** A PostgreSQL error as pg and PGlite give it: SQLSTATE in `code`, values in `detail` and sometimes the message. */
function databaseError(message: string, fields: Record<string, string>): Error {
  return Object.assign(new Error(message), { name: 'error', severity: 'ERROR', ...fields });
}

const EMAIL = 'ada.lovelace@example.com';
const FILE = Buffer.from('%PDF-1.7 secret CV bytes').toString('base64');

describe('serializeError', () => {
  it("keeps a failed query's SQLSTATE, constraint and table, and none of its values", () => {
    const cause = databaseError('duplicate key value violates unique constraint "form_submission_pkey"', {
      code: '23505',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      constraint: 'form_submission_pkey',
      table: 'form_submission',
    });
    const error = new DrizzleQueryError('insert into "form_submission" ("id", "data") values ($1, $2)', ['b5f1…', { email: EMAIL, cv: FILE }], cause);
    const safe = serializeError(error);
    const text = JSON.stringify(safe);
    expect(safe.type).toBe('DrizzleQueryError');
    expect(safe.message).toBe('Failed query (query and parameters withheld)');
    expect(safe.stack?.split('\n')[0]).toBe('DrizzleQueryError: Failed query (query and parameters withheld)');
    expect(safe.cause).toMatchObject({ code: '23505', constraint: 'form_submission_pkey', table: 'form_submission', severity: 'ERROR' });
    expect(errorCode(safe)).toBe('23505');
    for (const secret of [EMAIL, FILE, 'params', 'detail', 'insert into']) expect(text).not.toContain(secret);
  });

  it('blanks the values a database message quotes', () => {
    const safe = serializeError(databaseError(`invalid input syntax for type uuid: "${EMAIL}"`, { code: '22P02' }));
    expect(safe.message).toBe('invalid input syntax for type uuid: "…"');
    expect(JSON.stringify(safe)).not.toContain(EMAIL);
  });

  it("keeps the database's own message (blanked) when the driver attaches the query and parameters to it, as PGlite does", () => {
    const error = databaseError('new row for relation "form_submission" violates check constraint "reject"', {
      code: '23514',
      detail: `Failing row contains (${EMAIL}).`,
    });
    Object.assign(error, { query: 'insert into "form_submission" values ($1)', params: [EMAIL] });
    const safe = serializeError(error);
    expect(safe.message).toBe('new row for relation "…" violates check constraint "…"');
    expect(JSON.stringify(safe)).not.toContain(EMAIL);
  });

  it('follows the cause chain, and stops', () => {
    let error: Error = new Error('root');
    for (let i = 0; i < 10; i += 1) error = new Error(`level ${i}`, { cause: error });
    let depth = 0;
    for (let e = serializeError(error).cause; e; e = e.cause) depth += 1;
    expect(depth).toBe(5);
  });

  it('keeps the message, code and digest of other errors, and never an unknown field', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED', digest: '12345', body: { email: EMAIL } });
    const safe = serializeError(error);
    expect(safe).toMatchObject({ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:25', code: 'ECONNREFUSED', digest: '12345' });
    expect(JSON.stringify(safe)).not.toContain(EMAIL);
  });

  it('accepts what is not an error', () => {
    expect(serializeError('boom')).toEqual({ type: 'string', message: 'boom' });
    expect(serializeError(null)).toEqual({ type: 'object', message: 'null' });
  });
});
