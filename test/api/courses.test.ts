import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let other: Awaited<ReturnType<typeof organizer>>;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url, 'Librarian');
  other = await organizer(server.url, 'Other');
});
afterAll(() => server.close());

/** A made-up 18-hole course: pars 4, 3, 5 repeating (72), stroke indexes 1–18 in a made-up order. */
function course(over: Record<string, unknown> = {}) {
  const si = [9, 17, 1, 11, 3, 15, 5, 13, 7, 10, 18, 2, 12, 4, 16, 6, 14, 8];
  return {
    name: 'Heron Marsh',
    location: 'Off the coast road, past the mill',
    city: 'Saltby',
    country: 'Nowhere',
    holes: si.map((strokeIndex, i) => ({ number: i + 1, par: [4, 3, 5][i % 3]!, strokeIndex })),
    tees: [
      { name: 'Blue', gender: 'M', courseRating: 71.4, slope: 129, par: 72, lengths: Array(18).fill(370) },
      { name: 'Blue', gender: 'F', courseRating: 77.2, slope: 136 },
      { name: 'Gold', gender: 'X', courseRating: 68.3, slope: 118 },
    ],
    ...over,
  };
}

async function save(body: Record<string, unknown> = course(), who = org) {
  const res = await who.client.post('/courses', body);
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number; [k: string]: unknown };
}

const paths = (res: { body: { error: { details: { path: unknown }[] } } }) => res.body.error.details.map((d) => d.path);

