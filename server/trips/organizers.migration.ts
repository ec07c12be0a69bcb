import { findAccountByEmail } from '../auth/accounts.js';
import type { AppDeps } from '../deps.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';
import { isCoOrganizer, type CoOrganizer, type TripIndexDoc } from './trip-index.js';

/**
 * Before invites, an account co-organized a trip when its email belonged to a player with the organizer role (the
 * trip index's `organizerEmails`). Run at startup, before the server listens: the accounts registered with those
 * emails at that moment become co-organizers by account id, and `organizerEmails` is removed, so an address
 * registered later never gains access and this runs once per trip. Identity-provider accounts (`AUTH_JWKS_URL`)
 * have no registration here to match and need an invite. Answers how many trips were migrated.
 */
export async function migrateOrganizerEmails(deps: AppDeps): Promise<number> {
  let migrated = 0;
  for (const index of await docsWithPrefix<TripIndexDoc>(deps.store.registry, 'tripindex:')) {
    if (index.organizerEmails === undefined) continue;
    const now = deps.now().toISOString();
    const found: CoOrganizer[] = [];
    for (const email of index.organizerEmails) {
      const account = await findAccountByEmail(deps, email);
      if (account) found.push({ accountId: account.id, email: account.email, name: account.name, since: now, via: 'migration' });
    }
    await updateDoc<TripIndexDoc>(deps.store.registry, index._id, (d) => {
      if (d.organizerEmails === undefined) return undefined;
      const { organizerEmails: _emails, ...rest } = d;
      const added = found.filter((c, i) => c.accountId !== d.ownerId && !isCoOrganizer(d, c.accountId) && found.findIndex((f) => f.accountId === c.accountId) === i);
      return { ...rest, coOrganizers: [...(d.coOrganizers ?? []), ...added], updatedAt: now } as TripIndexDoc;
    });
    migrated += 1;
  }
  if (migrated > 0) deps.logger.info('turned organizer emails into co-organizer accounts', { trips: migrated });
  return migrated;
}
