import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CargoAnalysisResponse,
  ClosestCar,
  ClosestCarsResponse,
  RatePredictionResponse,
} from '@app/domain/loadboard/insights.schema';
import { AppProviders } from '@/app/providers';
import { setLanguage } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { FakeAnswer, fakeFetch } from '@/test/render-app';
import { CargoAnalysis } from './cargo-analysis';
import { ClosestCars } from './closest-cars';
import { RatePrediction } from './rate-prediction';

// The load detail's three insight cards against fake server answers: what each shows of the answer, in
// English and Eastern time, and their empty, refused and failed states.

const CLOSEST = '/backend/api/v2/loads/42/closest-cars';
const RATE = '/backend/api/rate/prediction/42';
const CARGO = '/backend/api/cargo/analysis/42';

function renderCard(card: React.ReactNode) {
  return render(<AppProviders queryClient={createQueryClient()}>{card}</AppProviders>);
}

const car = (overrides: Partial<ClosestCar> = {}): ClosestCar =>
  ({
    id: 7,
    unit_id: 'U-101',
    transport_type: 'SPRINTER',
    status: { id: 1, name: 'Available' },
    active_driver: { id: 3, full_name: 'Abe Able', phone_number: null },
    dispatcher: { id: 2, first_name: 'Dora', last_name: 'Dispatch' },
    // 20:04 UTC on November 21 is 03:04pm in New York.
    eta: '2026-11-21T20:04:00.000Z',
    deadhead_miles: 39,
    uses_planned_location: false,
    fit: { fits: true, reasons: [], missing_equipment: [], unknown: [], notes: [] },
    ...overrides,
  }) as ClosestCar;

const closestAnswer = (results: ClosestCar[]): ClosestCarsResponse => ({
  origin: { lat: 41.8781, lon: -87.6298, address: 'Chicago, IL' },
  available_date: '2026-11-21T22:00:00.000Z',
  radius: 300,
  count: results.length,
  results,
});

describe('ClosestCars', () => {
  it('lists the fitting trucks with deadhead, Eastern ETA, driver and status; the others one switch away, with why', async () => {
    const user = userEvent.setup();
    const network = fakeFetch({
      [`GET ${CLOSEST}`]: closestAnswer([
        car(),
        car({
          id: 8,
          unit_id: 'U-202',
          deadhead_miles: 94,
          status: { id: 2, name: 'Not available' },
          active_driver: null,
          fit: {
            fits: false,
            reasons: ['not_available', 'no_driver', 'missing_equipment'],
            missing_equipment: ['liftgate', 'pallet_jack'],
            unknown: ['dims'],
            notes: ['loads_not_allowed_for_owner'],
          },
        }),
      ]),
    });
    renderCard(<ClosestCars loadId={42} />);
    const table = await screen.findByRole('table', { name: 'Closest trucks' });
    expect(screen.getByText('1 of 2 fit · within 300 mi')).toBeTruthy();
    const [, first, ...others] = within(table).getAllByRole('row');
    expect(others).toHaveLength(0);
    expect(within(first!).getByText('U-101')).toBeTruthy();
    expect(within(first!).getByText('Abe Able')).toBeTruthy();
    expect(within(first!).getByText('Dispatcher: Dora Dispatch')).toBeTruthy();
    expect(within(first!).getByText('39 mi')).toBeTruthy();
    expect(within(first!).getByText('03:04pm 11/21/2026')).toBeTruthy();
    expect(within(first!).getByText('Available')).toBeTruthy();
    expect(within(first!).getByText('Fits')).toBeTruthy();
    // The card asks for the widest search and a page of trucks.
    const asked = new URL(network.callsTo('GET', CLOSEST)[0]!.url, 'http://localhost').searchParams;
    expect([asked.get('radius'), asked.get('limit')]).toEqual(['300', '25']);

    await user.click(screen.getByRole('switch', { name: 'Fitting only' }));
    const second = within(table).getAllByRole('row')[2]!;
    expect(within(second).getByText('Not available', { selector: 'td' })).toBeTruthy();
    for (const text of [
      'No driver',
      'Lacks equipment',
      'Missing: Lift-gate, Pallet Jack',
      "Not on the truck's record: dimensions",
      'Loads not allowed for the owner',
    ])
      expect(within(second).getAllByText(text).length, text).toBeGreaterThan(0);
  });

  it('says when no truck is near, when none fits, and why the pick-up cannot be searched from', async () => {
    fakeFetch({ [`GET ${CLOSEST}`]: closestAnswer([]) });
    const empty = renderCard(<ClosestCars loadId={42} />);
    expect(await screen.findByText('No trucks within 300 miles of the pick-up')).toBeTruthy();
    empty.unmount();

    fakeFetch({
      [`GET ${CLOSEST}`]: closestAnswer([
        car({
          fit: { fits: false, reasons: ['type_mismatch'], missing_equipment: [], unknown: [], notes: [] },
        }),
      ]),
    });
    const none = renderCard(<ClosestCars loadId={42} />);
    expect(await screen.findByText('None of the closest trucks fits this load')).toBeTruthy();
    none.unmount();

    fakeFetch({
      [`GET ${CLOSEST}`]: new FakeAnswer(409, {
        detail:
          "The load's pick-up has no coordinates: choose its address from the address lookup in the load form.",
        code: 'pick_up_without_place',
      }),
    });
    renderCard(<ClosestCars loadId={42} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/pick-up has no coordinates/i);
  });

  it('offers to try again when the search fails, and shows the trucks once it answers', async () => {
    const user = userEvent.setup();
    let failing = true;
    fakeFetch({
      [`GET ${CLOSEST}`]: () =>
        failing
          ? new FakeAnswer(500, { detail: 'Server error', code: 'server_error' })
          : closestAnswer([car()]),
    });
    renderCard(<ClosestCars loadId={42} />);
    // Asked again twice on its own first (a passing failure), then said.
    const again = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 });
    failing = false;
    await user.click(again);
    expect(await screen.findByText('U-101')).toBeTruthy();
  }, 15_000);
});

