import { z } from 'zod';
import { CourseListQuery, CourseParams, CreateCourseBody, PatchCourseBody, SavedCourse } from '../../shared/schemas/course-library.js';
import { defineRoute } from '../http/route.js';
import { courseEtag, createCourse, deleteCourse, getCourse, listCourses, patchCourse, presentCourse } from './courses.service.js';

const tags = ['Courses'];

const RULES =
  'A course has 9 or 18 holes numbered 1..n; stroke indexes are each used once: 1–18 on 18 holes; 1–9, or the odd or the even ones of an ' +
  '18-hole card, on 9 holes (WHS Appendix E). A tee is a name and the gender it is rated for (M, F, or X for everyone), unique together; its par, ' +
  'when given, is the sum of the hole pars; its lengths, when given, one per hole in `lengthUnit`. Every broken rule is listed at once in ' +
  '`details` of a 400 `validation_failed`.';

const withEtag = (c: z.infer<typeof SavedCourse>) => ({ ETag: courseEtag(c) });

export const courseRoutes = [
  defineRoute({
    method: 'post',
    path: '/courses',
    auth: 'dashboard',
    summary: 'Save a course to your library',
    description: `Courses belong to the organizer account that saves them, to reuse across trips and rounds. ${RULES}`,
    tags,
    body: CreateCourseBody,
    responses: { 201: { description: 'The saved course, with `ETag` and `Location`', schema: SavedCourse } },
    handler: async ({ auth, body, deps }) => {
      const course = presentCourse(await createCourse(deps, auth, body));
      return { status: 201, headers: { Location: `/courses/${course.id}`, ...withEtag(course) }, body: course };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/courses',
    auth: 'dashboard',
    summary: 'List or search your courses by name',
    description: '`q` keeps the courses whose name contains it, in any case. Sorted by name. Only your own courses are listed.',
    tags,
    query: CourseListQuery,
    responses: { 200: { description: 'Courses', schema: z.object({ items: z.array(SavedCourse) }) } },
    handler: async ({ auth, query, deps }) => ({ body: { items: (await listCourses(deps, auth, query.q)).map(presentCourse) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/courses/:courseId',
    auth: 'dashboard',
    summary: 'Read a course of your library',
    description: "Another organizer's course answers 404 like one that does not exist. The `ETag` names its version, for `If-Match`.",
    tags,
    params: CourseParams,
    responses: { 200: { description: 'The course', schema: SavedCourse } },
    errors: ['course_not_found'],
    handler: async ({ auth, params, deps }) => {
      const course = presentCourse(await getCourse(deps, auth, params.courseId));
      return { headers: withEtag(course), body: course };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/courses/:courseId',
    auth: 'dashboard',
    summary: 'Change a course of your library',
    description:
      'Each field given replaces the stored one whole (`holes` and `tees` are lists); `null` clears location, city or country. The changed ' +
      `course must pass every rule of a new one. ${RULES} Send \`If-Match\` with the ETag read to refuse an edit made over someone else's ` +
      '(412 `precondition_failed`). Rounds already created from the course keep their copy: nothing changes on them.',
    tags,
    params: CourseParams,
    body: PatchCourseBody,
    responses: { 200: { description: 'The course, its version one higher', schema: SavedCourse } },
    errors: ['course_not_found', 'precondition_failed', 'revision_conflict'],
    handler: async ({ auth, params, body, ctx, deps }) => {
      const course = presentCourse(await patchCourse(deps, auth, params.courseId, body, ctx.get('if-match') || undefined));
      return { headers: withEtag(course), body: course };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/courses/:courseId',
    auth: 'dashboard',
    summary: 'Delete a course of your library',
    description: 'Rounds created from it keep their copy of the course. `If-Match` is honoured as on PATCH.',
    tags,
    params: CourseParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['course_not_found', 'precondition_failed', 'revision_conflict'],
    handler: async ({ auth, params, ctx, deps }) => {
      await deleteCourse(deps, auth, params.courseId, ctx.get('if-match') || undefined);
      return { status: 204 };
    },
  }),
];
