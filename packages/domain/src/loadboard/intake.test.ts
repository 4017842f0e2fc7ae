import { describe, expect, it } from 'vitest';
import {
  brokerNameKey,
  hasStoppedPosting,
  noPostingContent,
  noPostingLabel,
  repeatOutcome,
  repeatWindowStart,
} from './intake.rules';
import { intakePostingSchema, INTAKE_POSTING_EXAMPLE } from './intake.schema';

const HOUR = 60 * 60 * 1000;
const NOW = new Date('2026-11-25T15:00:00Z');

describe('a repeated posting', () => {
  it('repeats a posting of the same broker and reference made within the last 24 hours', () => {
    expect(repeatWindowStart(NOW).toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });

  it('updates a load still on the board and leaves one booked, withdrawn or expired as it is', () => {
    expect(repeatOutcome('posted')).toBe('updated');
    for (const status of ['booked', 'withdrawn', 'expired', null] as const) {
      expect(repeatOutcome(status), String(status)).toBe('unchanged');
    }
  });
});

describe('the broker a posting names', () => {
  it('is matched by name whatever its case and spaces', () => {
    expect(brokerNameKey('  Total  Quality   Logistics ')).toBe('total quality logistics');
    expect(brokerNameKey('TQL')).toBe(brokerNameKey('tql'));
  });
});

describe('a broker that stopped posting', () => {
  const broker = (lastPostedHoursAgo: number | null, notifiedHoursAgo: number | null = null) => ({
    last_posted_at: lastPostedHoursAgo === null ? null : new Date(NOW.getTime() - lastPostedHoursAgo * HOUR),
    no_posting_notified_at:
      notifiedHoursAgo === null ? null : new Date(NOW.getTime() - notifiedHoursAgo * HOUR),
  });

  it('is reported after a day without postings, once per silence', () => {
    expect(hasStoppedPosting(broker(23.9), NOW)).toBe(false);
    expect(hasStoppedPosting(broker(24), NOW)).toBe(true);
    expect(hasStoppedPosting(broker(30, 5), NOW)).toBe(false);
    // Told of an earlier silence, before its last posting: this silence is new.
    expect(hasStoppedPosting(broker(30, 40), NOW)).toBe(true);
  });

  it('is never reported when it never posted', () => {
    expect(hasStoppedPosting(broker(null), NOW)).toBe(false);
  });

  it('reads in English and Russian with the last posting in Eastern time', () => {
    const last = new Date('2026-11-24T14:15:00Z');
    expect(noPostingLabel('en')).toBe('Broker stopped posting');
    expect(noPostingContent('en', 'Coyote Logistics', last)).toBe(
      'Coyote Logistics has posted no loads since 09:15am 11/24/2026 ET',
    );
    expect(noPostingLabel('ru')).toBe('Брокер перестал публиковать грузы');
    expect(noPostingContent('ru', 'Coyote Logistics', last)).toBe(
      'Coyote Logistics не публикует грузы с 09:15 24.11.2026 ET',
    );
  });
});

describe('an intake posting', () => {
  it('takes the documented example: MC number as digits, money as cents, defaults for the flags', () => {
    const posting = intakePostingSchema.parse(INTAKE_POSTING_EXAMPLE);
    expect(posting).toMatchObject({
      reference: 'TQL-88213',
      broker_company: { name: 'Total Quality Logistics', mc_number: '411443' },
      reply_email: 'mross@tql.example',
      pays: 125000,
      weight: 1800,
      isDanger: false,
      dock_level: true,
      equipment: { straps: true },
    });
  });

  it('names each bad field', () => {
    const result = intakePostingSchema.safeParse({
      ...INTAKE_POSTING_EXAMPLE,
      broker_company: { name: '', mc_number: 'MC-12a' },
      weight: '12.5',
      height: 1000,
      pick_up: { ...INTAKE_POSTING_EXAMPLE.pick_up, date: '2026-11-26' },
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(fields).toMatchObject({
      'broker_company.name': 'This field is required',
      'broker_company.mc_number': 'MC number must contain digits only',
      weight: 'Must be a whole number',
      height: 'Must be at most 999',
      'pick_up.date': 'Must be an ISO 8601 date-time with offset',
    });
  });
});
