import type { z } from 'zod';
import { planWizard, type WizardPlan } from '../../shared/domain/wizard.js';
import type { CompetitionDoc } from '../../shared/schemas/competition.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { TripSettings } from '../../shared/schemas/trip.js';
import type { WizardBody, WizardStatus, WizardStep, WizardStepName } from '../../shared/schemas/wizard.js';
import { seal, unseal } from '../auth/seal.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import { insertPlayers, playerDocId } from '../players/players.service.js';
import { defaultTokenExpiry, newTokenSecret, portalLink, storePortalTokens } from '../portal/tokens.js';
import { insertRounds } from '../rounds/rounds.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { docsOfType, updateDoc } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';
import { tripIndexId, type TripIndexDoc } from '../trips/trip-index.js';
import { ensureTripDoc, newTripIndex } from '../trips/trips.service.js';

/** The wizard's job, `wizardjob:<tripId>` in the registry: the resolved plan and the progress of each step. */
export interface WizardJobDoc extends StoredDoc {
  type: 'wizardjob';
  tripId: string;
  ownerId: string;
  settings: TripSettings;
  plan: WizardPlan;
  tokens?: { singleUse: boolean; expiresAt: string; ids: Record<string, string>; sealedSecrets: string; delivered: boolean };
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: number;
  steps: WizardStep[];
  createdAt: string;
  updatedAt: string;
}

export const STEPS: WizardStepName[] = ['create_database', 'trip', 'players', 'teams', 'rounds', 'competitions', 'portal_tokens', 'activate'];
const jobId = (tripId: string) => `wizardjob:${tripId}`;

/**
 * `POST /trips/wizard`: resolves and checks the whole body first (nothing is written if anything is wrong), then
 * records the job and the trip's index entry (status `creating`) and runs the steps in the background.
 */
export async function startWizard(deps: AppDeps, ownerId: string, body: WizardBody): Promise<WizardJobDoc> {
  const plan = unwrap(planWizard(body, deps.newId));
  const tripId = deps.newId();
  const now = deps.now().toISOString();
  const job: WizardJobDoc = {
    _id: jobId(tripId),
    type: 'wizardjob',
    tripId,
    ownerId,
    settings: body.trip,
    plan,
    status: 'pending',
    attempts: 0,
    steps: STEPS.map((name) => ({ name, status: 'pending' })),
    createdAt: now,
    updatedAt: now,
  };
  if (body.portalTokens?.issue !== false && body.portalTokens) {
    const ids = Object.fromEntries(plan.players.map((p) => [p.id, deps.newId()]));
    const secrets = Object.fromEntries(plan.players.map((p) => [p.id, newTokenSecret()]));
    job.tokens = {
      singleUse: body.portalTokens.singleUse,
      expiresAt: body.portalTokens.expiresAt ?? defaultTokenExpiry(body.trip.endDate),
      ids,
      // Held sealed only until the organizer's first status read after issue; then removed.
      sealedSecrets: seal(deps.keys.sealingKey, JSON.stringify(secrets)),
      delivered: false,
    };
  }
  await deps.store.registry.put(newTripIndex(deps, tripId, ownerId, body.trip, 'creating'));
  const { rev } = await deps.store.registry.put(job);
  runInBackground(deps, tripId);
  return { ...job, _rev: rev };
}

/** `POST /trips/:tripId/wizard/retry`: resumes a failed job from its failed step. */
export async function retryWizard(deps: AppDeps, tripId: string): Promise<WizardJobDoc> {
  const job = await loadJob(deps, tripId);
  if (job.status !== 'failed') throw new AppError('wizard_not_failed', `the wizard is ${job.status}; only a failed wizard can be retried`);
  const updated = await updateDoc<WizardJobDoc>(deps.store.registry, job._id, (d) => {
    if (d.status !== 'failed') throw new AppError('wizard_not_failed', `the wizard is ${d.status}; only a failed wizard can be retried`);
    return { ...d, status: 'pending', steps: d.steps.map((s) => (s.status === 'failed' ? { name: s.name, status: 'pending' } : s)), updatedAt: deps.now().toISOString() };
  });
  runInBackground(deps, tripId);
  return updated!;
}

export async function loadJob(deps: AppDeps, tripId: string): Promise<WizardJobDoc> {
  const job = await deps.store.registry.get<WizardJobDoc>(jobId(tripId));
  if (!job) throw new AppError('not_found', 'this trip was not created by the wizard');
  return job;
}

/**
 * The status answer. Portal tokens are revealed once: the first read after they were issued shows them and
 * removes the sealed secrets from the job.
 */
