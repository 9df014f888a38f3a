import { handleSubscribePost } from '@/server/alerts/posts';

export const dynamic = 'force-dynamic';

/** POST /api/alerts/subscribe: the fund alerts form of the fund and share pages (src/server/alerts/posts.ts). */
export async function POST(request: Request) {
  return handleSubscribePost(request);
}
