import { describe, expect, it } from 'vitest';
import { estimatedDeliveryDate, isReadEnough, readPostingEmail } from './posting-email.rules';
import { cleanSubject, htmlToText, labelledValues, postingBodyText } from './posting-email-text.rules';
import {
  findCompanyBeforeMc,
  findMcNumber,
  findReference,
  readDims,
  readLane,
  readPlaces,
  readPostingDate,
  readRateCents,
  readVehicleType,
  readWeightIn,
} from './posting-email-values.rules';

// Wednesday 25 November 2026, 10:00 Eastern.
const NOW = new Date('2026-11-25T15:00:00Z');

describe('the text of a posting e-mail', () => {
  it('reads an HTML-only mail as lines, a table cell apart from the next, entities decoded', () => {
    const html =
      '<style>td{color:red}</style><table><tr><th>Pickup</th><td>Columbus,&nbsp;OH</td></tr>' +
      '<tr><td>Rate</td><td>$850 &amp; fuel</td></tr></table><p>Thanks<br>Sarah</p>';
    expect(htmlToText(html)).toBe('Pickup | Columbus, OH\nRate | $850 & fuel\nThanks\nSarah');
  });

  it('takes the plain part when there is one and leaves quoted reply lines out', () => {
    expect(postingBodyText({ text: 'Rate: $900\n> Rate: $700', html: '<p>Rate: $1</p>' })).toBe('Rate: $900');
    expect(postingBodyText({ text: '', html: '<p>**Rate:** $1</p>' })).toBe('Rate: $1');
  });

  it('drops Re:, Fwd: and [EXTERNAL] from the subject', () => {
    expect(cleanSubject('[EXTERNAL] RE: Fwd: Load Dallas, TX')).toBe('Load Dallas, TX');
  });

  it('reads labelled values with colons, bars, tabs, several on one line and a value on the next line', () => {
    const values = labelledValues(
      'PU: Memphis, TN | DEL: Little Rock, AR | Rate: $475\nOrigin\tNewark, NJ\nPick up:\nDallas, TX',
    );
    expect(values).toEqual([
      { field: 'pick_up', text: 'Memphis, TN' },
      { field: 'deliver_to', text: 'Little Rock, AR' },
      { field: 'pays', text: '$475' },
      { field: 'pick_up', text: 'Newark, NJ' },
      { field: 'pick_up', text: 'Dallas, TX' },
    ]);
  });
});

describe('places', () => {
  it('reads "City, ST", "City ST 12345" and a ZIP code alone', () => {
    expect(readPlaces('Dallas, TX')).toEqual([{ city: 'Dallas', state: 'TX', zip_code: null }]);
    expect(readPlaces('SALT LAKE CITY UT 84101')).toEqual([
      { city: 'Salt Lake City', state: 'UT', zip_code: '84101' },
    ]);
    expect(readPlaces('60601')).toEqual([{ city: null, state: null, zip_code: '60601' }]);
  });

  it('does not read a weight or a rate as a ZIP code', () => {
    expect(readPlaces('12000 lbs, $12500')).toEqual([]);
  });

  it('reads a lane of two places with an arrow, a dash or "to", without the words in front of the city', () => {
    expect(readLane('Load available Dallas, TX to Atlanta, GA')).toEqual({
      from: { city: 'Dallas', state: 'TX', zip_code: null },
      to: { city: 'Atlanta', state: 'GA', zip_code: null },
    });
    expect(readLane('FB Phoenix AZ -> Los Angeles CA 11/30')?.from.city).toBe('Phoenix');
    expect(readLane('60601 > 53202 cargo van')?.to.zip_code).toBe('53202');
    expect(readLane('Dallas, TX only')).toBeNull();
  });
});

describe('dates, read as Eastern time', () => {
  it('reads 11/27, 11/27/2026, 11/27/26, Nov 27 and Thu 11/26 08:00', () => {
    expect(readPostingDate('11/27', NOW)).toBe('2026-11-27T08:00:00-05:00');
    expect(readPostingDate('11/27/2026 14:30', NOW)).toBe('2026-11-27T14:30:00-05:00');
    expect(readPostingDate('11/27/26 9am', NOW)).toBe('2026-11-27T09:00:00-05:00');
    expect(readPostingDate('Nov 27 2:00 PM', NOW)).toBe('2026-11-27T14:00:00-05:00');
    expect(readPostingDate('Thu 11/26 0800 hrs', NOW)).toBe('2026-11-26T08:00:00-05:00');
  });

  it('takes the year nearest to now and keeps summer time', () => {
    expect(readPostingDate('1/2', NOW)).toBe('2027-01-02T08:00:00-05:00');
    expect(readPostingDate('Jul 4 2026 10:00', NOW)).toBe('2026-07-04T10:00:00-04:00');
  });

  it('reads ASAP as now and tomorrow as 08:00 tomorrow; nothing else as a date', () => {
    expect(readPostingDate('ASAP', NOW)).toBe('2026-11-25T10:00:00-05:00');
    expect(readPostingDate('tomorrow', NOW)).toBe('2026-11-26T08:00:00-05:00');
    expect(readPostingDate('when ready', NOW)).toBeNull();
    expect(readPostingDate('13/45', NOW)).toBeNull();
  });
});