export async function wizardStatus(deps: AppDeps, tripId: string, base: string): Promise<z.infer<typeof WizardStatus>> {
  let job = await loadJob(deps, tripId);
  // With CouchDB a job whose server stopped after the others started is found here, once its lease ran out.
  if (deps.store.kind === 'couchdb' && abandoned(deps, job, false)) {
    await markInterrupted(deps, tripId, false);
    job = await loadJob(deps, tripId);
  }
  let portalTokens: z.infer<typeof WizardStatus>['portalTokens'];
  const tokensIssued = job.steps.find((s) => s.name === 'portal_tokens')?.status === 'done';
  if (job.tokens && !job.tokens.delivered && tokensIssued) {
    const tokens = job.tokens;
    const secrets = JSON.parse(unseal(deps.keys.sealingKey, tokens.sealedSecrets)) as Record<string, string>;
    const names = new Map(job.plan.players.map((p) => [p.id, p.input.name]));
    // Only the request whose write removed the secrets shows them: `removed` tells of the attempt that was written (a
    // read that lost the race finds them delivered and writes nothing; the job it answers has a new revision too, the
    // winner's, so a revision compared with the one read would show them twice: issue 33).
    let removed = false;
    const updated = await updateDoc<WizardJobDoc>(deps.store.registry, job._id, (d) => {
      removed = !!d.tokens && !d.tokens.delivered;
      return removed ? { ...d, tokens: { ...d.tokens!, sealedSecrets: '', delivered: true }, updatedAt: deps.now().toISOString() } : undefined;
    }, 20);
    // A read that lost the race answers the job as the winner left it: delivered.
    if (updated) job = updated;
    if (updated && removed) {
      portalTokens = Object.entries(secrets).map(([playerId, token]) => ({
        playerId,
        playerName: names.get(playerId) ?? '',
        token,
        link: portalLink(base, token),
        expiresAt: tokens.expiresAt,
      }));
    }
  }
  return {
    tripId,
    status: job.status,
    attempts: job.attempts,
    steps: job.steps,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    ...(portalTokens ? { portalTokens } : {}),
    portalTokensDelivered: job.tokens?.delivered ?? false,
  };
}

function runInBackground(deps: AppDeps, tripId: string) {
  const p = runJob(deps, tripId).catch((err) => deps.logger.error('wizard runner failed', { tripId, err: String(err) }));
  deps.background.add(p);
  void p.finally(() => deps.background.delete(p));
}

/** Runs every step not yet done, in order, recording each; stops at the first failure. */
async function runJob(deps: AppDeps, tripId: string): Promise<void> {
  let job = (await setJob(deps, tripId, (d) => ({ ...d, status: 'running', attempts: d.attempts + 1 })))!;
  for (const name of STEPS) {
    const step = job.steps.find((s) => s.name === name)!;
    if (step.status === 'done' || step.status === 'skipped') continue;
    job = (await setStep(deps, tripId, name, { status: 'running', startedAt: deps.now().toISOString() }))!;
    // A step may take long: the job is written meanwhile, so other servers see its runner alive (see LEASE_MS).
    const beat = setInterval(() => void setJob(deps, tripId, (d) => d).catch(() => undefined), HEARTBEAT_MS);
    beat.unref();
    try {
      await deps.hooks.beforeWizardStep?.(tripId, name);
      const skipped = await STEP_RUNNERS[name](deps, job);
      clearInterval(beat);
      job = (await setStep(deps, tripId, name, { status: skipped === 'skipped' ? 'skipped' : 'done', finishedAt: deps.now().toISOString() }))!;
    } catch (err) {
      clearInterval(beat);
      deps.logger.warn('wizard step failed', { tripId, step: name, err: String(err) });
      await setStep(deps, tripId, name, { status: 'failed', finishedAt: deps.now().toISOString(), error: err instanceof Error ? err.message : String(err) });
      await setJob(deps, tripId, (d) => ({ ...d, status: 'failed' }));
      return;
    }
  }
  await setJob(deps, tripId, (d) => ({ ...d, status: 'done' }));
}

