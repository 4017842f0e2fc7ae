import { describe, expect, it } from 'vitest';
import {
  arrivalWindow,
  DEFAULT_PROPOSITION_TEMPLATE,
  etaText,
  fillPropositionTemplate,
  PROPOSITION_PLACEHOLDERS,
  PROPOSITION_TEMPLATE_MESSAGES,
  propositionHtml,
  propositionPlainText,
  propositionSubject,
  propositionValues,
  validatePropositionTemplate,
  type PropositionFacts,
} from './proposition-template.rules';

// 2:00 PM Eastern (EST, UTC-5) on November 25.
const NOW = new Date('2026-11-25T19:00:00Z');

const facts: PropositionFacts = {
  priceCents: 185_000,
  etaSeconds: 1800,
  now: NOW,
  milesOut: 120.4,
  dispatcher: { first_name: 'Dana', last_name: 'Scott', phone_number: '(555) 010-2020' },
  company: { name: 'Blue Line Carriers', phone: '(555) 999-0000' },
  vehicle: {
    unit_id: 'T-104',
    transport_type: 'BOX TRUCK',
    length_in: 288,
    width_in: 96,
    height_in: 96,
    payload_lbs: 10000,
    equipment: { straps: true, liftgate: true },
    location: { city: 'Dallas', state: 'TX', zip_code: '75201', lat: 32.7767, lon: -96.797 },
  },
  pickUp: { lat: 29.7604, lon: -95.3698 },
};

describe('arrival', () => {
  it('is the window from now plus the given seconds to one hour later, shown as EST', () => {
    expect(arrivalWindow(NOW, 1800)).toBe('11/25 02:30 PM - 03:30 PM EST');
  });

  it('repeats the date when the window crosses midnight', () => {
    expect(arrivalWindow(NOW, 9.5 * 3600)).toBe('11/25 11:30 PM - 11/26 12:30 AM EST');
  });

  it('shows noon as 12 PM and midnight as 12 AM', () => {
    expect(arrivalWindow(new Date('2026-11-25T17:00:00Z'), 0)).toBe('11/25 12:00 PM - 01:00 PM EST');
  });
});

describe('the spec placeholders', () => {
  const values = propositionValues(facts);

  it('has every placeholder the spec names', () => {
    expect(PROPOSITION_PLACEHOLDERS).toEqual([
      'brokerPrice',
      'sign',
      'vehicle',
      'eta',
      'miles',
      'dims',
      'arrival',
      'phoneNumber',
      'payload',
      'internal_number',
      'mapLink',
      'equipment',
      'dockhigh',
      'current_address',
      'door_dims',
    ]);
  });

  it('fills each from the bid', () => {
    expect(values).toEqual({
      brokerPrice: '$1,850.00',
      sign: 'Dana Scott\nBlue Line Carriers\n(555) 010-2020',
      vehicle: 'Box truck',
      eta: '30 min',
      miles: '120',
      dims: '288 x 96 x 96 in',
      arrival: '11/25 02:30 PM - 03:30 PM EST',
      phoneNumber: '(555) 010-2020',
      payload: '10,000 lbs',
      internal_number: 'T-104',
      mapLink: 'https://www.google.com/maps/dir/?api=1&origin=32.7767,-96.797&destination=29.7604,-95.3698',
      equipment: 'Straps, Lift-gate',
      dockhigh: 'Yes',
      current_address: 'Dallas, TX 75201',
      door_dims: '96 x 96 in',
    });
  });

  it('uses the company phone when the dispatcher has none, and leaves unknown values empty', () => {
    const sparse = propositionValues({
      ...facts,
      milesOut: null,
      dispatcher: { first_name: 'Dana', last_name: 'Scott', phone_number: null },
      vehicle: {
        ...facts.vehicle,
        transport_type: 'SPRINTER VAN',
        length_in: null,
        payload_lbs: null,
        location: null,
        equipment: {},
      },
    });
    expect(sparse.phoneNumber).toBe('(555) 999-0000');
    expect(sparse.miles).toBe('');
    expect(sparse.dims).toBe('');
    expect(sparse.payload).toBe('');
    expect(sparse.mapLink).toBe('');
    expect(sparse.current_address).toBe('');
    expect(sparse.equipment).toBe('None');
    expect(sparse.dockhigh).toBe('No');
  });

  it('writes the ETA in hours and minutes', () => {
    expect(etaText(45 * 60)).toBe('45 min');
    expect(etaText(2 * 3600)).toBe('2 h');
    expect(etaText(2.5 * 3600)).toBe('2 h 30 min');
  });
});

describe('rendering', () => {
  const message = fillPropositionTemplate(
    'Rate [bold]{brokerPrice}[/bold], arrival {arrival}. {unknown} stays. <b>',
    propositionValues(facts),
  );

  it('fills placeholders and keeps the bold tags and any other braces', () => {
    expect(message).toBe(
      'Rate [bold]$1,850.00[/bold], arrival 11/25 02:30 PM - 03:30 PM EST. {unknown} stays. <b>',
    );
  });

  it('drops the bold tags from the plain-text part', () => {
    expect(propositionPlainText(message)).toBe(
      'Rate $1,850.00, arrival 11/25 02:30 PM - 03:30 PM EST. {unknown} stays. <b>',
    );
  });

  it('makes [bold] text bold in the HTML part and escapes the rest', () => {
    expect(propositionHtml('A & B\n[bold]$1,850.00[/bold] <x>')).toBe(
      '<div>A &#38; B<br><b>$1,850.00</b> &#60;x&#62;</div>',
    );
  });

  it('the default template uses only known placeholders and shows the price in bold', () => {
    expect(validatePropositionTemplate(DEFAULT_PROPOSITION_TEMPLATE)).toEqual([]);
    const filled = fillPropositionTemplate(DEFAULT_PROPOSITION_TEMPLATE, propositionValues(facts));
    expect(filled).toContain('We can take this load for [bold]$1,850.00[/bold].');
    expect(filled).toContain('Arrival: [bold]11/25 02:30 PM - 03:30 PM EST[/bold]');
    expect(filled).not.toMatch(/\{[A-Za-z_]+\}/);
  });
});

describe('template validation', () => {
  it('reports an unknown placeholder by name', () => {
    expect(validatePropositionTemplate('Hi {brokerprice}')).toEqual([
      PROPOSITION_TEMPLATE_MESSAGES.unknownPlaceholder('brokerprice'),
    ]);
  });

  it('reports a [bold] without its [/bold]', () => {
    expect(validatePropositionTemplate('[bold]{brokerPrice}')).toEqual([
      PROPOSITION_TEMPLATE_MESSAGES.unbalancedBold,
    ]);
    expect(validatePropositionTemplate('{brokerPrice}[/bold]')).toEqual([
      PROPOSITION_TEMPLATE_MESSAGES.unbalancedBold,
    ]);
  });
});

describe('subject', () => {
  it('names the load number and the lane', () => {
    expect(
      propositionSubject(
        { id: 9, load_accounting_number: 42 },
        { city: 'Dallas', state: 'TX' },
        { city: 'Houston', state: 'TX' },
      ),
    ).toBe('Load #000042 Dallas, TX - Houston, TX');
  });
  it('uses the id of a load without a number', () => {
    expect(propositionSubject({ id: 9, load_accounting_number: null }, null, null)).toBe('Load #9');
  });
});
