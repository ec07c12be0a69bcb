/** A receipt's photo (or a PDF to open), fetched with the organizer's token and shown from a blob URL. */
import { useReceiptFile } from '../../api/money.js';
import { QueryView } from '../../ui/query-view.js';

export function ReceiptView({ tripId, receiptId, what }: { tripId: string; receiptId: string; what: string }) {
  const file = useReceiptFile(tripId, receiptId);
  return (
    <QueryView query={file} loading="Loading the receipt…">
      {({ meta, url }) =>
        meta.contentType === 'application/pdf' ? (
          <p>
            This receipt is a PDF.{' '}
            <a href={url} target="_blank" rel="noopener" download={meta.originalName}>
              Open {meta.originalName || 'the receipt'}
            </a>
          </p>
        ) : meta.contentType === 'image/heic' || meta.contentType === 'image/heif' ? (
          <p>
            This photo is in the iPhone’s HEIC format, which most browsers cannot show.{' '}
            <a href={url} download={meta.originalName}>
              Download {meta.originalName || 'the photo'}
            </a>
          </p>
        ) : (
          <figure class="receipt-photo">
            <img src={url} alt={`Receipt for ${what}`} />
            <figcaption class="muted small">
              {meta.originalName} · {Math.max(1, Math.round(meta.size / 1024))} KB
            </figcaption>
          </figure>
        )
      }
    </QueryView>
  );
}
