export const STAFF_BYTES: number;
export function bodyLimit(pathname: string, options?: { staff?: boolean }): number | null;
