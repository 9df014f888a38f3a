import { handleUnsubscribePost } from '@/server/privacy/unsubscribe-post';

export const dynamic = 'force-dynamic';

/** POST /api/newsletter/unsubscribe: see handleUnsubscribePost. */
export async function POST(request: Request) {
  return handleUnsubscribePost(request);
}
