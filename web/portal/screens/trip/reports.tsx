/**
 * The trip's reports. The list comes from the phone's `report:` documents (it opens offline); a report's file is
 * reached only through a signed, expiring link that the server makes (`GET …/reports/:id`), so opening one needs
 * signal. HTML opens in a sandboxed frame with no permissions at all (the server serves it with a CSP sandbox too),
 * audio in an audio player; a link that expires while listening is fetched again.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useDocs, useOnline, useTrip } from '../../state/hooks.js';
import { href } from '../../router.js';
import { age, call, OfflineNote } from './common.js';
import type { Report, ReportDoc, SectionProps } from './types.js';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const KIND = { html: 'Page', audio: 'Audio' } as const;

export function Reports({ rest }: SectionProps) {
  const docs = useDocs<ReportDoc>('report');
  const { kept } = useTrip();
  const open = rest[0];
  if (open) return <ReportView key={open} id={open} doc={docs?.find((d) => d.id === open)} loading={docs === undefined} />;
  const list = [...(docs ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section aria-labelledby="rep-h">
      <h1 id="rep-h">Reports</h1>
      <OfflineNote what="The list is what your phone has; opening a report needs signal" />
      {docs === undefined ? <p role="status">Loading…</p> : list.length === 0 ? <p>No reports yet.</p> : null}
      <ul class="cards">
        {list.map((r) => (
          <li key={r.id}>
            <a class="card link-card" href={href(kept.key, 'trip', 'reports', r.id)} data-testid={`report-${r.id}`}>
              <strong>{r.title}</strong>
              <span>
                {KIND[r.kind]} · {size(r.size)} · {age(r.updatedAt)}
              </span>
              {r.description ? <span class="muted report-desc">{r.description}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReportView({ id, doc, loading }: { id: string; doc: ReportDoc | undefined; loading: boolean }) {
  const { trip, kept } = useTrip();
  const online = useOnline();
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refreshes = useRef(0);
  const audio = useRef<HTMLAudioElement>(null);

  async function load(): Promise<boolean> {
    const r = await call<Report>(trip, `reports/${id}`);
    if (r.ok) {
      setReport(r.body);
      setProblem(null);
    } else setProblem(r.code === 'not_found' ? 'This report is no longer on the trip.' : r.message);
    return r.ok || r.code !== 'unreachable';
  }
  // A fresh link on opening, and again whenever signal returns without one (the network may take a moment longer
  // than the `online` event: a few tries, 1, 2 and 4 s apart).
  useEffect(() => {
    if (!online || report) return;
    let live = true;
    void (async () => {
      for (let wait = 1000; live && !(await load()) && wait <= 4000; wait *= 2) await new Promise((r) => setTimeout(r, wait));
    })();
    return () => {
      live = false;
    };
  }, [id, online, doc?.fileId]);

  /** The link expired (or the file was replaced) while open: get a new one and carry on where it was. */
  async function relink() {
    if (refreshes.current++ >= 3) return;
    const at = audio.current?.currentTime ?? 0;
    await load();
    if (audio.current && at) audio.current.currentTime = at;
  }

  const shown = report ?? doc;
  const title = shown?.title ?? 'Report';
  const link = report ? onThisServer(report.html_url ?? report.audio_url ?? '') : null;
  return (
    <section aria-labelledby="rep-h" class="report-view">
      <a href={href(kept.key, 'trip', 'reports')}>← All reports</a>
      <h1 id="rep-h">{title}</h1>
      {shown?.description ? <p>{shown.description}</p> : null}
      {!shown && !loading && !report && !problem && !online ? <p>This report is not on your phone.</p> : null}
      {!report && !problem ? (
        <p role="status" data-testid="report-waiting">
          {online ? 'Getting the report’s private link…' : `You are offline. Opening a report needs signal: its private link comes from the server.${doc ? ` Last changed ${age(doc.updatedAt)}.` : ''}`}
        </p>
      ) : null}
      {problem ? (
        <p class="error-text" role="alert" data-testid="trip-error">
          {problem}
        </p>
      ) : null}
      {report && link && report.kind === 'html' ? (
        <iframe sandbox="" src={link} title={`Report: ${title}`} class="report-frame" referrerpolicy="no-referrer" data-testid="report-frame" />
      ) : null}
      {report && link && report.kind === 'audio' ? (
        <audio ref={audio} controls preload="metadata" src={link} class="report-audio" data-testid="report-audio" onError={relink}>
          Your browser cannot play this recording.
        </audio>
      ) : null}
    </section>
  );
}

/**
 * The signed link on the server this app came from: the server builds it from its configured public address, which
 * a phone may reach under another name (a LAN address); the page's CSP allows frames and media from itself only.
 */
function onThisServer(url: string): string {
  const u = new URL(url, location.href);
  return `${location.origin}${u.pathname}${u.search}`;
}
