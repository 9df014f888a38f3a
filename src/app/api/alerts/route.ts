import { handleLinkGet, handleOneClickPost } from '@/server/alerts/posts';

export const dynamic = 'force-dynamic';

/** The link of every fund alert mail: GET leads to the manage page, POST is RFC 8058's one-click unsubscription (src/server/alerts/posts.ts). */
export async function GET(request: Request) {
  return handleLinkGet(request);
}

export async function POST(request: Request) {
  return handleOneClickPost(request);
}
