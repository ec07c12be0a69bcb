/**
 * Settlement plans and their payments: the computed plans (plain from the expense balances, unified, through one
 * organizer), storing one, the stored settlements with their states, payment links, marking paid and confirming,
 * and each player's payment preferences. Keys under the trip's money key (`money.ts`).
 */
import type { z } from 'zod';
import type { PersistedPlan as PersistedSchema, Settlement as SettlementSchema, SettlementPlan as PlanSchema } from '../../../shared/schemas/money.js';
import type { PaymentLink as LinkSchema, PaymentPreferences as PrefsSchema } from '../../../shared/schemas/payments.js';
import { useMutation, useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';
import { moneyChanged, tripPath, type PlanKind } from './money.js';

export type SettlementPlan = z.infer<typeof PlanSchema>;
export type Settlement = z.infer<typeof SettlementSchema>;
export type PersistedPlan = z.infer<typeof PersistedSchema>;
export type PaymentLink = z.infer<typeof LinkSchema>;
export type PaymentPreferences = z.infer<typeof PrefsSchema>;
export type PaymentLinks = { settlement: Settlement; memo: string; links: PaymentLink[] };

export const planKeys = {
  plan: (tripId: string, kind: PlanKind, organizer: string) => ['trip', tripId, 'money', 'plan', kind, organizer] as const,
  settlements: (tripId: string) => ['trip', tripId, 'money', 'settlements'] as const,
  links: (tripId: string, settlementId: string) => ['trip', tripId, 'money', 'links', settlementId] as const,
  prefs: (tripId: string, playerId: string) => ['trip', tripId, 'money', 'prefs', playerId] as const,
};

const id = encodeURIComponent;

/**
 * A computed plan, not stored. The plain plan has no GET of its own: it is the unified plan's nets with only the
 * expenses counted, so it is read from `…/settlements/unified` only for unified; for plain the screen builds it
 * from the expense balances (see `plainPlan` in the screen).
 */
function planPath(tripId: string, kind: PlanKind, organizer: string) {
  return kind === 'organizer' ? tripPath(tripId, `/settlements/organizer/${id(organizer)}`) : tripPath(tripId, '/settlements/unified');
}

export function usePlan(tripId: string, kind: 'unified' | 'organizer', organizer = '') {
  const { api } = useServices();
  return useQuery(planKeys.plan(tripId, kind, organizer), () => api.get<SettlementPlan>(planPath(tripId, kind, organizer)), { enabled: kind !== 'organizer' || !!organizer });
}

export function useSettlements(tripId: string) {
  const { api } = useServices();
  return useQuery(planKeys.settlements(tripId), async () => (await api.get<{ items: Settlement[] }>(tripPath(tripId, '/settlements'))).items);
}

/** Stores a plan: the pending settlements become this plan's transfers (paid and confirmed ones stay). */
export function usePersistPlan(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ kind, organizer }: { kind: PlanKind; organizer?: string }) =>
      api.post<PersistedPlan>(
        kind === 'plain' ? tripPath(tripId, '/settlements/generate') : kind === 'unified' ? tripPath(tripId, '/settlements/unified/persist') : tripPath(tripId, `/settlements/organizer/${id(organizer ?? '')}/persist`),
      ),
    (_r, c) => moneyChanged(c, tripId),
  );
}

export function useMarkPaid(tripId: string) {
  const { api } = useServices();
  return useMutation((settlementId: string) => api.post<Settlement>(tripPath(tripId, `/settlements/${id(settlementId)}/mark-paid`)), (_r, c) => moneyChanged(c, tripId));
}

export function useConfirmSettlement(tripId: string) {
  const { api } = useServices();
  return useMutation((settlementId: string) => api.patch<Settlement>(tripPath(tripId, `/settlements/${id(settlementId)}/complete`), {}), (_r, c) => moneyChanged(c, tripId));
}

export function usePaymentLinks(tripId: string, settlementId: string | null) {
  const { api } = useServices();
  return useQuery(planKeys.links(tripId, settlementId ?? ''), () => api.get<PaymentLinks>(tripPath(tripId, `/settlements/${id(settlementId!)}/payment-links`)), { enabled: !!settlementId });
}

export function usePaymentPreferences(tripId: string, playerId: string | null) {
  const { api } = useServices();
  return useQuery(planKeys.prefs(tripId, playerId ?? ''), () => api.get<PaymentPreferences>(tripPath(tripId, `/players/${id(playerId!)}/payment-preferences`)), { enabled: !!playerId });
}

export function usePutPaymentPreferences(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ playerId, prefs }: { playerId: string; prefs: PaymentPreferences }) => api.put<PaymentPreferences>(tripPath(tripId, `/players/${id(playerId)}/payment-preferences`), prefs),
    (prefs, c, input) => {
      c.set(planKeys.prefs(tripId, input.playerId), prefs);
      return c.invalidate(['trip', tripId, 'money', 'links']);
    },
  );
}
