/**
 * The organizer's course library, inside a trip (the Courses tab) but belonging to the account: the same courses
 * show in every trip, and a round copies the one it is made from. `?course=new` or `?course=<id>` opens the editor,
 * so an open editor survives a reload and can be linked to.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { describeFailure } from '../../api/errors.js';
import { useCourse, useCourses, useDeleteCourse, type SavedCourse } from '../../api/courses.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { CourseEditor } from './course-editor.js';

const par = (c: SavedCourse) => c.holes.reduce((s, h) => s + h.par, 0);
const GENDER: Record<string, string> = { M: 'men', F: 'women', X: 'everyone' };

export function CoursesScreen({ trip, query }: TripScreenProps) {
  const editing = query.get('course');
  const back = () => navigate(href('tripCourses', { tripId: trip.id }));
  const [saved, setSaved] = useState<string | null>(null);
  if (editing === 'new') return <CourseEditor onDone={(c) => (setSaved(`${c.name} is saved in your library.`), back())} onCancel={back} />;
  if (editing) return <EditCourse courseId={editing} onDone={(c) => (setSaved(`${c.name} is saved.`), back())} onCancel={back} />;
  return <CourseList tripId={trip.id} saved={saved} />;
}

function EditCourse({ courseId, onDone, onCancel }: { courseId: string; onDone: (c: SavedCourse) => void; onCancel: () => void }) {
  const course = useCourse(courseId);
  return <QueryView query={course} loading="Loading the course…">{(c) => <CourseEditor key={`${c.id}-${c.version}`} course={c} onDone={onDone} onCancel={onCancel} />}</QueryView>;
}

function CourseList({ tripId, saved }: { tripId: string; saved: string | null }) {
  const courses = useCourses();
  const remove = useDeleteCourse();
  const [confirm, setConfirm] = useState<SavedCourse | null>(null);
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Your courses</h2>
          <p class="muted">Your own library: the same courses in every trip you organize. A round copies its course when it is made, so editing or deleting one here changes no round.</p>
        </div>
        <a class="button" href={href('tripCourses', { tripId }, { course: 'new' })}>
          New course
        </a>
      </div>
      {saved ? (
        <p class="notice" role="status">
          {saved}
        </p>
      ) : null}
      <QueryView query={courses} loading="Loading your courses…">
        {(list) =>
          list.items.length === 0 ? (
            <div class="card empty">
              <h3>No courses yet</h3>
              <p>Add a course once, with its holes and tees; every round of every trip can then be made from it.</p>
            </div>
          ) : (
            <div class="table-wrap">
              <table class="table" aria-label="Your courses">
                <thead>
                  <tr>
                    <th scope="col">Course</th>
                    <th scope="col" class="hide-narrow">Where</th>
                    <th scope="col">Holes</th>
                    <th scope="col">Par</th>
                    <th scope="col">Tees</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <a href={href('tripCourses', { tripId }, { course: c.id })}>{c.name}</a>
                      </td>
                      <td class="hide-narrow">{[c.location, c.city, c.country].filter(Boolean).join(', ') || '—'}</td>
                      <td>{c.holes.length}</td>
                      <td>{par(c)}</td>
                      <td>{c.tees.map((t) => `${t.name} (${GENDER[t.gender]}) ${t.courseRating}/${t.slope}`).join(' · ')}</td>
                      <td class="row-actions">
                        <a class="button secondary" href={href('tripCourses', { tripId }, { course: c.id })} aria-label={`Edit ${c.name}`}>
                          Edit
                        </a>{' '}
                        <button type="button" class="secondary" onClick={() => setConfirm(c)} aria-label={`Delete ${c.name}`}>
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
      <Dialog id="delete-course" open={!!confirm} title={`Delete ${confirm?.name ?? 'this course'}?`} onClose={() => setConfirm(null)}>
        <p>It leaves your library. Rounds already made from it keep their own copy of the course, with its holes and tees: their handicaps and results do not change.</p>
        {remove.error ? (
          <p class="notice error" role="alert">
            {describeFailure(remove.error)}
          </p>
        ) : null}
        <div class="actions">
          <button type="button" class="danger" disabled={remove.pending} onClick={() => void remove.run(confirm!.id).then(() => setConfirm(null), () => undefined)}>
            Delete the course
          </button>
          <button type="button" class="secondary" onClick={() => setConfirm(null)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </>
  );
}
