import { after } from 'next/server';
import { handleFormPost } from '@/server/forms/handle-post';

/** POST /api/forms/{contact|newsletter|career|subscribe}: see handleFormPost. */
export async function POST(request: Request, { params }: { params: Promise<{ kind: string }> }) {
  const { kind } = await params;
  return handleFormPost(request, kind, (task) => after(task));
}
