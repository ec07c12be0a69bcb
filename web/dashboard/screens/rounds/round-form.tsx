/**
 * Making a round from a library course (`POST /trips/:tripId/rounds` with `courseId` and the tee), and changing
 * a round (`PATCH`, only what its state lets change). Both are checked with the API's own schemas before sending.
 */
import { CreateRoundRequest, courseForRound } from '../../../../shared/schemas/course-library.js';
import { EDITABLE_IN_STATE, formatAllowance } from '../../../../shared/domain/rounds.js';
import { PatchRoundBody, RoundFormat } from '../../../../shared/schemas/round.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { useCourses, type SavedCourse } from '../../api/courses.js';
import { useAllPlayers, useCreateRound, usePatchRound, useRounds, type Round } from '../../api/rounds.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { QueryView } from '../../ui/query-view.js';
import { FORMAT_WORDS } from './round-words.js';
import { firstTee, newRoundDefaults, teeValue, type NewValues } from './round-defaults.js';

const labels: Record<string, string> = {
  name: 'Round name',
  date: 'Date',
  startTime: 'First tee time',
  courseId: 'Course',
  course: 'Course',
  teeName: 'Tees',
  teeGender: 'Tees',
  defaultTee: 'Tees',
  format: 'Format',
  playerIds: 'Players',
};

const formatOptions = RoundFormat.options.map((f) => ({ value: f, label: `${FORMAT_WORDS[f]} — allowance ${formatAllowance(f)} %` }));
const GENDER: Record<string, string> = { M: 'men', F: 'women', X: 'everyone' };
/** A round holds at most 10 tees (the Course schema): a saved course with more gives the round the one chosen only. */
const ROUND_TEES = 10;


export function NewRoundForm({ trip, onDone, onCancel }: { trip: Trip; onDone: (r: Round) => void; onCancel: () => void }) {
  const courses = useCourses();
  const rounds = useRounds(trip.id);
  return (
    <QueryView query={courses} loading="Loading your courses…">
      {(list) => (
        <QueryView query={rounds} loading="Loading the rounds…">
          {(data) => <NewRoundFields trip={trip} library={list.items} defaults={newRoundDefaults(trip, data.items, list.items)} onDone={onDone} onCancel={onCancel} />}
        </QueryView>
      )}
    </QueryView>
  );
}

function NewRoundFields({ trip, library, defaults, onDone, onCancel }: { trip: Trip; library: SavedCourse[]; defaults: Pick<NewValues, 'date' | 'courseId' | 'tee'>; onDone: (r: Round) => void; onCancel: () => void }) {
  const players = useAllPlayers(trip.id);
  const create = useCreateRound(trip.id);
  const form = useForm<NewValues>({ name: '', startTime: '', format: 'stroke_play', allPlayers: true, ...defaults }, labels, 'round');
  const v = form.values;
  const list = { items: library };
  return (
    <>
      {(() => {
        const course = list.items.find((c) => c.id === v.courseId);
        const playerCount = players.data?.length ?? 0;
        return (
          <form
            class="card"
            noValidate
            aria-labelledby="new-round-title"
            onSubmit={(e) => {
              e.preventDefault();
              const [teeName, teeGender] = v.tee ? v.tee.split('|') : [undefined, undefined];
              const body: Record<string, unknown> = { date: v.date || undefined, format: v.format };
              if (v.name.trim()) body.name = v.name;
              if (v.startTime) body.startTime = v.startTime;
              if (v.courseId) body.courseId = v.courseId;
              // Every tee comes onto the round (a player's own tees are chosen on the round's page); the one chosen is the
              // default, by the name the round's copy gives it ("Red (F)" beside a men's Red).
              const at = course && teeName ? course.tees.findIndex((t) => t.name === teeName && t.gender === teeGender) : -1;
              if (course && at >= 0 && course.tees.length <= ROUND_TEES) body.defaultTee = courseForRound(course, course.tees).tees[at]!.name;
              else if (teeName) Object.assign(body, { teeName, teeGender });
              if (v.allPlayers) body.playerIds = (players.data ?? []).map((p) => p.id);
              void form.submit((b) => CreateRoundRequest.safeParse(b), body, async (parsed) => onDone(await create.run(parsed)));
            }}
          >
            <h2 id="new-round-title">New round</h2>
            <FormProblems form={form} labels={labels} />
            {list.items.length === 0 ? (
              <p class="notice warn">
                Your course library is empty. <a href={href('tripCourses', { tripId: trip.id }, { course: 'new' })}>Add a course</a> first, then make the round from it.
              </p>
            ) : null}
            <div class="form-grid">
              <TextField id={form.idOf('name')} label="Round name" hint="Optional: “Round on <date>” otherwise." value={v.name} onValue={(s) => form.set('name', s)} errors={form.errorsAt('name')} maxLength={120} />
              <TextField id={form.idOf('date')} label="Date" type="date" value={v.date} onValue={(s) => form.set('date', s)} errors={form.errorsAt('date')} />
              <SelectField
                id={form.idOf('courseId')}
                label="Course"
                value={v.courseId}
                onValue={(s) => (form.set('courseId', s), form.set('tee', firstTee(list.items.find((c) => c.id === s))))}
                options={[{ value: '', label: 'Choose a course of your library' }, ...list.items.map((c) => ({ value: c.id, label: `${c.name} (${c.holes.length} holes)` }))]}
                errors={form.errorsAt('courseId') ?? form.errorsAt('course')}
                hint={
                  <>
                    The round keeps its own copy. <a href={href('tripCourses', { tripId: trip.id })}>Manage your courses</a>
                  </>
                }
              />
              <SelectField
                id={form.idOf('teeName')}
                label="Tees"
                value={v.tee}
                onValue={(s) => form.set('tee', s)}
                options={[
                  ...(course && course.tees.length > 1 ? [] : [{ value: '', label: course ? 'The course’s tee' : 'Choose a course first' }]),
                  ...(course?.tees ?? []).map((t) => ({ value: teeValue(t), label: `${t.name} (${GENDER[t.gender]}) — ${t.courseRating} / ${t.slope}` })),
                ]}
                errors={form.errorsAt('teeName') ?? form.errorsAt('teeGender') ?? form.errorsAt('defaultTee')}
                hint="The round's tees: everyone plays them unless given other tees on the round's page. Their Course Rating and Slope Rating give each player's Course Handicap."
              />
              <SelectField
                id={form.idOf('format')}
                label="Format"
                value={v.format}
                onValue={(s) => form.set('format', s)}
                options={formatOptions}
                errors={form.errorsAt('format')}
                hint="The handicap allowance (WHS Appendix C) comes with the format: the Playing Handicap is that share of the Course Handicap."
              />
              <TextField id={form.idOf('startTime')} label="First tee time" type="time" hint="Optional; local time at the course." value={v.startTime} onValue={(s) => form.set('startTime', s)} errors={form.errorsAt('startTime')} />
            </div>
            <CheckboxField
              id={form.idOf('playerIds')}
              label={players.data ? `All ${playerCount} players of the trip play this round` : 'All players of the trip play this round'}
              checked={v.allPlayers}
              onValue={(b) => form.set('allPlayers', b)}
              hint="Groups and tee times come from Pairings; a player placed in a group plays the round too."
            />
            {form.errorsAt('playerIds') ? <p class="field-error">{form.errorsAt('playerIds')!.join(' ')}</p> : null}
            <div class="actions">
              <button type="submit" disabled={form.busy || !players.data}>
                {form.busy ? 'Creating…' : 'Create round'}
              </button>
              <button type="button" class="secondary" onClick={onCancel}>
                Cancel
              </button>
            </div>
          </form>
        );
      })()}
    </>
  );
}

