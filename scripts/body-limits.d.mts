export function bodyLimit(pathname: string): number | null;
