import { ApiError } from './ApiError';

/** The response when 2xx; otherwise an ApiError with the server's `{message, code}` (or the status text). */
export async function responseOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  throw ApiError.of(res.status, await res.json().catch(() => null), res.statusText);
}