describe('vehicle types', () => {
  it.each([
    ['Sprinter van', 'SPRINTER VAN'],
    ['SV', 'SPRINTER VAN'],
    ['sprinter', 'SPRINTER'],
    ['C-van', 'CARGO VAN'],
    ['small straight', 'SMALL STRAIGHT'],
    ["26' box truck", 'LARGE STRAIGHT'],
    ['straight truck', 'LARGE STRAIGHT'],
    ['Box truck', 'BOX TRUCK'],
    ['Reefer', 'REEFER'],
    ['FB', 'FLATBED'],
    ["53' dry van", 'TRACTOR'],
    ['van', 'VAN'],
  ])('reads %s as %s', (text, type) => {
    expect(readVehicleType(text)).toBe(type);
  });

  it('reads no type from text without one', () => {
    expect(readVehicleType('3 pallets of paper')).toBeNull();
  });
});

describe('numbers, money and names', () => {
  it('reads weights, dims in inches and rates, not a rate per mile', () => {
    expect(readWeightIn('2 skids 700#, 48x40')).toBe(700);
    expect(readDims('48" x 40" x 60"')).toEqual({ length: 48, width: 40, height: 60 });
    expect(readRateCents('$1,250.00')).toBe(125_000);
    expect(readRateCents('1250 USD')).toBe(125_000);
    expect(readRateCents('$2.10/mi')).toBeNull();
  });

  it('reads references and MC numbers as brokers write them', () => {
    expect(findReference('Load # JB-7001.')).toBe('JB-7001');
    expect(findReference('Order #44120')).toBe('44120');
    expect(findMcNumber('MC#: 0411443')).toBe('411443');
    expect(findMcNumber('Coyote Logistics, MC-561135')).toBe('561135');
  });

  it('reads the broker company a signature names in front of its MC number, not other text', () => {
    expect(findCompanyBeforeMc('Mike Ross\nTotal Quality Logistics | MC# 411443')).toBe(
      'Total Quality Logistics',
    );
    expect(findCompanyBeforeMc('XPO Logistics • MC 420124')).toBe('XPO Logistics');
    expect(findCompanyBeforeMc('Rate $1,600. Load # JB-7001. MC 135797.')).toBeNull();
    expect(findCompanyBeforeMc('MC: 596042')).toBeNull();
  });
});

describe('a posting e-mail', () => {
  it('is read whole from a labelled plain-text mail', () => {
    const reading = readPostingEmail(
      {
        subject: 'Load available',
        text:
          'Pick up: Dallas, TX 75201\nPick up date: 11/27/2026 08:00\nDelivery: Atlanta, GA 30303\n' +
          'Equipment: Sprinter van\nMiles: 781\nWeight: 1,800 lbs\nPieces: 3\nDims: 48x40x48\nRate: $1,250.00\n' +
          'Reference #: TQL-88213\nTotal Quality Logistics | MC# 411443 | (513) 831-2600',
      },
      NOW,
    );
    expect(reading.read).toEqual({
      pick_up: { city: 'Dallas', state: 'TX', zip_code: '75201' },
      pick_up_date: '2026-11-27T08:00:00-05:00',
      deliver_to: { city: 'Atlanta', state: 'GA', zip_code: '30303' },
      delivery_date: null,
      car: 'SPRINTER VAN',
      miles: 781,
      weight: 1800,
      pieces: 3,
      length: 48,
      width: 40,
      height: 48,
      pays_cents: 125_000,
      reference: 'TQL-88213',
      mc_number: '411443',
      broker_name: 'Total Quality Logistics',
      broker_phone: '(513) 831-2600',
    });
    expect(reading.unread).toEqual([]);
    expect(isReadEnough(reading)).toBe(true);
  });

  it('lists what it could not read with the text the mail had, and the required fields it did not find', () => {
    const reading = readPostingEmail(
      {
        subject: 'Need a truck',
        text: 'Pick up: Charlotte, NC tomorrow\nDelivery: TBD\nRate: call\nWeight: 1,800,000',
      },
      NOW,
    );
    expect(reading.unread).toEqual([
      { field: 'deliver_to', text: 'TBD' },
      { field: 'car', text: null },
      { field: 'weight', text: '1,800,000' },
      { field: 'pays', text: 'call' },
    ]);
    expect(isReadEnough(reading)).toBe(false);
  });

  it('estimates a delivery the mail does not give from the driving hours, rounded up to the hour', () => {
    expect(estimatedDeliveryDate('2026-11-27T08:00:00-05:00', 15.6).toISOString()).toBe(
      '2026-11-28T05:00:00.000Z',
    );
  });
});
