import 'server-only';
import { Worker } from 'node:worker_threads';
import { isTaggedPdf, type PdfCatalogFacts } from '@/domain/documents/tagged';
import { areaLogger } from '@/server/log/logger';

/**
 * Reads whether an uploaded PDF is tagged (src/domain/documents/tagged.ts) from its catalog, with
 * pdf-lib (already used to write the seed's PDFs and the factsheets), in a worker thread with a time
 * limit. pdf-lib parses every object of the file: a real 20 MB PDF (MAX_DOCUMENT_BYTES, checked
 * before) takes well under a second or two, but bytes that are not objects make it try every
 * position with an exception each, synchronously (20 MB of text after a PDF header: minutes). In
 * the worker that work never blocks the server's event loop, and past TAGGING_TIMEOUT_MS (or its
 * memory cap) the worker is stopped and the answer is null: unknown. The upload goes on either way.
 */

/** The most a file's reading may take, queued time included, before it is given up as unknown. */
export const TAGGING_TIMEOUT_MS = 15_000;

const log = areaLogger('documents');

// The worker's code: plain CommonJS, given as a string (eval) so that no bundler has to find a
// second entry point; it requires pdf-lib from the application's node_modules. pdf-lib warns on the
// console about each invalid object it skips: nothing to act on here, so the worker stays quiet.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { PDFBool, PDFDict, PDFDocument, PDFName } = require('pdf-lib');
console.warn = () => {};
parentPort.on('message', async ({ id, bytes }) => {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    const markInfo = pdf.catalog.lookup(PDFName.of('MarkInfo'));
    const marked = markInfo instanceof PDFDict ? markInfo.lookup(PDFName.of('Marked')) : undefined;
    const structTreeRoot = pdf.catalog.lookup(PDFName.of('StructTreeRoot')) instanceof PDFDict;
    parentPort.postMessage({ id, facts: { marked: marked instanceof PDFBool && marked.asBoolean(), structTreeRoot } });
  } catch {
    parentPort.postMessage({ id, facts: null });
  }
});
`;

type Job = { resolve: (facts: PdfCatalogFacts | null) => void; timer: NodeJS.Timeout };

/** One worker, started on the first file and kept while it answers; the files queue in it. */
let worker: Worker | null = null;
const jobs = new Map<number, Job>();
let lastId = 0;

/** Stops the worker: every file waiting in it is unknown. The next file starts a new one. */
function stop(w: Worker): void {
  if (worker !== w) return;
  worker = null;
  for (const job of jobs.values()) {
    clearTimeout(job.timer);
    job.resolve(null);
  }
  jobs.clear();
  void w.terminate();
}

function start(): Worker {
  const w = new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 512 } });
  // Idle, it does not keep a script's process alive; while a file waits, it does (see readPdfCatalogFacts).
  w.unref();
  w.on('message', ({ id, facts }: { id: number; facts: PdfCatalogFacts | null }) => {
    const job = jobs.get(id);
    if (!job) return;
    jobs.delete(id);
    clearTimeout(job.timer);
    if (jobs.size === 0) w.unref();
    job.resolve(facts);
  });
  w.on('error', (error) => {
    log.warn({ err: error }, 'the PDF tagging worker failed');
    stop(w);
  });
  w.on('exit', () => stop(w));
  return w;
}

/** What the PDF's catalog says about its tags, or null when it cannot be read in time. */
export function readPdfCatalogFacts(bytes: Uint8Array, timeoutMs: number = TAGGING_TIMEOUT_MS): Promise<PdfCatalogFacts | null> {
  const w = (worker ??= start());
  const id = ++lastId;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      log.warn({ bytes: bytes.byteLength, timeoutMs }, 'a PDF took too long to read: its tagging is unknown');
      stop(w);
    }, timeoutMs);
    jobs.set(id, { resolve, timer });
    w.ref();
    w.postMessage({ id, bytes });
  });
}

/** The answers for the uploads still in memory: a file checked before the approval door is not read again after it. */
const answers = new WeakMap<Uint8Array, Promise<boolean | null>>();

/**
 * Whether the PDF is tagged: true, false, or null when its catalog cannot be read (in time). The
 * answer is kept as long as these bytes are, so the door (src/server/approval/door.ts) checks an
 * upload before it decides, and the service's own call after the decision waits for nothing.
 */
export function pdfTagged(bytes: Uint8Array): Promise<boolean | null> {
  let answer = answers.get(bytes);
  if (!answer) {
    answer = readPdfCatalogFacts(bytes).then(isTaggedPdf);
    answers.set(bytes, answer);
  }
  return answer;
}
