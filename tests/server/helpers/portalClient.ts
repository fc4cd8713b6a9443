/** A signed-in HTTP client of a running portal (child-process tests and the load bench). */
export interface PortalClient {
  url: string;
  token: string;
  /** JSON request; answers the status and the parsed body (text when not JSON). */
  call(path: string, init?: { method?: string; body?: unknown; url?: string }): Promise<{ status: number; body: unknown }>;
  /** Uploads a file as the editor's media input; staged (a new product's file) without productId. */
  upload(file: { name: string; type: string; bytes: Uint8Array }, productId?: number, url?: string): Promise<{ status: number; body: unknown }>;
}

/** A minimal one-page-less PDF every upload route accepts as a product PDF. */
export const minimalPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Signs in as `username` on `url` (an access token valid on every instance of the portal). */
export async function signIn(url: string, username: string, password: string): Promise<PortalClient> {
  const res = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ username, password }) });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { payload: { access_token: string } }).payload.access_token;
  const headers = (base: string) => ({ authorization: `Bearer ${token}`, origin: base });
  return {
    url,
    token,
    async call(path, init = {}) {
      const base = init.url ?? url;
      const r = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: { ...headers(base), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: r.status, body: parse(await r.text()) };
    },
    async upload(file, productId, base = url) {
      const form = new FormData();
      if (productId !== undefined) form.set('product_id', String(productId));
      form.set('product_media', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      const r = await fetch(`${base}/api/upload-product-media`, { method: 'POST', headers: headers(base), body: form });
      return { status: r.status, body: parse(await r.text()) };
    },
  };
}
