/** A file part of a multipart upload. */
export interface Part {
  bytes: Uint8Array;
  name: string;
  type?: string;
  field?: string;
}

export interface UploadResponse {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * A real multipart/form-data request, as a browser sends it: fetch with FormData, Blob file parts and text fields.
 */
export async function multipartRequest(
  url: string,
  options: { method?: string; token?: string | undefined; parts?: Part[]; fields?: Record<string, string | string[]>; headers?: Record<string, string> },
): Promise<UploadResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  for (const p of options.parts ?? []) form.append(p.field ?? 'file', new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type: p.type ?? 'application/octet-stream' }), p.name);
  const res = await fetch(url, {
    method: options.method ?? 'POST',
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}
