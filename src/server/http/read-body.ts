import 'server-only';
/**
 * Reads a request body with a byte cap and a time limit, counting the bytes as they arrive.
 *
 * Content-Length is only a hint: a chunked body has none and a client may lie about it, so the cap
 * is enforced on the stream itself. As soon as one byte too many (or the deadline) arrives, the
 * stream is cancelled and nothing more is read or kept. A declared length over the cap is refused
 * before reading anything.
 */

export type ReadBodyFailure =
  /** More than `maxBytes`, declared or received: answer 413. */
  | 'tooLarge'
  /** The body did not arrive within `timeoutMs`: answer 408. */
  | 'timeout'
  /** The stream failed (client gone, body already read): answer 400. */
  | 'unreadable';

export type ReadBodyResult = { readonly ok: true; readonly bytes: Uint8Array<ArrayBuffer> } | { readonly ok: false; readonly failure: ReadBodyFailure };

export interface ReadBodyLimits {
  readonly maxBytes: number;
  /** Whole-body deadline, from the call on. */
  readonly timeoutMs: number;
}

/** The HTTP status that answers each failure. */
export const READ_BODY_STATUS: Readonly<Record<ReadBodyFailure, 408 | 413 | 400>> = { tooLarge: 413, timeout: 408, unreadable: 400 };

function declaredTooLarge(headers: Headers, maxBytes: number): boolean {
  const declared = headers.get('content-length');
  return declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes;
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const TIMED_OUT = Symbol('timed out');

export async function readBody(request: Request, { maxBytes, timeoutMs }: ReadBodyLimits): Promise<ReadBodyResult> {
  const body = request.body;
  if (declaredTooLarge(request.headers, maxBytes)) {
    await body?.cancel().catch(() => undefined);
    return { ok: false, failure: 'tooLarge' };
  }
  if (body === null) return { ok: true, bytes: new Uint8Array(0) };
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    return { ok: false, failure: 'unreadable' };
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  const stop = async (failure: ReadBodyFailure): Promise<ReadBodyResult> => {
    await reader.cancel().catch(() => undefined);
    return { ok: false, failure };
  };
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === TIMED_OUT) return await stop('timeout');
      if (next.done) return { ok: true, bytes: concat(chunks, total) };
      total += next.value.byteLength;
      if (total > maxBytes) return await stop('tooLarge');
      chunks.push(next.value);
    }
  } catch {
    return await stop('unreadable');
  } finally {
    clearTimeout(timer);
  }
}
