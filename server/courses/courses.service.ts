import { createHash } from 'node:crypto';
import {
  CreateCourseBody,
  courseForRound,
  teesNamed,
  type CreateRoundRequest,
  type PatchCourseBody,
  type SavedCourse,
  type SavedCourseDoc,
} from '../../shared/schemas/course-library.js';
import { Course } from '../../shared/schemas/course.js';
import type { CreateRoundBody } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import type { DashboardPrincipal } from '../http/auth.js';
import { AppError, zodDetails } from '../http/errors.js';
import { StoreConflictError, type StoredDoc } from '../store/docstore.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';

type Stored = SavedCourseDoc & StoredDoc;

/**
 * Saved courses live in the registry, one document per course, under their owner: `course:<ownerKey>:<courseId>`.
 * The owner key is a fixed-length lowercase hex digest of the account id (a token subject may hold any character,
 * and CouchDB collates ids case-insensitively first), so one owner's courses are one range of the primary index and
 * a course id of another owner simply is not there (404). Lists still check `ownerId`.
 */
const ownerKey = (ownerId: string) => createHash('sha256').update(ownerId).digest('hex').slice(0, 32);
const ownerPrefix = (ownerId: string) => `course:${ownerKey(ownerId)}:`;
export const courseDocId = (ownerId: string, courseId: string) => `${ownerPrefix(ownerId)}${courseId}`;

/** The REST shape: no storage fields, no owner. */
export function presentCourse(doc: Stored): SavedCourse {
  const { _id, _rev, _conflicts, _deleted, type, ownerId, ...rest } = doc;
  return rest as SavedCourse;
}

/** The entity tag of a course version (RFC 9110 §8.8.3), sent as `ETag` and compared with `If-Match`. */
export const courseEtag = (c: Pick<SavedCourse, 'version'>) => `"${c.version}"`;

/**
 * `If-Match` (RFC 9110 §13.1.1): `*` or a list of entity tags, compared strongly (a weak tag never matches). An
 * absent header means no precondition; a failed one answers 412 and changes nothing.
 */
export function checkIfMatch(header: string | undefined, course: Pick<SavedCourse, 'version'>): void {
  if (header === undefined || header.trim() === '') return;
  if (header.trim() === '*') return;
  const tags = header.split(',').map((t) => t.trim());
  if (!tags.includes(courseEtag(course))) {
    throw new AppError('precondition_failed', `the course is at version ${course.version} (ETag ${courseEtag(course)}), not the one If-Match names; read it again`);
  }
}

