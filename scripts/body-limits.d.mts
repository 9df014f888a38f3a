export function bodyLimit(pathname: string): number | null;
export function refuseBody(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): { status: 400 | 411 | 413; message: string } | null;
