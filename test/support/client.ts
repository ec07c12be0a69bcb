/** A small HTTP client for API tests: JSON in, JSON out, status and headers kept. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export function api(baseUrl: string, token?: string) {
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { ...headers };
    if (token && !('authorization' in h)) h.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(baseUrl + path, { method, headers: h, ...(payload !== undefined ? { body: payload } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('PUT', path, body, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('PATCH', path, body, headers),
    delete: <T = any>(path: string, headers?: Record<string, string>) => call<T>('DELETE', path, undefined, headers),
    call,
    as: (otherToken?: string) => api(baseUrl, otherToken),
  };
}
export type Api = ReturnType<typeof api>;

let counter = 0;
/** Registers a fresh organizer account and answers a client carrying its dashboard token. */
export async function organizer(baseUrl: string, name = 'Organizer') {
  counter += 1;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${Date.now()}.${counter}@example.com`;
  const res = await api(baseUrl).post('/auth/register', { email, password: 'correct horse battery', name });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client: api(baseUrl, res.body.token), token: res.body.token as string, user: res.body.user as { id: string; email: string; name: string }, email };
}

/** A valid 18-hole course with two tees, stroke indexes 1–18 each used once. */
export function course18(name = 'Old Links') {
  const pars = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];
  const si = [7, 11, 15, 1, 3, 13, 17, 9, 5, 8, 16, 2, 6, 10, 12, 18, 4, 14];
  return {
    name,
    holes: pars.map((par, i) => ({ number: i + 1, par, strokeIndex: si[i]! })),
    tees: [
      { name: 'White', courseRating: 71.2, slope: 128 },
      { name: 'Yellow', courseRating: 69.4, slope: 122 },
    ],
  };
}

export const tripBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Algarve 2027',
  startDate: '2027-04-10',
  endDate: '2027-04-14',
  timezone: 'Europe/Lisbon',
  currency: 'EUR',
  destination: 'Vilamoura',
  ...overrides,
});

/** A new trip of `owner` (an `organizer(…)` client) with `players` added in one bulk call: its id and the players' ids. */
export async function tripWithPlayers(owner: Api, players: Record<string, unknown>[]): Promise<{ tripId: string; ids: string[] }> {
  const tripId = (await owner.post('/trips', tripBody())).body.id as string;
  const res = await owner.post(`/trips/${tripId}/players/bulk`, { players });
  if (res.status !== 201) throw new Error(`players: ${res.status} ${res.text}`);
  return { tripId, ids: res.body.items.map((p: { id: string }) => p.id) as string[] };
}
