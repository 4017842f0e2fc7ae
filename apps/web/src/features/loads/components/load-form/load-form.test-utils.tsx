import { act, render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { wallTimeInZone } from '@app/domain/common/time';
import { emptyLoadForm, emptyLoadPoint } from '@app/domain/loads/load-form.rules';
import type { LoadFormPoint, LoadFormValues } from '@app/domain/loads/load-form.rules';
import type { AddressLookupResult } from '@app/domain/geo/geo.schema';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import type { FakeCall } from '@/test/render-app';
import { fakeFetch } from '@/test/render-app';
import { LoadForm } from './load-form';
import type { LoadFormProps } from './load-form';

// Helpers of the load form's tests: places the fake gazetteer knows, and steps a user takes to fill the form.

export const CHICAGO: AddressLookupResult = {
  formatted_address: 'Chicago, IL 60601, USA',
  lat: 41.8857,
  lon: -87.6181,
  components: {
    postal_code: '60601',
    locality: 'Chicago',
    administrative_area_level_1: 'IL',
    country: 'US',
    street_number: null,
    route: null,
    name: 'Chicago',
  },
};

export const DALLAS: AddressLookupResult = {
  formatted_address: 'Dallas, TX 75201, USA',
  lat: 32.7876,
  lon: -96.7994,
  components: {
    postal_code: '75201',
    locality: 'Dallas',
    administrative_area_level_1: 'TX',
    country: 'US',
    street_number: null,
    route: null,
    name: 'Dallas',
  },
};

const PLACES = [CHICAGO, DALLAS];

/** The server's address lookup and route estimate, faked: places whose name starts with the typed text. */
export function geoRoutes(estimate = { miles: 925, hours: 18.5 }): Record<string, unknown> {
  return {
    'GET /backend/api/v2/geo/address-lookup': (call: FakeCall) => {
      const query = new URL(call.url, 'http://localhost').searchParams.get('query')?.toLowerCase() ?? '';
      return {
        results: PLACES.filter((place) => place.formatted_address.toLowerCase().startsWith(query)),
      };
    },
    'POST /backend/api/v2/geo/route-estimate': estimate,
  };
}

/** The current Eastern year: the picker offers dates from last year to next year. */
export const THIS_YEAR = wallTimeInZone(new Date()).year;
// July: summer time (UTC-4) in every year, so the ISO dates sent are known.
export const PICK_UP_DATE = `07/10/${THIS_YEAR} 08:00`;
export const DELIVERY_DATE = `07/12/${THIS_YEAR} 17:30`;

export function renderLoadForm(props: Partial<LoadFormProps> = {}, routes: Record<string, unknown> = {}) {
  const network = fakeFetch({ ...geoRoutes(), ...routes });
  const onSubmit = props.onSubmit ?? (() => Promise.resolve());
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <LoadForm kind="new" submitLabel="Save" {...props} onSubmit={onSubmit} />
    </AppProviders>,
  );
  return { ...view, ...network };
}

// Label queries: role queries check every element's visibility, which is slow on a form this size.

/** A text input or textarea by its label. */
export const field = (name: RegExp | string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText<HTMLInputElement>(name, { selector: 'input, textarea' });

export const pointGroup = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('group', { name, hidden: true });

/** Puts a date into a picker and leaves it. */
export async function typeDate(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.paste(text);
  await user.tab();
}

/** Puts text into a field as a paste (much faster than typing each key). */
async function enter(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Puts a place into a point's address and chooses the suggestion. */
export async function chooseAddress(user: UserEvent, group: HTMLElement, typed: string, suggestion: string) {
  const input = within(group).getByLabelText(/Address/, { selector: 'input' });
  act(() => input.focus());
  await user.paste(typed);
  // The suggestions come after the input's pause and a lookup: on a busy machine that takes a while.
  const option = await screen.findByRole(
    'option',
    { name: new RegExp(suggestion), hidden: true },
    { timeout: 15_000 },
  );
  await user.click(option);
}

/** Walking through the whole form takes a while in a simulated browser: tests that do it get this long. */
export const WHOLE_FORM_TIMEOUT_MS = 120_000;

/** Fills every required field of a new load with valid values. */
export async function fillValidLoad(user: UserEvent, scope: HTMLElement = document.body) {
  await enter(user, field(/Broker name/, scope), 'Jane Broker');
  await enter(user, field(/Broker phone/, scope), '(555) 123-4567');
  await enter(user, field(/Reply e-mail/, scope), 'jane@broker.test');
  await enter(user, field(/^Pays/, scope), '$1200');
  await enter(user, field(/Weight/, scope), '1500');
  await enter(user, field(/Pieces/, scope), '3');
  await enter(user, field(/Length/, scope), '48');
  await enter(user, field(/Width/, scope), '40');
  await enter(user, field(/Height/, scope), '36');
  const pickUp = pointGroup('Pick-up', scope);
  await chooseAddress(user, pickUp, 'Chic', 'Chicago');
  await typeDate(user, field(/^Date/, pickUp), PICK_UP_DATE);
  const delivery = pointGroup('Delivery', scope);
  await chooseAddress(user, delivery, 'Dall', 'Dallas');
  await typeDate(user, field(/^Date/, delivery), DELIVERY_DATE);
}

/** The message shown under a field (its helper text), '' when none. */
export function messageOf(input: HTMLElement): string {
  const describedBy = input.getAttribute('aria-describedby');
  if (!describedBy) return '';
  return describedBy
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

export const pointFromPlace = (
  place: AddressLookupResult,
  type: LoadFormPoint['type'],
  order: number,
  date: string,
) => ({
  ...emptyLoadPoint(type, order),
  address: place.formatted_address,
  fullAddress: place.formatted_address,
  city: place.components.locality ?? '',
  state: place.components.administrative_area_level_1 ?? '',
  zip_code: place.components.postal_code,
  country: place.components.country,
  lat: place.lat,
  lon: place.lon,
  date,
});

/** A load that passes every rule of the form: Chicago to Dallas this year. */
export function validLoadValues(overrides: Partial<LoadFormValues> = {}): LoadFormValues {
  return {
    ...emptyLoadForm(),
    broker_name: 'Jane Broker',
    broker_phone: '(555) 123-4567',
    reply_email: 'jane@broker.test',
    pays: '1200',
    weight: '1500',
    pieces: '3',
    length: '48',
    width: '40',
    height: '36',
    pick_up_datetime: PICK_UP_DATE,
    delivery_datetime: DELIVERY_DATE,
    points: [
      pointFromPlace(CHICAGO, 'pick_up', 1, PICK_UP_DATE),
      pointFromPlace(DALLAS, 'deliver_to', 2, DELIVERY_DATE),
    ],
    ...overrides,
  };
}