const prediction = (overrides: Partial<RatePredictionResponse> = {}): RatePredictionResponse => ({
  load_id: 42,
  enough_data: true,
  level: 'lane',
  loads_count: 7,
  minimum_loads: 5,
  history_days: 365,
  miles: 920,
  price: 2300,
  price_low: 2044.44,
  price_high: 2760,
  rate_per_mile: 2.5,
  rate_per_mile_low: 2.22,
  rate_per_mile_high: 3,
  posted_price: 2100,
  lane: {
    pick_up_state: 'TX',
    delivery_state: 'IL',
    pick_up_region: 'west_south_central',
    delivery_region: 'east_north_central',
    vehicle_type: 'SPRINTER',
  },
  ...overrides,
});

describe('RatePrediction', () => {
  it('shows the price, rate per mile, range, the loads and level it rests on, and the posted rate beside it', async () => {
    fakeFetch({ [`GET ${RATE}`]: prediction() });
    renderCard(<RatePrediction loadId={42} />);
    expect((await screen.findByLabelText('Predicted price')).textContent).toBe('$2,300.00');
    expect(screen.getByText('$2.50/mi')).toBeTruthy();
    expect(screen.getByText('for 920 mi')).toBeTruthy();
    expect(screen.getByText('Range $2,044.44 – $2,760.00 ($2.22 – $3.00/mi)')).toBeTruthy();
    expect(screen.getByText('Based on 7 loads of the last 365 days')).toBeTruthy();
    expect(screen.getByText('Lane TX → IL, Sprinter')).toBeTruthy();
    // $2,100 posted against $2,300 predicted: 8.7% below.
    expect(screen.getByText('Posted $2,100.00 · 8.7% below the prediction')).toBeTruthy();
  });

  it('names the wider comparison it fell back to', async () => {
    fakeFetch({
      [`GET ${RATE}`]: prediction({ level: 'type', lane: { ...prediction().lane, vehicle_type: null } }),
    });
    renderCard(<RatePrediction loadId={42} />);
    expect(await screen.findByText('any type, similar miles, anywhere')).toBeTruthy();
  });

  it('says there is not enough history, with how much was found', async () => {
    fakeFetch({
      [`GET ${RATE}`]: prediction({
        enough_data: false,
        level: null,
        loads_count: 3,
        price: null,
        price_low: null,
        price_high: null,
        rate_per_mile: null,
        rate_per_mile_low: null,
        rate_per_mile_high: null,
      }),
    });
    renderCard(<RatePrediction loadId={42} />);
    expect(await screen.findByText('Not enough history')).toBeTruthy();
    expect(
      screen.getByText('3 comparable loads found in the last 365 days; a prediction needs 5.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Predicted price')).toBeNull();
  });

  it('says a load gone from the board is gone', async () => {
    fakeFetch({ [`GET ${RATE}`]: new FakeAnswer(404, { detail: 'Not found.', code: 'not_found' }) });
    renderCard(<RatePrediction loadId={42} />);
    expect(await screen.findByText('This load is no longer on the board.')).toBeTruthy();
  });
});

