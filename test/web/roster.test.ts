/**
 * The roster import's pure parts (web/dashboard/screens/players/roster.ts): columns mapped by header, rows checked
 * with the bulk route's schema, likely duplicates, and what a merge writes.
 */
import { describe, expect, it } from 'vitest';
import { BulkPlayersBody } from '../../shared/schemas/player.js';
import type { Player } from '../../web/dashboard/api/players.js';
import { buildImport, findDuplicates, mapColumns, nameMatch, normalizeName, parseSheet, readHandicap, readRow, type RowDecision } from '../../web/dashboard/screens/players/roster.js';

const player = (id: string, name: string, extra: Partial<Player> = {}): Player => ({ id, tripId: 'trip01', name, role: 'player', createdAt: '2027-01-01T00:00:00Z', updatedAt: '2027-01-01T00:00:00Z', ...extra });
const rowsOf = (text: string) => {
  const sheet = parseSheet(text);
  return sheet.rows.map((r, i) => readRow(r, sheet.columns, i));
};

describe('column mapping', () => {
  it.each([
    [['Name', 'E-mail', 'Mobile', 'HI', 'Team', 'Div', 'Flight'], ['name', 'email', 'phone', 'handicapIndex', 'team', 'division', 'flight']],
    [['Player', 'Email address', 'Phone number', 'Handicap Index', 'Side'], ['name', 'email', 'phone', 'handicapIndex', 'team']],
    [['First name', 'Last name', 'hcp'], ['firstName', 'lastName', 'handicapIndex']],
  ])('maps %j by header', (headers, fields) => {
    expect(mapColumns(headers)).toEqual(fields.map((field) => ({ field })));
  });

  it('makes other columns custom fields named by their header, a second column of one field too, and ignores empty headers', () => {
    expect(mapColumns(['Name', 'Club', 'Shirt size', '', 'Name'])).toEqual([{ field: 'name' }, { custom: 'Club' }, { custom: 'Shirt size' }, { ignore: true }, { custom: 'Name' }]);
  });
});

describe('reading a sheet', () => {
  it('reads a CSV with quotes and a tab-separated paste alike', () => {
    const csv = parseSheet('Name,Email,HI\n"Smith, Bob",bob@x.com,12.4\n');
    const tsv = parseSheet('Name\tEmail\tHI\r\nSmith, Bob\tbob@x.com\t12.4\r\n');
    expect(csv.rows).toEqual([['Smith, Bob', 'bob@x.com', '12.4']]);
    expect(tsv.rows).toEqual(csv.rows);
  });

  it.each([
    ['12.4', 12.4],
    ['12,4', 12.4],
    ['+2.1', -2.1],
    ['0', 0],
    ['', undefined],
  ])('reads the Handicap Index %j as %j', (text, value) => expect(readHandicap(text)).toBe(value));

  it('says why a bad row is bad, per field, in words', () => {
    const [good, noName, badHi, badEmail] = rowsOf('Name,Email,HI,Club\nAnn,ann@x.com,3.2,North\n,x@x.com,1,\nBen,,twelve,\nCat,cat-at-x,60,\n');
    expect(good!.player).toEqual({ name: 'Ann', email: 'ann@x.com', handicapIndex: 3.2, role: 'player', fields: { Club: 'North' } });
    expect(noName!.problems).toEqual(['Name: missing (every player needs a name).']);
    expect(badHi!.problems).toEqual(['Handicap Index: not a number (write it like 12.4, or +2.1 for a plus handicap).']);
    expect(badEmail!.problems).toEqual(['Email: Enter an email address, like name@example.com.', 'Handicap Index: A Handicap Index is at most 54.0.']);
  });

  it('joins first and last name columns', () => {
    expect(rowsOf('First name,Last name\nBob,Smith\n')[0]!.player!.name).toBe('Bob Smith');
  });
});

