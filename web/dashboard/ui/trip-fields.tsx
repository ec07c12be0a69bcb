/**
 * The fields of a trip's settings (name, dates, place, time zone, currency, description), used by the new-trip
 * wizard and the trip's settings. `at` is where they sit in the request body (`trip.` in the wizard's).
 */
import { SelectField, TextAreaField, TextField } from '../../common/field.js';

// A type, not an interface: a form's values are an index-compatible record.
export type TripFieldValues = {
  name: string;
  startDate: string;
  endDate: string;
  timezone: string;
  currency: string;
  destination: string;
  description: string;
};

export const tripLabels = (at = ''): Record<string, string> => ({
  [`${at}name`]: 'Trip name',
  [`${at}startDate`]: 'First day',
  [`${at}endDate`]: 'Last day',
  [`${at}timezone`]: 'Time zone',
  [`${at}currency`]: 'Currency',
  [`${at}destination`]: 'Destination',
  [`${at}description`]: 'Description',
  // How a schema's own message names them ("endDate must not be before startDate").
  startDate: 'First day',
  endDate: 'Last day',
});

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let zones: { value: string; label: string }[] | undefined;
function zoneOptions(current: string) {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort().map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
  return zones.some((z) => z.value === current) || !current ? zones : [{ value: current, label: current }, ...zones];
}

let currencies: { value: string; label: string }[] | undefined;
function currencyOptions() {
  if (!currencies) {
    const names = new Intl.DisplayNames(undefined, { type: 'currency' });
    const common = ['EUR', 'USD', 'GBP', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'ZAR', 'NZD', 'JPY'];
    const all = Intl.supportedValuesOf('currency');
    const label = (c: string) => `${c} — ${names.of(c) ?? c}`;
    currencies = [...common.filter((c) => all.includes(c)), ...all.filter((c) => !common.includes(c))].map((c) => ({ value: c, label: label(c) }));
  }
  return currencies;
}

/** Defaults for a new trip: the browser's time zone, and a currency guessed from its region. */
export function newTripValues(): TripFieldValues {
  let region = 'US';
  try {
    region = new Intl.Locale(navigator.language || 'en-US').maximize().region ?? 'US';
  } catch {
    // A browser language Intl does not read (e.g. `C`): the default stays.
  }
  const byRegion: Record<string, string> = { US: 'USD', GB: 'GBP', CA: 'CAD', AU: 'AUD', NZ: 'NZD', CH: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK', ZA: 'ZAR', JP: 'JPY', IE: 'EUR', DE: 'EUR', FR: 'EUR', ES: 'EUR', PT: 'EUR', IT: 'EUR', NL: 'EUR', BE: 'EUR' };
  return { name: '', startDate: '', endDate: '', timezone: browserZone(), currency: byRegion[region] ?? 'EUR', destination: '', description: '' };
}

export function TripFields({ values, set, errorsAt, idOf, at = '' }: { values: TripFieldValues; set: <K extends keyof TripFieldValues>(k: K, v: string) => void; errorsAt: (key: string) => string[] | undefined; idOf: (key: string) => string; at?: string }) {
  const f = (k: keyof TripFieldValues) => ({ id: idOf(`${at}${k}`), errors: errorsAt(`${at}${k}`), value: values[k], onValue: (v: string) => set(k, v) });
  return (
    <div class="form-grid">
      <TextField {...f('name')} label="Trip name" class="span-2" placeholder="e.g. Algarve 2027" maxLength={200} />
      <TextField {...f('startDate')} label="First day" type="date" />
      <TextField {...f('endDate')} label="Last day" type="date" />
      <TextField {...f('destination')} label="Destination" hint="Optional: where the trip goes." maxLength={200} />
      <SelectField {...f('timezone')} label="Time zone" options={zoneOptions(values.timezone)} hint="Tee times are read in this zone." />
      <SelectField {...f('currency')} label="Currency" options={currencyOptions()} hint="Expenses and bets are kept in it." />
      <TextAreaField {...f('description')} label="Description" class="span-2" hint="Optional: what golfers see about the trip." maxLength={5000} />
    </div>
  );
}

/** The settings as a request body: empty optional fields left out (or, for a change, sent as null to clear them). */
export function tripBody(v: TripFieldValues, clear: boolean) {
  const opt = (s: string) => (s.trim() ? s.trim() : clear ? null : undefined);
  // An empty date is a missing one ("Please fill this in"), not a malformed one.
  const body: Record<string, unknown> = { name: v.name, startDate: v.startDate || undefined, endDate: v.endDate || undefined, timezone: v.timezone, currency: v.currency };
  const destination = opt(v.destination);
  const description = opt(v.description);
  if (destination !== undefined) body.destination = destination;
  if (description !== undefined) body.description = description;
  return body;
}
