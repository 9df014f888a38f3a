import { handleManagePost } from '@/server/alerts/posts';

export const dynamic = 'force-dynamic';

/** POST /api/alerts/manage: the buttons of the fund alerts' manage page (src/server/alerts/posts.ts). */
export async function POST(request: Request) {
  return handleManagePost(request);
}
