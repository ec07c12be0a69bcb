/**
 * The organizer's course library (`/courses`): one query for the list, one per course, a mutation per write. The
 * library belongs to the account, not to a trip, so its keys sit beside the trips' (`['courses']`), and every trip's
 * Courses and Rounds tabs read the same entries.
 */
import type { z } from 'zod';
import type { CreateCourseBody, PatchCourseBody, SavedCourse as SavedCourseSchema } from '../../../shared/schemas/course-library.js';
import { useMutation, useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';

export type SavedCourse = z.infer<typeof SavedCourseSchema>;

export const courseKeys = {
  all: () => ['courses'] as const,
  list: () => ['courses', 'list'] as const,
  one: (courseId: string) => ['courses', 'one', courseId] as const,
};

const path = (courseId: string) => `/courses/${encodeURIComponent(courseId)}`;

export function useCourses() {
  const { api } = useServices();
  return useQuery(courseKeys.list(), () => api.get<{ items: SavedCourse[] }>('/courses'));
}

export function useCourse(courseId: string, enabled = true) {
  const { api } = useServices();
  return useQuery(courseKeys.one(courseId), () => api.get<SavedCourse>(path(courseId)), { enabled });
}

export function useCreateCourse() {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof CreateCourseBody>) => api.post<SavedCourse>('/courses', body),
    async (course, c) => {
      c.set(courseKeys.one(course.id), course);
      await c.invalidate(courseKeys.list());
    },
  );
}

export function usePatchCourse(courseId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof PatchCourseBody>) => api.patch<SavedCourse>(path(courseId), body),
    async (course, c) => {
      c.set(courseKeys.one(courseId), course);
      await c.invalidate(courseKeys.list());
    },
  );
}

export function useDeleteCourse() {
  const { api } = useServices();
  return useMutation(
    (courseId: string) => api.delete(path(courseId)),
    async (_r, c, courseId) => {
      c.remove(courseKeys.one(courseId));
      await c.invalidate(courseKeys.list());
    },
  );
}
