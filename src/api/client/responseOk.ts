import { ApiError } from './ApiError';

/** The response when 2xx; otherwise an ApiError with the server's `{message}` (or the status text). */
export async function responseOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  throw new ApiError(res.status, typeof body?.message === 'string' ? body.message : res.statusText);
}