/** Each step is idempotent: it writes fixed identifiers, and what an earlier attempt wrote counts as written. */
const STEP_RUNNERS: Record<WizardStepName, (deps: AppDeps, job: WizardJobDoc) => Promise<void | 'skipped'>> = {
  async create_database(deps, job) {
    await deps.store.createTrip(job.tripId);
  },
  async trip(deps, job) {
    await ensureTripDoc(deps, job.tripId, job.ownerId, job.settings);
  },
  async players(deps, job) {
    if (job.plan.players.length === 0) return 'skipped';
    const db = deps.store.trip(job.tripId);
    await insertPlayers(deps, db, job.plan.players.map((p) => p.input), job.plan.players.map((p) => p.id));
  },
  async teams(deps, job) {
    if (job.plan.teams.length === 0) return 'skipped';
    const db = deps.store.trip(job.tripId);
    for (const team of job.plan.teams) {
      for (const playerId of team.playerIds) {
        await updateDoc<PlayerDoc & StoredDoc>(db, playerDocId(playerId), (p) => (p.team === team.name ? undefined : { ...p, team: team.name, updatedAt: deps.now().toISOString() }));
      }
    }
  },
  async rounds(deps, job) {
    if (job.plan.rounds.length === 0) return 'skipped';
    await insertRounds(deps, deps.store.trip(job.tripId), job.plan.rounds.map((r) => r.body), job.plan.rounds.map((r) => r.id));
  },
  async competitions(deps, job) {
    if (job.plan.competitions.length === 0) return 'skipped';
    const docs: (CompetitionDoc & StoredDoc)[] = job.plan.competitions.map((c) => ({
      ...newDocFields(deps, 'competition', c.id),
      name: c.name,
      format: c.format,
      countback: c.countback,
      roundIds: c.roundIds,
    }));
    const results = await deps.store.trip(job.tripId).bulkDocs(docs);
    const failed = results.filter((r) => r.error && r.error !== 'conflict');
    if (failed.length > 0) throw new Error(`could not write competitions: ${failed.map((f) => f.error).join(', ')}`);
  },
  async portal_tokens(deps, job) {
    if (!job.tokens || job.plan.players.length === 0) return 'skipped';
    const secrets = JSON.parse(unseal(deps.keys.sealingKey, job.tokens.sealedSecrets)) as Record<string, string>;
    const tokens = job.tokens;
    await storePortalTokens(
      deps,
      job.plan.players.map((p) => ({
        id: tokens.ids[p.id]!,
        tripId: job.tripId,
        playerId: p.id,
        secret: secrets[p.id]!,
        expiresAt: tokens.expiresAt,
        singleUse: tokens.singleUse,
        createdBy: job.ownerId,
      })),
    );
  },
  async activate(deps, job) {
    await updateDoc<TripIndexDoc>(deps.store.registry, tripIndexId(job.tripId), (d) => (d.status === 'active' ? undefined : { ...d, status: 'active', updatedAt: deps.now().toISOString() }));
  },
};

async function setJob(deps: AppDeps, tripId: string, change: (d: WizardJobDoc) => WizardJobDoc) {
  return updateDoc<WizardJobDoc>(deps.store.registry, jobId(tripId), (d) => ({ ...change(d), updatedAt: deps.now().toISOString() }));
}

async function setStep(deps: AppDeps, tripId: string, name: WizardStepName, patch: Partial<WizardStep>) {
  return setJob(deps, tripId, (d) => ({
    ...d,
    steps: d.steps.map((s) => {
      if (s.name !== name) return s;
      const next: WizardStep = { ...s, ...patch };
      if (patch.status === 'running' || patch.status === 'done') delete next.error;
      if (patch.status === 'running') delete next.finishedAt;
      return next;
    }),
  }));
}

/**
 * How long a pending or running job's record may go unwritten before it counts as abandoned by its server. With
 * CouchDB other app servers may be running the jobs a starting server finds (a rolling deploy): only one whose runner
 * stopped writing it is interrupted (issue 33: every starting server failed them all, and a retry then ran a job a
 * second time beside the first). Its runner writes it at each step and every {@link HEARTBEAT_MS} during one.
 */
const LEASE_MS = 60_000;
const HEARTBEAT_MS = 10_000;

/** Whether the job's runner is gone: with the embedded store the only process is this one, so any job left running at start-up. */
function abandoned(deps: AppDeps, job: WizardJobDoc, startingUp: boolean): boolean {
  if (job.status !== 'running' && job.status !== 'pending') return false;
  if (deps.store.kind === 'pouchdb') return startingUp;
  return deps.now().getTime() - Date.parse(job.updatedAt) > LEASE_MS;
}

/**
 * Marks a job whose runner is gone failed at the step it was on, so that the organizer sees what happened and can
 * retry. Decided on the job it is written over: a runner that wrote it meanwhile is alive, and the job is left.
 */
async function markInterrupted(deps: AppDeps, tripId: string, startingUp: boolean): Promise<void> {
  await updateDoc<WizardJobDoc>(deps.store.registry, jobId(tripId), (d) => {
    if (!abandoned(deps, d, startingUp)) return undefined;
    const running = d.steps.some((s) => s.status === 'running');
    // Interrupted before any step began: the first pending step is marked, so retry has a place to resume.
    const first = running ? undefined : d.steps.find((s) => s.status === 'pending');
    return {
      ...d,
      status: 'failed',
      steps: d.steps.map((s) =>
        s.status === 'running'
          ? { ...s, status: 'failed', error: 'interrupted: the server stopped during this step' }
          : s === first
            ? { ...s, status: 'failed', error: 'interrupted: the server stopped before this step' }
            : s,
      ),
      updatedAt: deps.now().toISOString(),
    };
  });
}

/** At start-up: the jobs a stopped server left pending or running (with CouchDB, those no server writes any more) are marked failed. */
export async function recoverInterruptedWizards(deps: AppDeps): Promise<void> {
  const jobs = await docsOfType<WizardJobDoc>(deps.store.registry, 'wizardjob', 'registry');
  for (const job of jobs.filter((j) => abandoned(deps, j, true))) await markInterrupted(deps, job.tripId, true);
}
