/**
 * The trip's money as the Money tab reads and writes it: expenses with their receipts, the expense balances and
 * where each player's net comes from (`/money-sources`). Plans and payments are in `money-plans.ts`, wagers and the
 * pot in `money-bets.ts`. Every key sits under `['trip', tripId, 'money', …]`, so any money write refreshes all.
 */
import type { z } from 'zod';
import type { CreateExpenseBody, Expense as ExpenseSchema, ExpenseBalances as BalancesSchema, PatchExpenseBody } from '../../../shared/schemas/money.js';
import type { MoneySources as SourcesSchema } from '../../../shared/schemas/money-sources.js';
import type { Receipt as ReceiptSchema } from '../../../shared/schemas/receipt.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices, type AppServices } from '../screen.js';
import { ApiError } from './errors.js';

export type Expense = z.infer<typeof ExpenseSchema>;
export type ExpenseBalances = z.infer<typeof BalancesSchema>;
export type MoneySources = z.infer<typeof SourcesSchema>;
export type MoneySourceItem = MoneySources['players'][number]['items'][number];
export type Receipt = z.infer<typeof ReceiptSchema>;
export type PlanKind = 'plain' | 'unified' | 'organizer';

export const moneyKeys = {
  all: (tripId: string) => ['trip', tripId, 'money'] as const,
  expenses: (tripId: string) => ['trip', tripId, 'money', 'expenses'] as const,
  balances: (tripId: string) => ['trip', tripId, 'money', 'balances'] as const,
  sources: (tripId: string, kind: PlanKind) => ['trip', tripId, 'money', 'sources', kind] as const,
  receipt: (tripId: string, receiptId: string) => ['trip', tripId, 'receipt', receiptId] as const,
};

export const tripPath = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}${rest}`;

/** Any money write: everything under the trip's money key (balances, plans, sources) reads again. */
export const moneyChanged = (c: QueryClient, tripId: string) => c.invalidate(moneyKeys.all(tripId));

/** Every expense of the trip, following the pages. */
export function useExpenses(tripId: string) {
  const { api } = useServices();
  return useQuery(moneyKeys.expenses(tripId), async () => {
    const items: Expense[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Expense[]; nextCursor: string | null } = await api.get(tripPath(tripId, `/expenses?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  });
}

export function useExpenseBalances(tripId: string) {
  const { api } = useServices();
  return useQuery(moneyKeys.balances(tripId), () => api.get<ExpenseBalances>(tripPath(tripId, '/expense-balances')));
}

export function useMoneySources(tripId: string, kind: PlanKind) {
  const { api } = useServices();
  return useQuery(moneyKeys.sources(tripId, kind), () => api.get<MoneySources>(tripPath(tripId, `/money-sources?kind=${kind}`)));
}

export function useCreateExpense(tripId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof CreateExpenseBody>) => api.post<Expense>(tripPath(tripId, '/expenses'), body), (_e, c) => moneyChanged(c, tripId));
}

export function usePatchExpense(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ id, body }: { id: string; body: z.input<typeof PatchExpenseBody> }) => api.patch<Expense>(tripPath(tripId, `/expenses/${encodeURIComponent(id)}`), body),
    (_e, c) => moneyChanged(c, tripId),
  );
}

export function useDeleteExpense(tripId: string) {
  const { api } = useServices();
  return useMutation((id: string) => api.delete(tripPath(tripId, `/expenses/${encodeURIComponent(id)}`)), (_r, c) => moneyChanged(c, tripId));
}

async function send(services: AppServices, path: string, form: FormData): Promise<Response> {
  const token = services.session.token();
  try {
    return await fetch(path, { method: 'POST', body: form, headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new ApiError('network', 0, 'network', 'the server could not be reached');
  }
}

/** Uploads a receipt photo or PDF (multipart, field `file`); a refused token asks to sign in again, then sends once more. */
export async function uploadReceipt(services: AppServices, tripId: string, file: File): Promise<Receipt> {
  const path = tripPath(tripId, '/receipts/upload');
  const form = () => {
    const f = new FormData();
    f.append('file', file, file.name);
    return f;
  };
  let res = await send(services, path, form());
  if (res.status === 401 && services.session.token() && (await services.session.askToSignInAgain())) res = await send(services, path, form());
  const body = await res.json().catch(() => undefined);
  if (!res.ok) throw ApiError.fromStatus(res.status, body, res.headers.get('retry-after'));
  return body as Receipt;
}

export function useUploadReceipt(tripId: string) {
  const services = useServices();
  return useMutation((file: File) => uploadReceipt(services, tripId, file));
}

/**
 * A receipt's file as a blob URL: the file route needs the Bearer header, which an `<img src>` cannot send. The
 * URL lives as long as the cache entry (the bytes of a receipt id never change).
 */
export function useReceiptFile(tripId: string, receiptId: string | null) {
  const services = useServices();
  return useQuery(
    moneyKeys.receipt(tripId, receiptId ?? ''),
    async () => {
      const token = services.session.token();
      const path = tripPath(tripId, `/receipts/${encodeURIComponent(receiptId!)}`);
      const [meta, res] = await Promise.all([
        services.api.get<Receipt>(path),
        fetch(`${path}/file`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => {
          throw new ApiError('network', 0, 'network', 'the server could not be reached');
        }),
      ]);
      if (!res.ok) throw ApiError.fromStatus(res.status, await res.json().catch(() => undefined), res.headers.get('retry-after'));
      return { meta, url: URL.createObjectURL(await res.blob()) };
    },
    { enabled: !!receiptId },
  );
}
