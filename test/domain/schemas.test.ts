import { describe, expect, it } from 'vitest';
import { Course } from '../../shared/schemas/course.js';
import { HandicapIndex, IsoDate, TimeZone, Currency } from '../../shared/schemas/common.js';
import { planWizard } from '../../shared/domain/wizard.js';
import { WizardBody } from '../../shared/schemas/wizard.js';
import { course18 } from '../support/client.js';

describe('field rules', () => {
  it.each([
    [-10, true],
    [-10.1, false],
    [0, true],
    [12.3, true],
    [12.34, false],
    [54, true],
    [54.1, false],
  ])('Handicap Index %d is valid: %s (WHS: +10 to 54.0, one decimal)', (value, valid) => {
    expect(HandicapIndex.safeParse(value).success).toBe(valid);
  });

  it.each([
    ['2027-02-28', true],
    ['2027-02-29', false],
    ['2028-02-29', true],
    ['2027-13-01', false],
    ['27-01-01', false],
  ])('date %s is valid: %s', (value, valid) => expect(IsoDate.safeParse(value).success).toBe(valid));

  it('knows IANA zones and ISO 4217 codes', () => {
    expect(TimeZone.safeParse('Europe/Lisbon').success).toBe(true);
    expect(TimeZone.safeParse('Mars/Olympus').success).toBe(false);
    expect(Currency.safeParse('JPY').success).toBe(true);
    expect(Currency.safeParse('XYZ').success).toBe(false);
  });

  it('refuses a course whose stroke indexes repeat or whose holes are misnumbered', () => {
    const c = course18();
    expect(Course.safeParse(c).success).toBe(true);
    const repeated = { ...c, holes: c.holes.map((h, i) => (i === 1 ? { ...h, strokeIndex: c.holes[0]!.strokeIndex } : h)) };
    const r = Course.safeParse(repeated);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('already used by hole 1');
    expect(Course.safeParse({ ...c, holes: c.holes.slice(0, 17) }).success).toBe(false);
    expect(Course.safeParse({ ...c, holes: c.holes.slice(0, 9).map((h, i) => ({ ...h, number: i + 1 })) }).success).toBe(true);
    expect(Course.safeParse({ ...c, tees: [{ name: 'X', courseRating: 70, slope: 156 }] }).success).toBe(false);
  });
});

describe('wizard plan', () => {
  let n = 0;
  const ids = () => `id${String(++n).padStart(6, '0')}`;
  const body = (extra: Record<string, unknown>) =>
    WizardBody.parse({ trip: { name: 'T', startDate: '2027-01-01', endDate: '2027-01-02', timezone: 'UTC', currency: 'USD' }, ...extra });

  it('resolves players by ref or email and rounds by ref or name', () => {
    const plan = planWizard(
      body({
        players: [{ ref: 'a', name: 'A' }, { name: 'B', email: 'B@Example.com' }],
        rounds: [{ name: 'Day 1', date: '2027-01-01', groups: [['a', 'b@example.com']] }],
        competitions: [{ name: 'C', format: 'stableford', rounds: ['Day 1'] }],
      }),
      ids,
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const [a, b] = plan.value.players;
    expect(plan.value.rounds[0]!.body.groups[0]!.playerIds).toEqual([a!.id, b!.id]);
    expect(b!.input.email).toBe('b@example.com');
    expect(plan.value.competitions[0]!.roundIds).toEqual([plan.value.rounds[0]!.id]);
  });

  it('reports every unresolved reference with its path', () => {
    const plan = planWizard(body({ players: [{ ref: 'a', name: 'A' }], teams: [{ name: 'T', players: ['a', 'x', 'y'] }] }), ids);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.failure.details?.map((d) => d.path)).toEqual([
      ['body', 'teams', 0, 'players', 1],
      ['body', 'teams', 0, 'players', 2],
    ]);
  });
});
