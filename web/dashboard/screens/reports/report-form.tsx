/**
 * A new report, or a change of one: title, description and the file. The file is checked against the server's limits
 * as soon as it is chosen (kind and size, said at the field), sent as multipart/form-data with a progress bar, and a
 * refusal of the server (a file whose content is not what its name says, a title too long) is shown at its field.
 */
import { useState } from 'preact/hooks';
import { ReportCreateFields, ReportUpdateFields } from '../../../../shared/schemas/report.js';
import { ErrorSummary, TextAreaField, TextField } from '../../../common/field.js';
import { useForm, type SafeParse } from '../../../common/form.js';
import type { Labels } from '../../../common/form-errors.js';
import { isApiError } from '../../api/errors.js';
import { useCreateReport, useUpdateReport, type Report } from '../../api/reports.js';
import { describeRefusal } from '../../ui/refusal.js';
import { ACCEPT, fileProblem, kindOf, LIMITS, sizeInWords, uploadRefusal } from './limits.js';

const LABELS: Labels = { title: 'Title', description: 'Description', file: 'File' };

/** Upload refusals at the file field; everything else as the dashboard reads refusals. */
function refusal(error: unknown, labels: Labels) {
  if (isApiError(error)) {
    const text = uploadRefusal(error.code, error.message);
    if (text) return { file: [text] };
  }
  return describeRefusal(error, labels);
}

export function ReportForm({ tripId, report, onDone, onCancel }: { tripId: string; report?: Report; onDone: (r: Report) => void; onCancel: () => void }) {
  const prefix = report ? `rep-${report.id}` : 'rep-new';
  const form = useForm({ title: report?.title ?? '', description: report?.description ?? '' }, { labels: LABELS, describeRefusal: refusal, idOf: (k) => `${prefix}-${k || 'form'}` });
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const create = useCreateReport(tripId);
  const update = useUpdateReport(tripId);
  const fileId = form.idOf('file');
  const problem = file ? fileProblem(file) : null;
  const fileErrors = form.errors.file ?? (problem ? [problem] : undefined);

  function choose(f: File | null) {
    setFile(f);
    const p = f ? fileProblem(f) : null;
    const { file: _old, ...rest } = form.errors;
    form.setErrors(p ? { ...rest, file: [p] } : rest);
  }

  async function submit(e: Event) {
    e.preventDefault();
    if (!report && !file) {
      form.setErrors({ ...form.errors, file: ['Choose the HTML page or the recording to upload.'] });
      document.getElementById(fileId)?.focus();
      return;
    }
    if (problem) {
      form.setErrors({ ...form.errors, file: [problem] });
      document.getElementById(fileId)?.focus();
      return;
    }
    const parse = (b: unknown) => (report ? ReportUpdateFields : ReportCreateFields).safeParse(b) as SafeParse<{ title?: string; description?: string }>;
    setProgress(null);
    const onProgress = (sent: number, total: number) => setProgress({ sent, total });
    await form.submit(parse, form.values, async (body) => {
      const input = { ...body, file: file ?? undefined } as { title: string; description?: string; file?: File };
      const saved = report ? await update.run({ reportId: report.id, input, onProgress }) : await create.run({ input: { ...input, file: file! }, onProgress });
      onDone(saved);
    });
    setProgress(null);
  }

  const kind = file ? kindOf(file) : undefined;
  return (
    <form class="card report-form" onSubmit={submit} noValidate aria-labelledby={`${prefix}-h`}>
      <h3 id={`${prefix}-h`}>{report ? `Change “${report.title}”` : 'Add a report'}</h3>
      <ErrorSummary errors={form.errors} labels={LABELS} idOf={form.idOf} />
      <div class="form-grid">
        <TextField id={form.idOf('title')} label="Title" value={form.values.title} onValue={(v) => form.set('title', v)} errors={form.errors.title} maxLength={200} hint="What golfers see in their list, e.g. “Day 2 recap”." />
        <div class={`field${fileErrors?.length ? ' invalid' : ''}`}>
          <label for={fileId}>{report ? 'Replace the file (optional)' : 'File'}</label>
          <input
            id={fileId}
            type="file"
            accept={ACCEPT}
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
            aria-invalid={fileErrors?.length ? 'true' : undefined}
            aria-describedby={`${fileId}-hint${fileErrors?.length ? ` ${fileId}-error` : ''}`}
          />
          <p class="field-hint" id={`${fileId}-hint`}>
            {file && !problem
              ? `${file.name}: ${kind === 'html' ? 'HTML page' : 'recording'}, ${sizeInWords(file.size)} of the ${LIMITS[kind!].words} allowed.`
              : `${LIMITS.html.formats[0]!.toUpperCase()}${LIMITS.html.formats.slice(1)} up to ${LIMITS.html.words}, or ${LIMITS.audio.formats} up to ${LIMITS.audio.words}.${report ? ' The golfers’ link changes to the new file.' : ''}`}
          </p>
          {fileErrors?.length ? (
            <p class="field-error" id={`${fileId}-error`}>
              {fileErrors.join(' ')}
            </p>
          ) : null}
        </div>
        <TextAreaField id={form.idOf('description')} class="span-2" label="Description" value={form.values.description} onValue={(v) => form.set('description', v)} errors={form.errors.description} rows={3} maxLength={5000} hint="Optional, shown under the title." />
      </div>
      {form.busy && progress && progress.total ? (
        <p class="upload-progress" role="status">
          <label for={`${prefix}-progress`}>Uploading {sizeInWords(progress.total)}…</label>
          <progress id={`${prefix}-progress`} max={progress.total} value={progress.sent}>
            {Math.round((progress.sent / progress.total) * 100)} %
          </progress>
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? (file ? 'Uploading…' : 'Saving…') : report ? 'Save changes' : 'Upload report'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
