import { ssoCallback } from '@/server/auth/sso-callback';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ providerId: string }> };

/** The identity provider's redirect after a staff single sign-on (decision 030). */
export async function GET(request: Request, { params }: Context) {
  return ssoCallback(request, (await params).providerId);
}
