/**
 * A report as golfers will see it in their app (the trip's Reports section): a phone-sized frame with the title, the
 * description, and the page in a sandboxed frame (no scripts, no forms: the server sends it with a sandbox policy
 * too) or the recording in a player. The file comes through its signed link, which works without a sign-in until it
 * expires; the list is read again before that, so the link here stays fresh.
 */
import { fileLink, type Report } from '../../api/reports.js';
import { sizeInWords } from './limits.js';

export function GolferView({ report }: { report: Report }) {
  const link = fileLink(report);
  return (
    <figure class="golfer-view" aria-labelledby={`gv-${report.id}`}>
      <figcaption class="muted small">In the golfers’ app (Trip → Reports), on a phone:</figcaption>
      <div class="golfer-phone">
        <h4 id={`gv-${report.id}`}>{report.title}</h4>
        {report.description ? <p class="golfer-desc">{report.description}</p> : null}
        {report.kind === 'html' ? (
          <iframe class="golfer-frame" sandbox="" src={link} title={`Report: ${report.title}`} referrerpolicy="no-referrer" />
        ) : (
          <audio class="golfer-audio" controls preload="metadata" src={link} aria-label={`Recording: ${report.title}`}>
            Your browser cannot play this recording.
          </audio>
        )}
      </div>
      <p class="muted small">
        {report.kind === 'html'
          ? 'Pages open without scripts: text, pictures and styles show; buttons, forms and animations made with scripts do not.'
          : `${sizeInWords(report.size)}: golfers can pause and skip through it; it is downloaded only when they play it, never with the trip.`}
      </p>
    </figure>
  );
}
