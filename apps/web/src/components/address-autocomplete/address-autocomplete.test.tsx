import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mapsLinkForPoint, mapsLinkForRoute } from '@app/domain/geo/geo.rules';
import type { AddressLookupResult } from '@app/domain/geo/geo.schema';
import { AppProviders } from '@/app/providers';
import { ADDRESS_LOOKUP_PATH } from '@/lib/geo/address-lookup';
import { GOOGLE_MAPS_SCRIPT_ID } from '@/lib/geo/google-places';
import { createQueryClient } from '@/lib/query-client';
import { FakeAnswer, fakeFetch, storeSession } from '@/test/render-app';
import { AddressAutocomplete, type AddressValue } from './address-autocomplete';
import { MapsLink } from './maps-link';

const LOOKUP = `GET ${ADDRESS_LOOKUP_PATH}`;
const LABEL = 'Pick-up address';
const CHOOSE_MESSAGE = 'Choose an address from the suggestions';

function place(
  city: string,
  state: string,
  zip: string,
  lat: number,
  lon: number,
  street: { number: string; route: string } | null = null,
): AddressLookupResult {
  const line = street ? `${street.number} ${street.route}, ` : '';
  return {
    formatted_address: `${line}${city}, ${state} ${zip}, USA`,
    lat,
    lon,
    components: {
      postal_code: zip,
      locality: city,
      administrative_area_level_1: state,
      country: 'US',
      street_number: street?.number ?? null,
      route: street?.route ?? null,
      name: city,
    },
  };
}

const CHICAGO = place('Chicago', 'IL', '60608', 41.8515, -87.6694);
const CHICAGO_HEIGHTS = place('Chicago Heights', 'IL', '60411', 41.5087, -87.5904);

/** A form field holding the address as a form would, showing the form's error while none is chosen. */
function Field({
  onChange,
  initial = null,
}: {
  onChange: (value: AddressValue | null) => void;
  initial?: AddressValue | null;
}) {
  const [value, setValue] = useState<AddressValue | null>(initial);
  return (
    <AddressAutocomplete
      label={LABEL}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      error={value ? undefined : CHOOSE_MESSAGE}
    />
  );
}

function renderField(initial: AddressValue | null = null) {
  const onChange = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Field onChange={onChange} initial={initial} />
    </AppProviders>,
  );
  return { onChange, input: screen.getByLabelText<HTMLInputElement>(LABEL) };
}

