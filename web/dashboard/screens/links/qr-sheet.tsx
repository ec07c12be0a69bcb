/**
 * The QR sheet: one card per player (name, trip, QR code of their link), several to a page. On screen it is a
 * preview with a Print button; printed (the print stylesheet in players.css), only the cards remain, laid out for
 * A4 and Letter alike (the cards fit the narrower of the two).
 */
import { LinkQr } from './link-qr.js';
import type { IssuedToken } from '../../api/players.js';

export function QrSheet({ tripName, items, onClose }: { tripName: string; items: IssuedToken[]; onClose: () => void }) {
  return (
    <section class="qr-sheet" aria-labelledby="qr-sheet-title">
      <div class="print-hide qr-sheet-head">
        <h3 id="qr-sheet-title">QR sheet</h3>
        <div class="actions">
          <button type="button" onClick={() => print()}>
            Print the QR sheet
          </button>
          <button type="button" class="secondary" onClick={onClose}>
            Close the sheet
          </button>
        </div>
        <p class="small muted">Cut along the lines and hand each golfer their card. Anyone who scans a card plays as that golfer: keep the sheet safe and shred what is left.</p>
      </div>
      <ul class="qr-cards">
        {items.map((t) => (
          <li class="qr-card" key={t.id}>
            <LinkQr link={t.link} label={`QR code of ${t.playerName}'s link`} />
            <p class="qr-name">{t.playerName}</p>
            <p class="qr-trip">{tripName}</p>
            <p class="qr-hint">Scan with your phone's camera to open the trip's app.</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