type EditValues = { name: string; date: string; startTime: string; format: string; defaultTee: string };

export function EditRoundForm({ tripId, round, onDone }: { tripId: string; round: Round; onDone: () => void }) {
  const patch = usePatchRound(tripId, round.id);
  const editable = EDITABLE_IN_STATE[round.state];
  const form = useForm<EditValues>({ name: round.name, date: round.date, startTime: round.startTime ?? '', format: round.format, defaultTee: round.defaultTee ?? '' }, labels, 'edit-round');
  const v = form.values;
  return (
    <form
      class="card"
      noValidate
      aria-labelledby="edit-round-title"
      onSubmit={(e) => {
        e.preventDefault();
        const body: Record<string, unknown> = {};
        if (v.name !== round.name) body.name = v.name;
        if (editable.has('date') && v.date !== round.date) body.date = v.date || undefined;
        if (editable.has('startTime') && v.startTime !== (round.startTime ?? '')) body.startTime = v.startTime || null;
        if (editable.has('format') && v.format !== round.format) body.format = v.format;
        if (editable.has('defaultTee') && v.defaultTee !== (round.defaultTee ?? '')) body.defaultTee = v.defaultTee || null;
        if (!Object.keys(body).length) return onDone();
        void form.submit((b) => PatchRoundBody.safeParse(b), body, async (parsed) => {
          await patch.run(parsed);
          onDone();
        });
      }}
    >
      <h3 id="edit-round-title">Change the round</h3>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <TextField id={form.idOf('name')} label="Round name" value={v.name} onValue={(s) => form.set('name', s)} errors={form.errorsAt('name')} maxLength={120} />
        {editable.has('date') ? <TextField id={form.idOf('date')} label="Date" type="date" value={v.date} onValue={(s) => form.set('date', s)} errors={form.errorsAt('date')} /> : null}
        {editable.has('startTime') ? (
          <TextField id={form.idOf('startTime')} label="First tee time" type="time" value={v.startTime} onValue={(s) => form.set('startTime', s)} errors={form.errorsAt('startTime')} />
        ) : null}
        {editable.has('format') ? <SelectField id={form.idOf('format')} label="Format" value={v.format} onValue={(s) => form.set('format', s)} options={formatOptions} errors={form.errorsAt('format')} /> : null}
        {editable.has('defaultTee') && round.course ? (
          <SelectField
            id={form.idOf('defaultTee')}
            label="Tees"
            value={v.defaultTee}
            onValue={(s) => form.set('defaultTee', s)}
            options={[{ value: '', label: round.course.tees.length > 1 ? 'Not chosen yet' : 'The course’s tee' }, ...round.course.tees.map((t) => ({ value: t.name, label: `${t.name} — ${t.courseRating} / ${t.slope}` }))]}
            errors={form.errorsAt('defaultTee')}
            hint="The tees everyone plays (their ratings give each Course Handicap)."
          />
        ) : null}
      </div>
      {round.state !== 'draft' ? <p class="muted small">A {round.state === 'in_progress' ? 'round in play' : `${round.state} round`} keeps its course, format and players; take it back to draft (before any score) to change them. Players' tees are chosen in the handicap table.</p> : null}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