describe('AddressAutocomplete', () => {
  it('shows the suggestions of the address lookup for the typed text', async () => {
    storeSession();
    const { callsTo } = fakeFetch({ [LOOKUP]: { results: [CHICAGO, CHICAGO_HEIGHTS] } });
    const { input } = renderField();
    await userEvent.type(input, 'Chica');
    expect(await screen.findByRole('option', { name: /Chicago, IL 60608, USA/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Chicago Heights, IL 60411, USA/ })).toBeTruthy();
    // Typing is debounced: one lookup for the whole word, not one per key.
    const queries = callsTo('GET', ADDRESS_LOOKUP_PATH).map((call) =>
      new URL(call.url, 'http://x').searchParams.get('query'),
    );
    expect(queries).toEqual(['Chica']);
  });

  it('emits the chosen place with its coordinates, city, state and ZIP', async () => {
    storeSession();
    fakeFetch({ [LOOKUP]: { results: [CHICAGO, CHICAGO_HEIGHTS] } });
    const { input, onChange } = renderField();
    await userEvent.type(input, 'Chicago');
    await userEvent.click(await screen.findByRole('option', { name: /Chicago Heights/ }));
    expect(onChange).toHaveBeenLastCalledWith({
      address: '',
      city: 'Chicago Heights',
      state: 'IL',
      zip_code: '60411',
      country: 'US',
      lat: 41.5087,
      lon: -87.5904,
      formatted_address: 'Chicago Heights, IL 60411, USA',
    });
    expect(input.value).toBe('Chicago Heights, IL 60411, USA');
    expect(screen.queryByText(CHOOSE_MESSAGE)).toBeNull();
  });

  it('chooses the first suggestion with the keyboard', async () => {
    storeSession();
    fakeFetch({ [LOOKUP]: { results: [CHICAGO, CHICAGO_HEIGHTS] } });
    const { input, onChange } = renderField();
    await userEvent.type(input, 'Chicago');
    await screen.findByRole('option', { name: /Chicago Heights/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ city: 'Chicago Heights', lat: 41.5087 }),
    );
  });

  it('keeps the street line typed before the city', async () => {
    storeSession();
    const withStreet = place('Chicago', 'IL', '60608', 41.8515, -87.6694, {
      number: '1200',
      route: 'W Industrial Ave',
    });
    const { callsTo } = fakeFetch({ [LOOKUP]: { results: [withStreet] } });
    const { input, onChange } = renderField();
    await userEvent.type(input, '1200 W Industrial Ave, Chicago');
    await userEvent.click(
      await screen.findByRole('option', { name: /1200 W Industrial Ave, Chicago, IL 60608, USA/ }),
    );
    const sent = callsTo('GET', ADDRESS_LOOKUP_PATH).map((call) =>
      new URL(call.url, 'http://x').searchParams.get('query'),
    );
    expect(sent.at(-1)).toBe('1200 W Industrial Ave, Chicago');
    expect(onChange).toHaveBeenLastCalledWith({
      address: '1200 W Industrial Ave',
      city: 'Chicago',
      state: 'IL',
      zip_code: '60608',
      country: 'US',
      lat: 41.8515,
      lon: -87.6694,
      formatted_address: '1200 W Industrial Ave, Chicago, IL 60608, USA',
    });
  });

  it('emits no address for free text: editing a chosen address drops it', async () => {
    storeSession();
    fakeFetch({ [LOOKUP]: { results: [CHICAGO] } });
    const chosen: AddressValue = {
      address: '',
      city: 'Chicago',
      state: 'IL',
      zip_code: '60608',
      country: 'US',
      lat: 41.8515,
      lon: -87.6694,
      formatted_address: 'Chicago, IL 60608, USA',
    };
    const { input, onChange } = renderField(chosen);
    expect(input.value).toBe('Chicago, IL 60608, USA');
    expect(screen.queryByText(CHOOSE_MESSAGE)).toBeNull();
    // Typed at the end of the chosen address (a click would select it all first, to be replaced).
    act(() => input.focus());
    const end = input.value.length;
    await userEvent.type(input, ' somewhere', {
      skipClick: true,
      initialSelectionStart: end,
      initialSelectionEnd: end,
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await userEvent.tab();
    // The typed text stays for the user to correct, with the form's error under it.
    expect(input.value).toBe('Chicago, IL 60608, USA somewhere');
    expect(screen.getByText(CHOOSE_MESSAGE)).toBeTruthy();
    expect(onChange.mock.calls).toEqual([[null]]);
  });

  it('shows a value set by the form, and clears when the form clears it', async () => {
    storeSession();
    fakeFetch({ [LOOKUP]: { results: [] } });
    const dallas: AddressValue = {
      address: '',
      city: 'Dallas',
      state: 'TX',
      zip_code: '75201',
      country: 'US',
      lat: 32.7876,
      lon: -96.7994,
      formatted_address: 'Dallas, TX 75201, USA',
    };
    function Form() {
      const [value, setValue] = useState<AddressValue | null>(null);
      return (
        <>
          <AddressAutocomplete label={LABEL} value={value} onChange={setValue} />
          <button onClick={() => setValue(dallas)}>Load</button>
          <button onClick={() => setValue(null)}>Reset</button>
        </>
      );
    }
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Form />
      </AppProviders>,
    );
    const input = screen.getByLabelText<HTMLInputElement>(LABEL);
    await userEvent.type(input, 'Dal');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(input.value).toBe('Dallas, TX 75201, USA');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input.value).toBe('');
  });

  it("says 'No places found' when nothing matches", async () => {
    storeSession();
    fakeFetch({ [LOOKUP]: { results: [] } });
    const { input } = renderField();
    await userEvent.type(input, 'Xqzzy');
    expect(await screen.findByText('No places found')).toBeTruthy();
  });

  it('says the lookup failed when the server fails, without a page-wide error', async () => {
    storeSession();
    fakeFetch({
      [LOOKUP]: new FakeAnswer(500, { detail: 'Internal server error.', code: 'internal_error' }),
    });
    const { input, onChange } = renderField();
    await userEvent.type(input, 'Chicago');
    expect(await screen.findByText('Could not look up places')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks for 2 characters before looking up, and never loads Google Maps without a key', async () => {
    storeSession();
    const { callsTo } = fakeFetch({ [LOOKUP]: { results: [CHICAGO] } });
    const { input } = renderField();
    await userEvent.type(input, 'C');
    expect(await screen.findByText('Type at least 2 characters')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo('GET', ADDRESS_LOOKUP_PATH)).toHaveLength(0);
    expect(document.getElementById(GOOGLE_MAPS_SCRIPT_ID)).toBeNull();
  });

  it('is named by its label', () => {
    storeSession();
    fakeFetch({});
    renderField();
    expect(screen.getByRole('combobox', { name: LABEL })).toBeTruthy();
  });
});

describe('MapsLink', () => {
  it('opens a point, or a route through the points, in a new tab', () => {
    const { rerender } = render(
      <AppProviders queryClient={createQueryClient()}>
        <MapsLink points={[{ lat: 41.8515, lon: -87.6694 }]} />
      </AppProviders>,
    );
    const point = screen.getByRole('link', { name: 'Open map' });
    expect(point.getAttribute('href')).toBe(mapsLinkForPoint({ lat: 41.8515, lon: -87.6694 }));
    expect(point.getAttribute('target')).toBe('_blank');

    const route = [
      { lat: 41.8515, lon: -87.6694 },
      { lat: 43.649, lon: -79.3784 },
    ];
    rerender(
      <AppProviders queryClient={createQueryClient()}>
        <MapsLink points={route} />
      </AppProviders>,
    );
    expect(screen.getByRole('link', { name: 'Open route' }).getAttribute('href')).toBe(
      mapsLinkForRoute(route),
    );
  });

  it('is disabled while no point has coordinates', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MapsLink points={[{ lat: null, lon: null }]} label="Navigate" />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Navigate' }).hasAttribute('disabled')).toBe(true);
  });
});
