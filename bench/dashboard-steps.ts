/**
 * How many interactions a scripted organizer needs to set up a real trip on the dashboard (issue 35), from sign-up
 * to every link mailed: 24 golfers (handicaps +2.1 to 30) from a spreadsheet, a course from its scorecard (par,
 * stroke index, three tees with their ratings), three rounds in three formats on three days, pairings with tee times
 * for each, on the first round skins for the field and a Nassau in every group, and the links mailed.
 *
 * An interaction is what a person does: a click, a field filled, a choice made in a list, a paste, a file chosen.
 * Waiting for the page is not one. Each flow takes the shortest way its dashboard offers; `before` is this script
 * against the issue's starting commit (its dashboard has no paste, no game per group), `now` against the current.
 * Both end with the same trip, checked over REST, so the counts compare like with like.
 */
import type { Locator, Page } from 'playwright-core';
import { api, course18 } from '../test/support/client.js';
import { registerInPage, uniqueEmail } from '../test/browser/support/dashboard.js';

export type Flow = 'before' | 'now';

/** Counts what the organizer does; every call is one interaction. */
export class Steps {
  count = 0;
  readonly byPhase = new Map<string, number>();
  private phase = 'start';

  constructor(readonly page: Page) {}

  begin(phase: string) {
    this.phase = phase;
  }
  private tick(n = 1) {
    this.count += n;
    this.byPhase.set(this.phase, (this.byPhase.get(this.phase) ?? 0) + n);
  }
  async click(l: Locator) {
    this.tick();
    await l.click();
  }
  async fill(l: Locator, value: string) {
    this.tick();
    await l.fill(value);
  }
  async select(l: Locator, value: string | { label: string } | { index: number }) {
    this.tick();
    await l.selectOption(value);
  }
  async check(l: Locator) {
    this.tick();
    await l.check();
  }
  async files(l: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
    this.tick();
    await l.setInputFiles(file);
  }
  /** A paste (Ctrl+V) of `text` into a field: one interaction whatever its length. */
  async paste(l: Locator, text: string) {
    this.tick();
    await l.focus();
    await l.evaluate((el, t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      if (el.dispatchEvent(event) && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) {
        // Nothing took the paste: the browser would insert the text.
        el.value = t;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }, text);
  }
  /** Several counted interactions that a person does once by registering (the link, three fields, the button). */
  async register(name: string) {
    this.tick(5);
    await registerInPage(this.page, { name, email: uniqueEmail(name.split(' ')[0]!) });
  }
}

export const GOLFERS = [
  ['Alan Brooks', -2.1], ['Mike Smith', 4.2], ['Mike Sutton', 11.8], ['Rob Fitzgerald', 9.4], ['Rob Fisher', 17.3], ['Dave Kelly', 6.5],
  ['Tom Walsh', 13.1], ['Steve Byrne', 21.7], ['Pat Doyle', 2.8], ['John Egan', 15.0], ['Chris Flynn', 24.6], ['Paul Gray', 8.1],
  ['Mark Hart', 30.0], ['Gary Ives', 12.4], ['Brian Joyce', 19.9], ['Kevin Kane', 5.3], ['Sean Lynch', 27.2], ['Niall Moore', 10.6],
  ['Declan Nolan', 16.4], ['Eoin Owens', 0.9], ['Fergal Quinn', 22.8], ['Liam Reid', 7.7], ['Conor Shaw', 14.5], ['Ronan Tully', 18.2],
] as const;

export function rosterCsv(tag: string): string {
  const rows = GOLFERS.map(([name, hi], i) => `${name},${name.toLowerCase().replace(/\W+/g, '.')}.${tag}@example.com,${hi < 0 ? `+${-hi}` : hi},${i % 2 ? 'Blue' : 'Red'}`);
  return ['Name,Email,HI,Team', ...rows].join('\n') + '\n';
}

/** The scorecard the organizer copies from: par and stroke index rows, three tees with their ratings. */
export const CARD = {
  ...course18('Quinta Links'),
  tees: [
    { name: 'White', courseRating: 72.4, slope: 131 },
    { name: 'Yellow', courseRating: 70.6, slope: 126 },
    { name: 'Red', courseRating: 73.1, slope: 128 },
  ],
};
export const ROUNDS = [
  { name: 'Day 1', date: '2027-04-10', format: 'stroke_play' },
  { name: 'Day 2', date: '2027-04-11', format: 'stableford' },
  { name: 'Day 3', date: '2027-04-12', format: 'best_ball' },
] as const;

const tab = (s: Steps, name: string) => s.click(s.page.getByRole('navigation', { name: 'Trip' }).getByRole('link', { name, exact: true }));

/** The trip by the shortest way the dashboard of `flow` offers; answers the trip's id. */
export async function setUpTrip(s: Steps, base: string, flow: Flow, tag: string): Promise<string> {
  const page = s.page;
  s.begin('sign-up and trip');
  await page.goto(`${base}/`);
  await s.register('Sam Organizer');
  await page.getByRole('heading', { name: 'Your trips' }).waitFor();
  await s.click(page.getByRole('link', { name: 'Create your first trip' }));
  await s.fill(page.getByLabel('Trip name'), 'Algarve 2027');
  await s.fill(page.getByLabel('First day'), '2027-04-10');
  await s.fill(page.getByLabel('Last day'), '2027-04-13');
  await s.select(page.getByLabel('Time zone'), 'Europe/Lisbon');
  await s.select(page.getByLabel('Currency'), 'EUR');
  await s.click(page.getByRole('button', { name: 'Create trip' }));
  await page.getByRole('heading', { name: 'Your trip is ready' }).waitFor({ timeout: 20_000 });
  await s.click(page.getByRole('link', { name: 'Open the trip' }));
  const tripId = /#\/trips\/([a-z0-9]+)/.exec(page.url())![1]!;

  s.begin('players');
  await tab(s, 'Players');
  await s.click(page.getByRole('link', { name: 'Import a roster' }));
  await s.files(page.getByLabel('CSV file'), { name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(rosterCsv(tag)) });
  await s.click(page.getByRole('button', { name: /^Import: add 24 players/ }));
  await page.getByRole('status').filter({ hasText: /Import done: 24 players added/ }).waitFor();

  s.begin('course');
  await tab(s, 'Courses');
  await s.click(page.getByRole('link', { name: 'New course' }));
  await s.fill(page.getByLabel('Course name'), CARD.name);
  if (flow === 'before') {
    for (const [i, h] of CARD.holes.entries()) {
      await s.fill(page.getByLabel(`Hole ${i + 1} par`), String(h.par));
      await s.fill(page.getByLabel(`Hole ${i + 1} stroke index`), String(h.strokeIndex));
    }
  } else {
    await coursePasted(s);
  }
  for (const [i, t] of flow === 'before' ? CARD.tees.entries() : []) {
    if (i > 0 && !(await page.getByLabel(`Tee ${i + 1} name`).count())) await s.click(page.getByRole('button', { name: 'Add a tee' }));
    await s.fill(page.getByLabel(`Tee ${i + 1} name`), t.name);
    await s.fill(page.getByLabel(`Tee ${i + 1} Course Rating`), String(t.courseRating));
    await s.fill(page.getByLabel(`Tee ${i + 1} Slope Rating`), String(t.slope));
  }
  await s.click(page.getByRole('button', { name: 'Save course' }));
  await page.getByRole('status').filter({ hasText: `${CARD.name} is saved in your library.` }).waitFor();

  s.begin('rounds');
  for (const r of ROUNDS) {
    await tab(s, 'Rounds');
    await s.click(page.getByRole('link', { name: 'New round' }));
    await s.fill(page.getByLabel('Round name'), r.name);
    // A field already right is left alone (the shortest way, in both flows).
    if ((await page.getByLabel('Date').inputValue()) !== r.date) await s.fill(page.getByLabel('Date'), r.date);
    const course = page.getByLabel('Course', { exact: true });
    const courseLabel = `${CARD.name} (18 holes)`;
    if ((await course.locator('option:checked').textContent()) !== courseLabel) await s.select(course, { label: courseLabel });
    const tees = page.getByLabel('Tees');
    if (!(await tees.locator('option:checked').textContent())?.startsWith('Yellow')) await s.select(tees, { index: 1 });
    await s.select(page.getByLabel('Format'), r.format);
    await page.getByText(/All 24 players of the trip play this round/).waitFor();
    await s.click(page.getByRole('button', { name: 'Create round' }));
    await page.getByRole('heading', { name: new RegExp(`^${r.name}`) }).waitFor();
  }

  s.begin('pairings');
  await tab(s, 'Pairings');
  for (const [i, r] of ROUNDS.entries()) {
    const picker = page.getByLabel('Round', { exact: true });
    await picker.waitFor();
    if (i > 0) await s.select(picker, { label: `${r.name} · ${r.date}` });
    await page.getByRole('heading', { name: 'Pair the players' }).waitFor();
    await s.click(page.getByRole('button', { name: 'Pair players' }));
    await expectCount(page.getByTestId('sheet-group'), 6);
    await s.fill(page.getByLabel('Minutes between groups'), '10');
    await s.click(page.getByRole('button', { name: 'Set tee times' }));
    await page.getByRole('heading', { name: /^Group 6 · \d\d:\d\d · hole 1$/ }).waitFor();
  }

  s.begin('games');
  await tab(s, 'Games');
  if (flow === 'before') await gamesOneByOne(s, await restOf(page, base), tripId);
  else await gamesPerGroup(s);

  s.begin('links');
  await tab(s, 'Links');
  await s.click(page.getByRole('button', { name: 'Mail everyone their link' }));
  await s.click(page.getByRole('dialog', { name: 'Mail every player their link?' }).getByRole('button', { name: 'Mail the links' }));
  await page.getByRole('status').filter({ hasText: '24 links mailed.' }).waitFor();
  return tripId;
}

async function expectCount(l: Locator, n: number) {
  const deadline = Date.now() + 20_000;
  while ((await l.count()) !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} of ${String(l)}, found ${await l.count()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The course card by pasting its rows (issue 35): filled in by the current dashboard's paste. */
async function coursePasted(s: Steps) {
  const page = s.page;
  // The whole card as copied from the club's PDF: par, stroke index, each tee's yardages, each tee's ratings.
  const rows = [
    `Par\t${CARD.holes.map((h) => h.par).join('\t')}`,
    `HCP\t${CARD.holes.map((h) => h.strokeIndex).join('\t')}`,
    ...CARD.tees.map((t, k) => `${t.name}\t${CARD.holes.map((h) => h.par * 95 + 40 - k * 25).join('\t')}`),
    ...CARD.tees.map((t) => `${t.name}\t${t.courseRating}\t${t.slope}`),
  ].join('\n');
  await s.paste(page.getByLabel('Paste from the scorecard'), rows);
}

/** Skins for the field and one Nassau per group, one form each, as the starting commit's dashboard has it. */
async function gamesOneByOne(s: Steps, rest: ReturnType<typeof api>, tripId: string) {
  const page = s.page;
  await s.click(page.getByRole('link', { name: 'Add skins' }).first());
  // The pot the buy-ins make: 24 players at 5 each, counted by the organizer.
  await s.select(page.getByLabel('How skins are paid'), 'pot');
  await s.fill(page.getByLabel(/The whole pot/), '120');
  await s.click(page.getByRole('button', { name: 'Add skins' }));
  await page.getByRole('heading', { name: 'New skins game' }).waitFor({ state: 'detached' });
  // The new game's page opens; back to the round's games for the next one.
  await s.click(page.getByRole('link', { name: `Games of ${ROUNDS[0].name}` }));
  const groups = await groupsOf(rest, tripId);
  for (const group of groups) {
    await s.click(page.getByRole('link', { name: 'Add a Nassau' }).first());
    for (const [j, name] of group.entries()) await s.select(page.getByLabel(name, { exact: true }), j < 2 ? 'a' : 'b');
    await s.fill(page.getByLabel(/Stake per bet/), '5');
    await s.click(page.getByRole('button', { name: 'Add the Nassau' }));
    await page.getByRole('heading', { name: 'New Nassau' }).waitFor({ state: 'detached' });
    await s.click(page.getByRole('link', { name: `Games of ${ROUNDS[0].name}` }));
  }
}

/** Skins with a buy-in per player and a Nassau in every group in one action (issue 35). */
async function gamesPerGroup(s: Steps) {
  const page = s.page;
  await s.click(page.getByRole('link', { name: 'Add skins' }).first());
  await s.select(page.getByLabel('How skins are paid'), 'buy_in');
  await s.fill(page.getByLabel(/Buy-in per player/), '5');
  await s.click(page.getByRole('button', { name: 'Add skins' }));
  await page.getByRole('heading', { name: 'New skins game' }).waitFor({ state: 'detached' });
  await s.click(page.getByRole('link', { name: `Games of ${ROUNDS[0].name}` }));
  await s.click(page.getByRole('link', { name: 'Nassau in every group' }));
  await s.fill(page.getByLabel(/Stake per bet/), '5');
  await s.click(page.getByRole('button', { name: /^Add \d+ Nassau games$/ }));
  await page.getByRole('heading', { name: 'A Nassau in every group' }).waitFor({ state: 'detached' });
}

/** The organizer's REST client, with the session the page holds (reading is not an interaction). */
export async function restOf(page: Page, base: string) {
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('golf.dashboard.session.v1') ?? localStorage.getItem('golf.dashboard.session.v1') ?? '{}').token as string);
  return api(base, token);
}

/** The names in each group of the first round, as the tee sheet shows them (the organizer reads them off it). */
async function groupsOf(rest: ReturnType<typeof api>, tripId: string): Promise<string[][]> {
  const rounds = (await rest.get(`/trips/${tripId}/rounds`)).body.items as { id: string; name: string }[];
  const round = rounds.find((r) => r.name === ROUNDS[0].name)!;
  const players = new Map(((await rest.get(`/trips/${tripId}/players?limit=200`)).body.items as { id: string; name: string }[]).map((p) => [p.id, p.name]));
  return (await groupsOfRound(rest, round.id)).map((g) => g.playerIds.map((id) => players.get(id)!));
}

async function groupsOfRound(rest: ReturnType<typeof api>, roundId: string): Promise<{ teeTime?: string | null; playerIds: string[] }[]> {
  const body = (await rest.get(`/rounds/${roundId}/pairings`)).body as { groups?: { teeTime?: string | null; playerIds: string[] }[] };
  return body.groups ?? [];
}

/** What the trip holds at the end, the same for both flows (or the flow did not do the whole setup). */
export async function tripSummary(rest: ReturnType<typeof api>, tripId: string) {
  const players = (await rest.get(`/trips/${tripId}/players?limit=200`)).body.items as unknown[];
  const rounds = (await rest.get(`/trips/${tripId}/rounds`)).body.items as { id: string; name: string; format: string }[];
  const perRound = [];
  for (const r of rounds) {
    const groups = await groupsOfRound(rest, r.id);
    const games = ((await rest.get(`/trips/${tripId}/side-games?roundId=${r.id}`)).body.items ?? []) as { kind: string; participants: unknown }[];
    const skins = games.filter((g) => g.kind === 'skins').map((g) => (g.participants as unknown[]).length);
    perRound.push(`${r.name} ${r.format}: ${groups.length} groups, ${groups.filter((g) => g.teeTime).length} with tee times, ${games.filter((g) => g.kind === 'nassau').length} Nassau, skins of ${skins.join('/') || 'none'}`);
  }
  const courses = (await rest.get('/courses')).body.items as { name: string; holes: unknown[]; tees: { name: string; courseRating: number; slope: number }[] }[];
  const course = courses.map((c) => `${c.name}: ${c.holes.length} holes, tees ${c.tees.map((t) => `${t.name} ${t.courseRating}/${t.slope}`).join(', ')}`);
  return `${players.length} players; ${course.join('; ')}; ${perRound.join('; ')}`;
}

/**
 * The dashboard of another commit (the issue's starting commit), served by that commit's own server: a git worktree
 * in a temporary directory, this checkout's node_modules linked into it, its web apps built there.
 */
export async function serverOfCommit(commit: string): Promise<{ base: string; stop(): Promise<void> }> {
  const { execFileSync, spawn } = await import('node:child_process');
  const { mkdtemp, rm, symlink } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join, resolve } = await import('node:path');
  const root = resolve(import.meta.dirname, '..');
  const dir = await mkdtemp(join(tmpdir(), 'golf-baseline-'));
  const tree = join(dir, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: root, stdio: 'ignore' });
  await symlink(join(root, 'node_modules'), join(tree, 'node_modules'));
  execFileSync(process.execPath, ['--import', 'tsx', 'web/build.ts'], { cwd: tree, stdio: 'ignore', env: { ...process.env, WEB_DIR: join(tree, 'dist', 'web') } });
  const { freePort, waitForHttp, stopProcess } = await import('../test/support/processes.js');
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: tree,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(dir, 'data'), AUTH_JWT_SECRET: `baseline-secret-${'x'.repeat(32)}`, PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn', WEB_DIR: join(tree, 'dist', 'web') },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  await waitForHttp(`http://127.0.0.1:${port}/health`, { child, output: () => '', timeoutMs: 180_000 });
  return {
    base,
    async stop() {
      await stopProcess(child);
      execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Both flows in one run: `before` on the issue's starting commit (`BENCH_STEPS_BASELINE`, default the commit issue 35
 * started from), `now` on this checkout. Each on its own server and browser context; the trips they leave are
 * summarized over REST so a reader sees they are the same trip.
 */
export async function measureSetupSteps(browser: import('playwright-core').Browser, now: { base: string }): Promise<{ flow: Flow; count: number; byPhase: [string, number][]; trip: string }[]> {
  const { desktopContext } = await import('../test/browser/support/dashboard.js');
  const baseline = await serverOfCommit(process.env.BENCH_STEPS_BASELINE ?? BASELINE_COMMIT);
  const out = [];
  try {
    for (const [flow, base] of [['before', baseline.base], ['now', now.base]] as const) {
      const context = await desktopContext(browser);
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const steps = new Steps(page);
      const tripId = await setUpTrip(steps, base, flow, `${flow}${Date.now().toString(36)}`);
      out.push({ flow, count: steps.count, byPhase: [...steps.byPhase], trip: await tripSummary(await restOf(page, base), tripId) });
      await context.close();
    }
  } finally {
    await baseline.stop();
  }
  return out;
}

/** The commit issue 35 started from: the dashboard whose setup took about 150 interactions. */
export const BASELINE_COMMIT = 'ac166a0';