export async function listCourses(deps: AppDeps, who: DashboardPrincipal, q?: string): Promise<Stored[]> {
  const docs = await docsWithPrefix<Stored>(deps.store.registry, ownerPrefix(who.sub));
  const needle = q?.toLowerCase();
  return docs
    .filter((d) => d.ownerId === who.sub && (!needle || d.name.toLowerCase().includes(needle)))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

export async function getCourse(deps: AppDeps, who: DashboardPrincipal, courseId: string): Promise<Stored> {
  const doc = await deps.store.registry.get<Stored>(courseDocId(who.sub, courseId));
  if (!doc || doc.type !== 'course' || doc.ownerId !== who.sub) throw new AppError('course_not_found', `no course ${courseId} in your library`);
  return doc;
}

export async function createCourse(deps: AppDeps, who: DashboardPrincipal, body: CreateCourseBody): Promise<Stored> {
  const id = deps.newId();
  const now = deps.now().toISOString();
  const doc: Stored = { _id: courseDocId(who.sub, id), type: 'course', ownerId: who.sub, id, ...body, version: 1, createdAt: now, updatedAt: now };
  const { rev } = await deps.store.registry.put(doc);
  return { ...doc, _rev: rev };
}

/**
 * Replaces the fields given (`null` clears an optional text) and checks the merged course against every rule of a
 * new one, so a change of holes that leaves a tee's par or lengths behind is refused (400, all problems listed).
 */
export async function patchCourse(deps: AppDeps, who: DashboardPrincipal, courseId: string, patch: PatchCourseBody, ifMatch?: string): Promise<Stored> {
  const current = await getCourse(deps, who, courseId);
  checkIfMatch(ifMatch, current);
  const merged: Record<string, unknown> = { ...presentCourse(current) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...fields } = merged;
  const checked = CreateCourseBody.safeParse(fields);
  if (!checked.success) {
    const details = zodDetails(checked.error, ['body']);
    throw new AppError('validation_failed', `the changed course breaks a rule: ${details[0]!.message}`, details);
  }
  const now = deps.now().toISOString();
  const updated = await updateDoc<Stored>(deps.store.registry, current._id, (doc) => {
    if (doc._rev !== current._rev) throw new AppError('revision_conflict', 'the course changed while this edit was checked; read it again and retry');
    const { location: _l, city: _ci, country: _co, ...kept } = doc;
    return { ...kept, ...checked.data, version: doc.version + 1, updatedAt: now };
  });
  if (!updated) throw new AppError('course_not_found', `no course ${courseId} in your library`);
  return updated;
}

export async function deleteCourse(deps: AppDeps, who: DashboardPrincipal, courseId: string, ifMatch?: string): Promise<void> {
  const current = await getCourse(deps, who, courseId);
  checkIfMatch(ifMatch, current);
  try {
    await deps.store.registry.remove(current._id, current._rev!);
  } catch (err) {
    if (err instanceof StoreConflictError) throw new AppError('revision_conflict', 'the course changed while it was being deleted; read it again and retry');
    throw err;
  }
}

/**
 * The round body with its course resolved: a `courseId` becomes a copy of the caller's saved course (all its tees,
 * or the one `teeName`/`teeGender` picks, which then is the default tee unless one is given), frozen on the round so
 * later edits of the library change no past result. Without `courseId` the body passes through.
 */
export async function resolveRoundCourse(deps: AppDeps, who: DashboardPrincipal, body: CreateRoundRequest): Promise<CreateRoundBody> {
  const { courseId, teeName, teeGender, ...round } = body;
  if (!courseId) return round;
  const saved = await getCourse(deps, who, courseId);
  let tees = saved.tees;
  if (teeName) {
    tees = teesNamed(saved.tees, teeName, teeGender);
    const wanted = `${teeName}${teeGender ? ` (${teeGender})` : ''}`;
    if (tees.length === 0) {
      const offered = saved.tees.map((t) => `${t.name} (${t.gender})`).join(', ');
      throw new AppError('unknown_tee', `course ${saved.name} has no tee ${wanted}; its tees are ${offered}`, [
        { path: ['body', teeGender ? 'teeGender' : 'teeName'], code: 'unknown_tee', message: `no tee ${wanted} on course ${saved.name}` },
      ]);
    }
    if (tees.length > 1) {
      throw new AppError('tee_ambiguous', `tee ${teeName} of course ${saved.name} is rated for ${tees.map((t) => t.gender).join(' and ')}: give teeGender`, [
        { path: ['body', 'teeGender'], code: 'tee_ambiguous', message: `give teeGender: one of ${tees.map((t) => t.gender).join(', ')}` },
      ]);
    }
  }
  const course = Course.safeParse(courseForRound(saved, tees));
  if (!course.success) {
    // A saved course may hold more tees than a round's course (20 against 10), and a name the copy disambiguates may
    // meet a saved one ("Red (F)" saved beside "Red" for F and M): picking one tee always copies.
    const details = zodDetails(course.error, ['course']);
    throw new AppError('unprocessable', `course ${saved.name} cannot be copied onto a round with all its tees (${details[0]!.message}): pick one with teeName`, details);
  }
  const defaultTee = round.defaultTee ?? (teeName ? course.data.tees[0]!.name : undefined);
  return { ...round, course: course.data, ...(defaultTee ? { defaultTee } : {}) };
}
