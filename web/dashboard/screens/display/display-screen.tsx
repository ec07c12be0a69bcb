/**
 * The TV display (the TV display tab): what a clubhouse screen shows (panels, rotation, colours, round, ranking,
 * public or not), the link a TV opens it with (the display code, made, remade or turned off), and a live preview of
 * the real TV page as configured beside the settings.
 */
import { useState } from 'preact/hooks';
import { useDisplayConfig } from '../../api/display.js';
import { useRounds } from '../../api/rounds.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { AccessCard } from './access-card.js';
import { SettingsForm } from './settings-form.js';
import { TvPreview } from './tv-preview.js';

export function DisplayScreen({ trip }: TripScreenProps) {
  const tripId = trip.id;
  const config = useDisplayConfig(tripId);
  const rounds = useRounds(tripId);
  const [version, setVersion] = useState(0);
  return (
    <>
      <div class="page-head">
        <div>
          <h2>TV display</h2>
          <p class="muted">
            A TV in the clubhouse (or a laptop on a stand) shows the trip’s boards one after another and follows the scores by itself, a few seconds after each phone sends them. It shows names, positions and
            scores: never money, handicaps or contact details.
          </p>
        </div>
      </div>
      <QueryView query={config} loading="Loading the display settings…">
        {(c) => (
          <div class="display-layout">
            <div class="display-settings">
              <QueryView query={rounds} loading="Loading the rounds…">
                {(r) => <SettingsForm key={c.tripId} tripId={tripId} config={c} rounds={r.items} onSaved={() => setVersion((n) => n + 1)} />}
              </QueryView>
              <AccessCard tripId={tripId} zone={trip.timezone} config={c} />
            </div>
            <div class="display-side">
              <TvPreview tripId={tripId} version={version} />
            </div>
          </div>
        )}
      </QueryView>
    </>
  );
}
