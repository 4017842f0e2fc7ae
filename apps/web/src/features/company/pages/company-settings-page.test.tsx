import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeWebSocket } from '@/test/fake-web-socket';
import { fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';
import { makeCompanySettings } from '../company-settings-test-data';

const MY = '/backend/api/v2/company/my';
const UPDATE = '/backend/api/v2/company/my/update';
const USERS_MY = '/backend/api/users/my/';

const SETTINGS = makeCompanySettings({
  required_documents: { '2': ['rate_confirmation'], '8': ['proof_of_delivery'] },
});

/** A manager opens the page; the server saves what the form sends and answers it back. */
function openAsManager() {
  storeSession();
  const fetch = fakeFetch({
    [`GET ${USERS_MY}`]: makeUser({ role: 4 }),
    [`GET ${MY}`]: SETTINGS,
    [`PUT ${UPDATE}`]: ({ body }: { body: unknown }) => ({ ...SETTINGS, ...(body as object) }),
  });
  renderApp('/settings/company/');
  return fetch;
}

describe('company settings page', () => {
  it("saves a manager's changes, says so and reads the current user again", async () => {
    const { callsTo } = openAsManager();
    await userEvent.click(await screen.findByRole('switch', { name: 'Show phones to all users' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bill of lading before Loaded' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Rate confirmation before In Transit to Pick-up' }),
    );
    const usersMyBefore = callsTo('GET', USERS_MY).length;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully')).toBeTruthy();
    expect(callsTo('PUT', UPDATE)[0]?.body).toMatchObject({
      name: 'Demo Carrier',
      phone: '(555) 123-4567',
      google_maps_key: null,
      map_tiles_url: null,
      is_visible_phone_numbers: true,
      required_documents: { '4': ['bill_of_lading'], '8': ['proof_of_delivery'] },
    });
    await waitFor(() => expect(callsTo('GET', USERS_MY).length).toBeGreaterThan(usersMyBefore));
  });

  it("says the spec's messages for an empty name and phone, and sends nothing", async () => {
    storeSession();
    const { callsTo } = fakeFetch({ [`GET ${USERS_MY}`]: makeUser({ role: 3 }), [`GET ${MY}`]: SETTINGS });
    renderApp('/settings/company/');
    await userEvent.clear(await screen.findByRole('textbox', { name: /Company name/ }));
    await userEvent.clear(screen.getByRole('textbox', { name: /Phone number/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be present')).toBeTruthy();
    expect(screen.getByText('Phone number must be present')).toBeTruthy();
    expect(callsTo('PUT', UPDATE)).toHaveLength(0);
  });

  it('keeps board loads the hours typed after their pick-up, a whole number from 1 to 720', async () => {
    const { callsTo } = openAsManager();
    const hours = await screen.findByRole('textbox', { name: /Hours on the board after pick-up/ });
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hours on the board must be a whole number from 1 to 720')).toBeTruthy();
    expect(callsTo('PUT', UPDATE)).toHaveLength(0);
    await userEvent.clear(hours);
    await userEvent.type(hours, '48');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', UPDATE)[0]?.body).toMatchObject({ board_expiry_hours: 48 }));
  });

  it('takes map tiles (a PMTiles URL) under the Google Maps key, and refuses another kind of address', async () => {
    const { callsTo } = openAsManager();
    const tiles = await screen.findByRole('textbox', { name: 'Map tiles (PMTiles URL)' });
    const mapsKey = screen.getByRole('textbox', { name: 'Google Maps key' });
    expect(mapsKey.compareDocumentPosition(tiles) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const field = within(tiles.closest('.MuiFormControl-root') as HTMLElement);
    expect(
      field.getByText(
        'A .pmtiles file of vector tiles (for example a Protomaps extract of North America) served from your own disk or bucket: full street maps with no key and no outside service. Empty: the built-in map of states, provinces and cities.',
      ),
    ).toBeTruthy();

    await userEvent.type(tiles, 'tiles.example.com/na.mbtiles');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await field.findByText(
        'Map tiles (PMTiles URL) must be an http:// or https:// address or a path starting with /, ending in .pmtiles',
      ),
    ).toBeTruthy();
    expect(callsTo('PUT', UPDATE)).toHaveLength(0);

    await userEvent.clear(tiles);
    await userEvent.type(tiles, ' https://tiles.example.com/north-america.pmtiles ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('PUT', UPDATE)[0]?.body).toMatchObject({
        map_tiles_url: 'https://tiles.example.com/north-america.pmtiles',
      }),
    );
    expect(await screen.findByText('Successfully')).toBeTruthy();
  });

  it('shows the map tiles field, its hint and its message in Russian for a Russian user', async () => {
    storeSession();
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 3, lang: 'ru' }),
      [`GET ${MY}`]: makeCompanySettings({ map_tiles_url: '/map/tiles.pmtiles' }),
    });
    renderApp('/settings/company/');
    const tiles = await screen.findByRole('textbox', { name: 'Тайлы карты (адрес PMTiles)' });
    expect((tiles as HTMLInputElement).value).toBe('/map/tiles.pmtiles');
    const field = within(tiles.closest('.MuiFormControl-root') as HTMLElement);
    expect(
      field.getByText(
        'Файл .pmtiles с векторными тайлами (например, выгрузка Protomaps по Северной Америке) на вашем диске или в хранилище: подробные карты улиц без ключа и без внешних сервисов. Пусто — встроенная карта штатов, провинций и городов.',
      ),
    ).toBeTruthy();
    await userEvent.clear(tiles);
    await userEvent.type(tiles, '/map/tiles');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(
      await field.findByText(
        'Тайлы карты (адрес PMTiles): нужен адрес http:// или https:// либо путь, начинающийся с /, с окончанием .pmtiles',
      ),
    ).toBeTruthy();
    expect(callsTo('PUT', UPDATE)).toHaveLength(0);
  });

  it('shows a field error the server sends beside its field, in Russian for a Russian user', async () => {
    storeSession();
    fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 4, lang: 'ru' }),
      [`GET ${MY}`]: SETTINGS,
      [`PUT ${UPDATE}`]: () =>
        new Response(
          JSON.stringify({
            detail: 'Invalid input.',
            code: 'validation_error',
            fields: { name: ['Name must be present'] },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    renderApp('/settings/company/');
    await userEvent.type(await screen.findByRole('textbox', { name: /Название компании/ }), ' LLC');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const name = screen.getByRole('textbox', { name: /Название компании/ });
    expect(
      await within(name.closest('.MuiFormControl-root') as HTMLElement).findByText('Укажите название'),
    ).toBeTruthy();
  });

  it('is not open to a dispatcher, who never asks for the settings', async () => {
    storeSession();
    const { callsTo } = fakeFetch({ [`GET ${USERS_MY}`]: makeUser({ role: 5 }), [`GET ${MY}`]: SETTINGS });
    renderApp('/settings/company/');
    expect(await screen.findByText('No access')).toBeTruthy();
    expect(callsTo('GET', MY)).toHaveLength(0);
  });

  it("takes a colleague's save at once (update_company), keeping what this user is typing", async () => {
    storeSession();
    let current = SETTINGS;
    const { callsTo } = fakeFetch({
      [`GET ${USERS_MY}`]: makeUser({ role: 4 }),
      [`GET ${MY}`]: () => current,
    });
    renderApp('/settings/company/');
    const name = await screen.findByRole('textbox', { name: /Company name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Demo Carrier Inc');

    // A colleague saves another phone number; the server tells every open page.
    current = { ...SETTINGS, name: 'Renamed Elsewhere', phone: '(555) 987-6543' };
    const readsBefore = callsTo('GET', MY).length;
    act(() => FakeWebSocket.last().open());
    act(() => FakeWebSocket.last().receive({ event: 'update_company', data: { id: SETTINGS.id } }));
    await waitFor(() => expect(callsTo('GET', MY).length).toBeGreaterThan(readsBefore));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveProperty('value', '(555) 987-6543'),
    );
    expect(name).toHaveProperty('value', 'Demo Carrier Inc');
  });
});