describe('likely duplicates', () => {
  it.each([
    ['Bob Smith', 'bob smith', 'same'],
    ['Smith, Bob', 'Bob Smith', 'same'],
    ['Bob Smith', 'Smith Bob', 'same'],
    ['José Núñez', 'Jose Nunez', 'same'],
    ['Bob Smith', 'Bob Smyth', 'near'],
    ['Catherine Doyle', 'Katherine Doyle', 'near'],
    ['Al Li', 'Bo Li', null],
    ['Ann Byrne', 'Ben Cole', null],
    ['Bob Smith', 'Rob Smythe', null],
  ])('%s and %s: %s', (a, b, expected) => expect(nameMatch(a, b)).toBe(expected));

  it('normalizes names', () => expect(normalizeName('  Smith,  Bob-Jo ')).toBe('bob jo smith'));

  it('flags the same email in any case, the same name and a near name, against the trip first, then earlier rows', () => {
    const existing = [player('player1', 'Bob Smith', { email: 'bob@x.com' }), player('player2', 'Ann Lee')];
    const rows = rowsOf('Name,Email\nRobert S,BOB@x.com\nAnn Lee,\nCat Doyle,\nKat Doyle,\nDan Egan,dan@x.com\nDaniel,dan@x.com\n');
    const d = findDuplicates(rows, existing);
    expect(d.get(0)).toEqual({ target: { player: existing[0] }, reason: 'same email' });
    expect(d.get(1)).toEqual({ target: { player: existing[1] }, reason: 'same name' });
    expect(d.has(2)).toBe(false);
    expect(d.get(3)).toEqual({ target: { row: 2 }, reason: 'similar name' });
    expect(d.has(4)).toBe(false);
    expect(d.get(5)).toEqual({ target: { row: 4 }, reason: 'same email' });
  });
});

describe('building the import', () => {
  const existing = [player('player1', 'Bob Smith', { email: 'bob@x.com', team: 'Red', fields: { club: 'North' } })];
  const rows = rowsOf('Name,Email,HI,Team,Club\nBob Smyth,,10.2,Blue,\nAnn Lee,ann@x.com,5,,South\nAnn Lee,,,Red,\n,bad,,,\nCat Doyle,,,,\n');
  const dups = findDuplicates(rows, existing);

  it('merges into an existing player (its non-empty fields fill or replace, the name stays), folds two file rows into one player, leaves bad rows out', () => {
    const plan = buildImport(rows, dups, new Map(), existing);
    expect(plan.updates).toEqual([{ id: 'player1', handicapIndex: 10.2, team: 'Blue' }]);
    expect(plan.players).toEqual([
      { name: 'Ann Lee', email: 'ann@x.com', handicapIndex: 5, role: 'player', team: 'Red', fields: { Club: 'South' } },
      { name: 'Cat Doyle', role: 'player' },
    ]);
    expect(plan).toMatchObject({ skipped: 1, merged: 2 });
    expect(BulkPlayersBody.safeParse({ players: plan.players, updates: plan.updates }).success).toBe(true);
  });

  it('skips or adds a flagged row when asked', () => {
    const decisions = new Map<number, RowDecision>([
      [0, 'skip'],
      [2, 'add'],
    ]);
    const plan = buildImport(rows, dups, decisions, existing);
    expect(plan.updates).toEqual([]);
    expect(plan.players.map((p) => p.name)).toEqual(['Ann Lee', 'Ann Lee', 'Cat Doyle']);
    expect(plan).toMatchObject({ skipped: 2, merged: 0 });
  });

  it('keeps the custom fields a player had when a merge adds one', () => {
    const r = rowsOf('Name,Shirt\nBob Smith,L\n');
    const plan = buildImport(r, findDuplicates(r, existing), new Map(), existing);
    expect(plan.updates).toEqual([{ id: 'player1', fields: { club: 'North', Shirt: 'L' } }]);
  });

  it('sends no change for a merge that changes nothing', () => {
    const r = rowsOf('Name,Email\nBob Smith,BOB@x.com\n');
    const plan = buildImport(r, findDuplicates(r, existing), new Map(), existing);
    expect(plan).toMatchObject({ players: [], updates: [], merged: 1 });
  });
});