describe('POST /courses', () => {
  it('saves a course with its tees and answers its Location and ETag', async () => {
    const res = await org.client.post('/courses', course());
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/courses/${res.body.id}`);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.body).toMatchObject({ name: 'Heron Marsh', city: 'Saltby', country: 'Nowhere', lengthUnit: 'yd', version: 1 });
    expect(res.body.tees).toHaveLength(3);
    expect(res.body).not.toHaveProperty('ownerId');
    expect(res.body).not.toHaveProperty('_rev');
    expect((await org.client.get(`/courses/${res.body.id}`)).body).toEqual(res.body);
  });

  it.each([
    ['10 holes', () => course({ holes: course().holes.slice(0, 10) }), ['body', 'holes'], 'a course has 9 or 18 holes, not 10'],
    ['a repeated stroke index', () => course({ holes: course().holes.map((h, i) => (i === 4 ? { ...h, strokeIndex: 1 } : h)) }), ['body', 'holes', 4, 'strokeIndex'], 'stroke index 1 is already used by hole 3'],
    [
      '9 holes indexed outside 1–9, odd or even',
      () => course({ holes: course().holes.slice(0, 9).map((h, i) => ({ ...h, strokeIndex: i === 8 ? 18 : i + 1 })), tees: [{ name: 'Blue', gender: 'M', courseRating: 35.2, slope: 120 }] }),
      ['body', 'holes'],
      'a 9-hole course uses stroke indexes 1–9, or the odd (1, 3, …, 17) or the even (2, 4, …, 18) ones of an 18-hole card; these are 1, 2, 3, 4, 5, 6, 7, 8, 18',
    ],
    ['holes out of order', () => course({ holes: course().holes.map((h, i) => (i === 0 ? { ...h, number: 2 } : h)) }), ['body', 'holes', 0, 'number'], 'hole 1 must be numbered 1, not 2'],
    ['a tee par that is not the sum of the holes', () => course({ tees: [{ name: 'Blue', gender: 'M', courseRating: 71, slope: 129, par: 70 }] }), ['body', 'tees', 0, 'par'], 'tee Blue has par 70, but its holes add up to 72'],
    ['lengths for 9 of 18 holes', () => course({ tees: [{ name: 'Blue', gender: 'M', courseRating: 71, slope: 129, lengths: Array(9).fill(300) }] }), ['body', 'tees', 0, 'lengths'], 'tee Blue gives 9 hole lengths for 18 holes'],
    ['one tee twice for one gender', () => course({ tees: [course().tees[2], { ...course().tees[2], name: 'gold' }] }), ['body', 'tees', 1, 'name'], 'tee gold (X) is already tee 1'],
    ['a Slope Rating over 155', () => course({ tees: [{ name: 'Blue', gender: 'M', courseRating: 71, slope: 160 }] }), ['body', 'tees', 0, 'slope'], 'Slope Rating is at most 155'],
    ['no tees', () => course({ tees: [] }), ['body', 'tees'], 'a course has at least one tee'],
  ])('refuses %s with 400 naming the problem, and saves nothing', async (_label, body, path, message) => {
    const before = (await org.client.get('/courses')).body.items.length;
    const res = await org.client.post('/courses', body());
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ path, message }));
    expect((await org.client.get('/courses')).body.items.length).toBe(before);
  });

  it('lists every problem at once', async () => {
    const holes = course().holes.map((h, i) => (i === 5 ? { ...h, strokeIndex: 9 } : h));
    const res = await org.client.post('/courses', course({ name: '', holes, tees: [{ name: 'Blue', gender: 'Q', courseRating: 71, slope: 129 }, { name: 'Red', gender: 'F', courseRating: 74, slope: 130, par: 71 }] }));
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(
      expect.arrayContaining([['body', 'name'], ['body', 'holes', 5, 'strokeIndex'], ['body', 'holes'], ['body', 'tees', 0, 'gender'], ['body', 'tees', 1, 'par']]),
    );
  });
});

describe('GET /courses', () => {
  it('searches the caller’s courses by a part of the name in any case, sorted by name', async () => {
    const a = await save(course({ name: 'Zebra Downs Links' }));
    const b = await save(course({ name: 'Old Links Park' }));
    await save(course({ name: 'Quarry Hollow' }));
    await save(course({ name: 'Another Links' }), other);
    const res = await org.client.get('/courses?q=LINKS');
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
    expect((await org.client.get('/courses?q=links%20park')).body.items.map((c: { name: string }) => c.name)).toEqual(['Old Links Park']);
    expect((await org.client.get('/courses?q=nothing-like-it')).body.items).toEqual([]);
  });

  it('lists only the caller’s own courses', async () => {
    const mine = await save(course({ name: 'Mine Only' }), other);
    const theirs = (await org.client.get('/courses')).body.items.map((c: { id: string }) => c.id);
    expect(theirs).not.toContain(mine.id);
    expect((await other.client.get('/courses')).body.items.map((c: { id: string }) => c.id)).toContain(mine.id);
  });

  it('needs a dashboard token', async () => {
    expect((await org.client.as().get('/courses')).status).toBe(401);
  });
});

describe('courses of another organizer', () => {
  it.each([
    ['reads', (id: string) => other.client.get(`/courses/${id}`)],
    ['changes', (id: string) => other.client.patch(`/courses/${id}`, { name: 'Taken' })],
    ['deletes', (id: string) => other.client.delete(`/courses/${id}`)],
  ])('answer 404 when another organizer %s them, and stay as they were', async (_label, call) => {
    const c = await save();
    const res = await call(c.id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('course_not_found');
    expect((await org.client.get(`/courses/${c.id}`)).body).toEqual(c);
  });
});

describe('PATCH /courses/:courseId', () => {
  it('replaces the fields given, clears a null one and counts the version', async () => {
    const c = await save();
    const res = await org.client.patch(`/courses/${c.id}`, { name: 'Heron Marsh (new greens)', city: null, lengthUnit: 'm' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"2"');
    expect(res.body).toMatchObject({ name: 'Heron Marsh (new greens)', lengthUnit: 'm', version: 2, country: 'Nowhere' });
    expect(res.body).not.toHaveProperty('city');
    expect((await org.client.get(`/courses/${c.id}`)).body).toEqual(res.body);
  });

  it('checks the merged course: holes that leave a tee’s par and lengths behind are refused, nothing changes', async () => {
    const c = await save();
    const nine = course().holes.slice(0, 9).map((h, i) => ({ ...h, strokeIndex: i + 1 }));
    const res = await org.client.patch(`/courses/${c.id}`, { holes: nine });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(paths(res)).toEqual([['body', 'tees', 0, 'par'], ['body', 'tees', 0, 'lengths']]);
    expect((await org.client.get(`/courses/${c.id}`)).body).toEqual(c);
  });

  it('refuses an empty change and an unknown field', async () => {
    const c = await save();
    expect((await org.client.patch(`/courses/${c.id}`, {})).status).toBe(400);
    expect((await org.client.patch(`/courses/${c.id}`, { ownerId: 'someone' })).status).toBe(400);
  });

  it('honours If-Match: the current ETag passes, an old one answers 412 and changes nothing', async () => {
    const c = await save();
    const first = await org.client.patch(`/courses/${c.id}`, { name: 'First edit' }, { 'if-match': '"1"' });
    expect(first.status).toBe(200);
    const stale = await org.client.patch(`/courses/${c.id}`, { name: 'Lost edit' }, { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('precondition_failed');
    expect((await org.client.get(`/courses/${c.id}`)).body.name).toBe('First edit');
    expect((await org.client.patch(`/courses/${c.id}`, { name: 'Weak tag' }, { 'if-match': 'W/"2"' })).status).toBe(412);
    expect((await org.client.patch(`/courses/${c.id}`, { name: 'Any' }, { 'if-match': '*' })).status).toBe(200);
  });

  it('answers 404 for an unknown course', async () => {
    const res = await org.client.patch('/courses/nosuchcourse', { name: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('course_not_found');
  });
});

describe('DELETE /courses/:courseId', () => {
  it('deletes a course; a stale If-Match keeps it', async () => {
    const c = await save();
    expect((await org.client.delete(`/courses/${c.id}`, { 'if-match': '"7"' })).status).toBe(412);
    expect((await org.client.get(`/courses/${c.id}`)).status).toBe(200);
    expect((await org.client.delete(`/courses/${c.id}`, { 'if-match': '"1"' })).status).toBe(204);
    expect((await org.client.get(`/courses/${c.id}`)).status).toBe(404);
    expect((await org.client.delete(`/courses/${c.id}`)).status).toBe(404);
  });
});

describe('rounds from a saved course', () => {
  let tripId: string;
  beforeAll(async () => {
    tripId = (await org.client.post('/trips', tripBody())).body.id;
  });
  const roundCount = async () => (await org.client.get(`/trips/${tripId}/rounds`)).body.items.length as number;

  it('copies the course with all its tees; tee names rated for two genders are told apart', async () => {
    const c = await save();
    const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', courseId: c.id, defaultTee: 'Gold' });
    expect(res.status).toBe(201);
    expect(res.body.course).toEqual({
      name: 'Heron Marsh',
      holes: course().holes,
      tees: [
        { name: 'Blue (M)', courseRating: 71.4, slope: 129, par: 72, yards: 6660 },
        { name: 'Blue (F)', courseRating: 77.2, slope: 136, par: 72 },
        { name: 'Gold', courseRating: 68.3, slope: 118, par: 72 },
      ],
    });
    expect(res.body.defaultTee).toBe('Gold');
    expect(res.body).not.toHaveProperty('courseId');
  });

  it('copies one tee picked by name and gender, which becomes the default tee', async () => {
    const c = await save();
    const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', courseId: c.id, teeName: 'blue', teeGender: 'F' });
    expect(res.status).toBe(201);
    expect(res.body.course.tees).toEqual([{ name: 'Blue', courseRating: 77.2, slope: 136, par: 72 }]);
    expect(res.body.defaultTee).toBe('Blue');
  });

  it('keeps the frozen copy when the saved course is changed and then deleted', async () => {
    const c = await save();
    const round = (await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-12', courseId: c.id, teeName: 'Gold' })).body;
    const holes = course().holes.map((h) => ({ ...h, par: 4 }));
    const edit = await org.client.patch(`/courses/${c.id}`, { name: 'Renamed', holes, tees: [{ name: 'Gold', gender: 'X', courseRating: 66, slope: 110 }] });
    expect(edit.status).toBe(200);
    expect((await org.client.get(`/trips/${tripId}/rounds/${round.id}`)).body).toEqual(round);
    expect((await org.client.delete(`/courses/${c.id}`)).status).toBe(204);
    const after = (await org.client.get(`/trips/${tripId}/rounds/${round.id}`)).body;
    expect(after).toEqual(round);
    expect(after.course).toMatchObject({ name: 'Heron Marsh', tees: [{ name: 'Gold', courseRating: 68.3, slope: 118, par: 72 }] });
  });

  it.each([
    ['an unknown course', () => ({ courseId: 'nosuchcourse' }), 404, 'course_not_found', undefined],
    ['an unknown tee', (id: string) => ({ courseId: id, teeName: 'Purple' }), 422, 'unknown_tee', ['body', 'teeName']],
    ['a gender the tee is not rated for', (id: string) => ({ courseId: id, teeName: 'Gold', teeGender: 'F' }), 422, 'unknown_tee', ['body', 'teeGender']],
    ['a tee name rated for two genders without teeGender', (id: string) => ({ courseId: id, teeName: 'Blue' }), 422, 'tee_ambiguous', ['body', 'teeGender']],
    ['a course inline beside a courseId', (id: string) => ({ courseId: id, course: { name: 'x', holes: course().holes, tees: [{ name: 'T', courseRating: 70, slope: 120 }] } }), 400, 'validation_failed', ['body', 'courseId']],
    ['a teeName without a courseId', () => ({ teeName: 'Blue' }), 400, 'validation_failed', ['body', 'teeName']],
    ['a default tee the copied tees lack', (id: string) => ({ courseId: id, teeName: 'Gold', defaultTee: 'Blue' }), 422, 'unknown_tee', ['body', 'defaultTee']],
  ])('refuses %s and creates no round', async (_label, extra, status, code, path) => {
    const c = await save();
    const before = await roundCount();
    const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-13', ...extra(c.id) });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    if (path) expect(paths(res)).toContainEqual(path);
    expect(await roundCount()).toBe(before);
  });

  it('refuses to copy more tees than a round holds (10), and copies one of them when picked', async () => {
    const tees = Array.from({ length: 11 }, (_, i) => ({ name: `Tee ${i + 1}`, gender: 'X', courseRating: 60 + i, slope: 100 + i }));
    const c = await save(course({ tees }));
    const before = await roundCount();
    const all = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-13', courseId: c.id });
    expect(all.status).toBe(422);
    expect(all.body.error.code).toBe('unprocessable');
    expect(all.body.error.message).toMatch(/pick one with teeName/);
    expect(await roundCount()).toBe(before);
    const one = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-13', courseId: c.id, teeName: 'tee 11' });
    expect(one.status).toBe(201);
    expect(one.body.course.tees).toEqual([{ name: 'Tee 11', courseRating: 70, slope: 110, par: 72 }]);
  });

  it('does not take another organizer’s course', async () => {
    const theirs = await save(course(), other);
    const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-13', courseId: theirs.id });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('course_not_found');
  });

  it('still takes an inline course', async () => {
    const inline = { name: 'Pasture Nine', holes: course().holes.slice(0, 9).map((h, i) => ({ ...h, strokeIndex: 2 * i + 2 })), tees: [{ name: 'Green', courseRating: 33.9, slope: 112 }] };
    const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-13', course: inline, defaultTee: 'Green' });
    expect(res.status).toBe(201);
    expect(res.body.course).toEqual(inline);
  });
});

describe('OpenAPI', () => {
  it('documents the course routes and the round body’s courseId', async () => {
    const doc = (await org.client.get('/openapi.json')).body;
    expect(Object.keys(doc.paths['/courses'])).toEqual(['post', 'get']);
    expect(Object.keys(doc.paths['/courses/{courseId}'])).toEqual(['get', 'patch', 'delete']);
    expect(doc.paths['/courses/{courseId}'].patch.responses).toHaveProperty('412');
    const body = doc.paths['/trips/{tripId}/rounds'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['course', 'courseId', 'teeName', 'teeGender']));
  });
});
