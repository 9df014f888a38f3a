export function renderNonceOf(html: string): string | null;
export function scriptHash(text: string): string;
export function inlineScriptSources(html: string): string;
export function withScriptSources<P extends string | undefined | null>(policy: P, sources: string): P;
export function isHtml(contentType: unknown): boolean;