const space = {
  length: 120,
  width: 53,
  height: 50,
  payload: 3500,
  dock_high: false,
  liftgate: false,
  hazmat: false,
};

const analysis: CargoAnalysisResponse = {
  load_id: 42,
  cargo: {
    length: 48,
    width: 40,
    height: 48,
    weight: 2000,
    pieces: 2,
    stackable: false,
    hazardous: true,
    dock_level: false,
    vehicle_type: 'SPRINTER',
  },
  results: [
    {
      vehicle_type: 'CARGO VAN',
      fits: false,
      reasons: ['not_hazmat'],
      capacity_pieces: 3,
      floor_percent: 60.4,
      volume_percent: 58,
      payload_percent: 57.1,
      space,
    },
    {
      vehicle_type: 'LARGE STRAIGHT',
      fits: true,
      reasons: [],
      capacity_pieces: 24,
      floor_percent: 15.4,
      volume_percent: 7.2,
      payload_percent: 20,
      space: { ...space, length: 312, width: 96, height: 102, payload: 10000, dock_high: true, hazmat: true },
    },
    {
      vehicle_type: 'SPRINTER',
      fits: false,
      reasons: ['too_heavy'],
      capacity_pieces: null,
      floor_percent: null,
      volume_percent: null,
      payload_percent: 133.3,
      space,
    },
  ],
};

describe('CargoAnalysis', () => {
  it('shows each vehicle type with whether it fits, why not, and how full it would be', async () => {
    fakeFetch({ [`GET ${CARGO}`]: analysis });
    renderCard(<CargoAnalysis loadId={42} />);
    const table = await screen.findByRole('table', { name: 'Cargo analysis' });
    expect(screen.getByText('2 pcs · 48 × 40 × 48 in · 2,000 lbs · hazardous')).toBeTruthy();
    const [, van, straight, sprinter] = within(table).getAllByRole('row');
    expect(within(van!).getByText('Cargo van')).toBeTruthy();
    expect(within(van!).getByText('Not for hazmat')).toBeTruthy();
    expect(within(van!).getByText('Holds up to 3 pieces')).toBeTruthy();
    expect(within(van!).getByRole('progressbar', { name: 'Floor: 60.4%' })).toBeTruthy();
    expect(within(van!).getByRole('progressbar', { name: 'Volume: 58%' })).toBeTruthy();
    expect(within(van!).getByRole('progressbar', { name: 'Payload: 57.1%' })).toBeTruthy();
    expect(within(straight!).getByText('Fits')).toBeTruthy();
    // Past 100% the bar is full and the figure says by how much.
    const over = within(sprinter!).getByRole('progressbar', { name: 'Payload: 133.3%' });
    expect(over.getAttribute('aria-valuenow')).toBe('100');
    expect(within(sprinter!).getByText('Over the payload')).toBeTruthy();
    // The type the load asks for is marked.
    expect(sprinter!.className).toMatch(/selected/);
  });

  it('says a load gone from the board is gone', async () => {
    fakeFetch({ [`GET ${CARGO}`]: new FakeAnswer(404, { detail: 'Not found.', code: 'not_found' }) });
    renderCard(<CargoAnalysis loadId={42} />);
    expect(await screen.findByText('This load is no longer on the board.')).toBeTruthy();
  });
});

describe('the insight cards in Russian', () => {
  it('translate the reasons, statuses, types and the not enough history state', async () => {
    await act(() => setLanguage('ru'));
    try {
      fakeFetch({
        [`GET ${CLOSEST}`]: closestAnswer([
          car({ fit: { fits: false, reasons: ['late'], missing_equipment: [], unknown: [], notes: [] } }),
        ]),
        [`GET ${RATE}`]: prediction({ enough_data: false, level: null, loads_count: 2, price: null }),
        [`GET ${CARGO}`]: analysis,
      });
      renderCard(
        <>
          <ClosestCars loadId={42} />
          <RatePrediction loadId={42} />
          <CargoAnalysis loadId={42} />
        </>,
      );
      await userEvent.setup().click(await screen.findByRole('switch', { name: 'Только подходящие' }));
      expect(await screen.findByText('Опоздает на погрузку')).toBeTruthy();
      expect(screen.getByText('Свободен')).toBeTruthy();
      expect(screen.getByText('Недостаточно истории')).toBeTruthy();
      expect(
        screen.getByText('Найдено сопоставимых грузов за последние 365 дн.: 2; для прогноза нужно 5.'),
      ).toBeTruthy();
      expect(await screen.findByText('Карго-вэн')).toBeTruthy();
      expect(screen.getByText('Не для опасных грузов')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
