import 'server-only';
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';

/**
 * Yoga keeps every parsed query for reuse: by default 1,024 of them whatever their size. A parsed
 * document keeps its tokens (for error locations): measured, ~510 bytes per token, so a query at the
 * 4,000-token limit holds 2 MB and a thousand of them 2 GB. This cache is bounded in estimated bytes.
 */
export const DOCUMENT_CACHE_MAX_BYTES = 32_000_000;
/** A document estimated above this is parsed again each time rather than kept. */
export const DOCUMENT_CACHE_MAX_ENTRY_BYTES = 1_000_000;
const BYTES_PER_TOKEN = 512;

/** Tokens of a parsed document, from its token list (parsing keeps it: loc.startToken…). */
function tokenCount(document: DocumentNode): number {
  let count = 0;
  for (let token = document.loc?.startToken ?? null; token; token = token.next) count += 1;
  return count;
}

/** Estimated bytes a cached document holds: its tokens and nodes, and its source as the key. */
export function documentBytes(document: DocumentNode, source: string): number {
  return tokenCount(document) * BYTES_PER_TOKEN + source.length * 2;
}

export function createBoundedDocumentCache(maxBytes = DOCUMENT_CACHE_MAX_BYTES, maxEntryBytes = DOCUMENT_CACHE_MAX_ENTRY_BYTES) {
  return new LRUCache<string, DocumentNode>({
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    sizeCalculation: (document, source) => Math.max(1, documentBytes(document, source)),
  });
}

/** Parse errors, kept so a repeated bad query is not parsed again: small, but keyed by sources of up to 100 KB. */
export function createBoundedErrorCache(maxBytes = 4_000_000) {
  return new LRUCache<string, object>({
    maxSize: maxBytes,
    maxEntrySize: maxBytes / 10,
    sizeCalculation: (_error, source) => 1_000 + source.length * 2,
  });
}
