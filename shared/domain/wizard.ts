import type { ErrorDetail, Result } from '../errors.js';
import { fail, ok } from '../errors.js';
import type { PlayerInput } from '../schemas/player.js';
import type { CreateRoundBody } from '../schemas/round.js';
import type { WizardBody } from '../schemas/wizard.js';
import { checkRoundComposition } from './rounds.js';

/** The wizard body with every reference resolved to the identifiers the steps will write. */
export interface WizardPlan {
  players: { id: string; input: PlayerInput }[];
  rounds: { id: string; body: CreateRoundBody }[];
  teams: { name: string; playerIds: string[] }[];
  competitions: { id: string; name: string; format: WizardBody['competitions'][number]['format']; countback: boolean; roundIds: string[] }[];
}

/**
 * Resolves the wizard body's references (players by `ref` or email, rounds by `ref` or name) to the identifiers
 * given, and checks every round's composition — all before anything is written. Fails with every problem found.
 */
export function planWizard(body: WizardBody, newId: () => string): Result<WizardPlan> {
  const problems: (ErrorDetail & { code: string })[] = [];
  const playerRefs = new Map<string, string>();
  const players = body.players.map((p, i) => {
    const id = newId();
    const { ref, ...input } = p;
    for (const key of [ref, p.email?.toLowerCase()].filter((k): k is string => !!k)) {
      if (playerRefs.has(key) && playerRefs.get(key) !== id) problems.push({ code: 'duplicate_player', path: ['body', 'players', i], message: `player reference ${key} is used twice` });
      playerRefs.set(key, id);
    }
    return { id, input: input.email ? { ...input, email: input.email.toLowerCase() } : input };
  });
  const emails = new Set<string>();
  players.forEach((p, i) => {
    if (p.input.email && emails.has(p.input.email)) problems.push({ code: 'duplicate_email', path: ['body', 'players', i, 'email'], message: `email ${p.input.email} is used by two players` });
    if (p.input.email) emails.add(p.input.email);
  });
  const player = (ref: string, path: (string | number)[]) => {
    const id = playerRefs.get(ref) ?? playerRefs.get(ref.toLowerCase());
    if (!id) problems.push({ code: 'unknown_player', path, message: `no player with ref or email ${ref}` });
    return id ?? '';
  };

  const teamOf = new Map<string, string>();
  const teams = body.teams.map((t, ti) => ({
    name: t.name,
    playerIds: t.players.map((ref, pi) => {
      const id = player(ref, ['body', 'teams', ti, 'players', pi]);
      if (id && teamOf.has(id) && teamOf.get(id) !== t.name) problems.push({ code: 'duplicate_player', path: ['body', 'teams', ti, 'players', pi], message: `player ${ref} is already in team ${teamOf.get(id)}` });
      teamOf.set(id, t.name);
      return id;
    }),
  }));

  const roundRefs = new Map<string, string>();
  const allPlayerIds = new Set(players.map((p) => p.id));
  const rounds = body.rounds.map((r, ri) => {
    const id = newId();
    const { ref, players: refs, groups, playerTees, ...rest } = r;
    for (const key of [ref, r.name].filter((k): k is string => !!k)) {
      if (roundRefs.has(key)) problems.push({ code: 'validation_failed', path: ['body', 'rounds', ri], message: `round reference ${key} is used twice` });
      roundRefs.set(key, id);
    }
    const roundBody: CreateRoundBody = {
      ...rest,
      playerIds: refs.map((p, pi) => player(p, ['body', 'rounds', ri, 'players', pi])),
      groups: groups.map((g, gi) => ({ playerIds: g.map((p, pi) => player(p, ['body', 'rounds', ri, 'groups', gi, pi])) })),
      playerTees: Object.fromEntries(Object.entries(playerTees).map(([p, tee]) => [player(p, ['body', 'rounds', ri, 'playerTees', p]), tee])),
    };
    const composition = checkRoundComposition(roundBody, allPlayerIds);
    if (!composition.ok) {
      for (const d of composition.failure.details ?? []) {
        problems.push({ ...d, code: String(d.code ?? composition.failure.code), path: ['body', 'rounds', ri, ...(d.path ?? [])] });
      }
    }
    return { id, body: roundBody };
  });

  const competitions = body.competitions.map((c, ci) => ({
    id: newId(),
    name: c.name,
    format: c.format,
    countback: c.countback,
    roundIds: c.rounds.map((ref, i) => {
      const id = roundRefs.get(ref);
      if (!id) problems.push({ code: 'validation_failed', path: ['body', 'competitions', ci, 'rounds', i], message: `no round with ref or name ${ref}` });
      return id ?? '';
    }),
  }));

  if (problems.length > 0) {
    // A reference that does not resolve or a round that cannot be played is well-formed but impossible: 422.
    const first = problems[0]!;
    const code = first.code === 'validation_failed' ? 'unprocessable' : (first.code as 'unknown_player');
    return fail(code, `the wizard body cannot be carried out: ${first.message}`, problems);
  }
  return ok({ players, rounds, teams, competitions });
}
