/**
 * Trip reports (the Reports tab): what may be uploaded (the server's limits, said before choosing a file), a new
 * report (`?report=new`), the list with each report's facts, and one report (`?report=<id>`) as golfers will see
 * it, with its change and deletion. Each view has its own address.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { formatInstant } from '../../../common/format.js';
import { useDeleteReport, useReports, type Report } from '../../api/reports.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { flash } from '../../ui/flash.js';
import { QueryView } from '../../ui/query-view.js';
import { LIMITS, sizeInWords } from './limits.js';
import { ReportForm } from './report-form.js';
import { GolferView } from './report-view.js';

const KIND_WORDS = { html: 'HTML page', audio: 'Recording' } as const;

export function ReportsScreen({ trip, query }: TripScreenProps) {
  const open = query.get('report');
  const tripId = trip.id;
  const reports = useReports(tripId);
  const list = () => navigate(href('tripReports', { tripId }));
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Trip reports</h2>
          <p class="muted">A recap page or a recording for everyone on the trip. Golfers find them in their app under Trip → Reports; they can read and listen, not change them.</p>
        </div>
        {open !== 'new' ? (
          <div class="actions">
            <a class="button" href={href('tripReports', { tripId }, { report: 'new' })}>
              Add a report
            </a>
          </div>
        ) : null}
      </div>
      {/* On the list and the new report; a report's own view says its file's facts, and its form the limits again. */}
      {!open || open === 'new' ? <Limits /> : null}
      {open === 'new' ? (
        <ReportForm
          tripId={tripId}
          onDone={(r) => {
            flash(`“${r.title}” is on the trip.`);
            navigate(href('tripReports', { tripId }, { report: r.id }));
          }}
          onCancel={list}
        />
      ) : null}
      <QueryView query={reports} loading="Loading the reports…">
        {(all) => {
          const shown = open && open !== 'new' ? all.find((r) => r.id === open) : undefined;
          if (open && open !== 'new' && !shown) {
            return (
              <div class="notice warn" role="status">
                <p>This report is no longer on the trip.</p>
                <a href={href('tripReports', { tripId })}>All reports</a>
              </div>
            );
          }
          if (shown) return <ReportDetail key={shown.id} tripId={tripId} zone={trip.timezone} report={shown} />;
          return <ReportList tripId={tripId} zone={trip.timezone} reports={all} />;
        }}
      </QueryView>
    </>
  );
}

function Limits() {
  return (
    <details class="card report-limits">
      <summary>
        <strong>What you can upload:</strong> {LIMITS.html.formats} up to {LIMITS.html.words}, or {LIMITS.audio.formats} up to {LIMITS.audio.words}.
      </summary>
      <ul class="plain-list">
        <li>The server checks what the file really is, not its name: a photo renamed “.mp3” is refused.</li>
        <li>An HTML page must be one file of UTF-8 text; pictures it links to on the web show, pictures on your computer do not.</li>
        <li>Pages open without scripts, so what a script would draw (a chart, a slideshow) does not show: save it as a picture in the page.</li>
        <li>Recordings are played from the server when a golfer opens them; they are never copied onto the phones with the trip.</li>
      </ul>
    </details>
  );
}

function ReportList({ tripId, zone, reports }: { tripId: string; zone: string; reports: Report[] }) {
  if (reports.length === 0) {
    return (
      <div class="card empty">
        <h3>No reports yet</h3>
        <p>Upload a recap page after a round, or a recording of the prize-giving, for the golfers to open in their app.</p>
      </div>
    );
  }
  return (
    <ul class="report-list" aria-label="Reports">
      {reports.map((r) => (
        <li key={r.id} class="card report-item">
          <div>
            <h3>
              <a href={href('tripReports', { tripId }, { report: r.id })}>{r.title}</a>
            </h3>
            <p class="muted small">
              <span class={`badge ${r.kind === 'audio' ? 'amber' : 'green'}`}>{KIND_WORDS[r.kind]}</span> {r.originalName} · {sizeInWords(r.size)} · added {formatInstant(r.createdAt, zone)}
              {r.updatedAt !== r.createdAt ? ` · changed ${formatInstant(r.updatedAt, zone)}` : ''}
            </p>
            {r.description ? <p class="report-desc">{r.description}</p> : null}
          </div>
          <a class="button secondary" href={href('tripReports', { tripId }, { report: r.id })}>
            See it as golfers do<span class="visually-hidden">: {r.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function ReportDetail({ tripId, zone, report }: { tripId: string; zone: string; report: Report }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReport(tripId);
  return (
    <section aria-labelledby="report-title">
      <p class="crumbs">
        <a href={href('tripReports', { tripId })}>All reports</a>
      </p>
      <div class="page-head">
        <h3 id="report-title" class="report-title">
          {report.title} <span class={`badge ${report.kind === 'audio' ? 'amber' : 'green'}`}>{KIND_WORDS[report.kind]}</span>
        </h3>
        <div class="actions">
          {!editing ? (
            <button type="button" class="secondary" onClick={() => setEditing(true)}>
              Change
            </button>
          ) : null}
          <button type="button" class="secondary" onClick={() => setDeleting(true)}>
            Delete…
          </button>
        </div>
      </div>
      <p class="muted small">
        {report.originalName} · {sizeInWords(report.size)} · added {formatInstant(report.createdAt, zone)}
        {report.updatedAt !== report.createdAt ? ` · changed ${formatInstant(report.updatedAt, zone)}` : ''}
      </p>
      {editing ? <ReportForm tripId={tripId} report={report} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} /> : null}
      <GolferView report={report} />
      <Dialog open={deleting} id="delete-report" title={`Delete “${report.title}”?`} onClose={() => setDeleting(false)}>
        <p>The report and its file leave the trip: golfers no longer see it in their app, and links to it stop working. This cannot be undone; keep a copy of the file if you may want it again.</p>
        <ConfirmActions
          error={remove.error}
          pending={remove.pending}
          confirm="Delete the report"
          pendingLabel="Deleting…"
          cancel="Keep it"
          onConfirm={async () => {
            await remove.run(report.id);
            setDeleting(false);
            flash(`“${report.title}” was deleted.`);
            navigate(href('tripReports', { tripId }));
          }}
          onCancel={() => setDeleting(false)}
        />
      </Dialog>
    </section>
  );
}
