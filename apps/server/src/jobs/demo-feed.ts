// The demo feed: while `npm start` serves the demo data, a realistic load reaches the demo company's board
// every DEMO_FEED_SECONDS (20 by default; 0 turns it off; off in tests and e2e), so that the board is alive
// when a newcomer opens it. Each posting goes through the load intake exactly as an outside load board's
// would (the same schema, broker matching, de-duplication and update_loadboard), and imitates a load the
// company has run: its broker, lane (sometimes the other way), vehicle type, size and rate per mile, with a
// pick-up in the next day and a rate a few percent either way. Now and then a broker posts one of its
// recent references again with a new rate, which updates that board load instead of adding one.
import { randomInt } from 'node:crypto';
import { transitTimeHours } from '@app/domain/geo/geo.rules';
import { intakePostingSchema, type IntakePostingInput } from '@app/domain/loadboard/intake.schema';
import type { IntakeService, PostingSample } from '../modules/loadboard/intake.service';

/** How many of the company's recent loads the feed imitates (read once, on its first posting). */
const SAMPLE_SIZE = 200;
/** One posting in this many repeats a recent reference with a new rate. */
const REPOST_ONE_IN = 6;
const RECENT_REFERENCES = 20;
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type DemoFeedDeps = {
  intake: Pick<IntakeService, 'intake' | 'postingSamples'>;
  now: () => Date;
  companyId: number;
  /** A whole number in [0, max): crypto's by default, fixed in tests. */
  random?: (max: number) => number;
};

type Reposting = { reference: string; sample: PostingSample; reversed: boolean };

export function createDemoFeed(deps: DemoFeedDeps) {
  const { intake, now, companyId } = deps;
  const random = deps.random ?? ((max: number) => randomInt(max));
  let samples: PostingSample[] | null = null;
  const recent: Reposting[] = [];

  const between = (min: number, max: number) => min + (random(1_000_000) / 1_000_000) * (max - min);

  function posting({ reference, sample, reversed }: Reposting, at: Date): IntakePostingInput {
    const [from, to] = reversed ? [sample.deliver_to, sample.pick_up] : [sample.pick_up, sample.deliver_to];
    const pickUpAt = new Date(
      Math.ceil((at.getTime() + between(2, 30) * HOUR_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
    );
    const transitHours = transitTimeHours(sample.miles ?? 300) + between(1, 4);
    const deliveryAt = new Date(
      Math.ceil((pickUpAt.getTime() + transitHours * HOUR_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
    );
    const baseCents = sample.pays_cents ?? sample.broker_price_cents;
    // The rate of the lane a few percent either way, in whole $25.
    const paysCents = Math.max(2500, Math.round((baseCents * between(0.92, 1.08)) / 2500) * 2500);
    return {
      reference,
      broker_company: { name: sample.broker_name, mc_number: sample.broker_mc_number },
      broker_name: sample.broker_contact,
      broker_phone: sample.broker_phone,
      reply_email: sample.reply_email,
      pick_up: { ...from, date: pickUpAt.toISOString() },
      deliver_to: { ...to, date: deliveryAt.toISOString() },
      car: sample.vehicle_type as IntakePostingInput['car'],
      pays: paysCents / 100,
      weight: sample.weight,
      pieces: sample.pieces,
      length: sample.length,
      width: sample.width,
      height: sample.height,
      equipment: sample.equipment ?? {},
      dock_level: sample.dock_level,
    };
  }

  return {
    /** Posts one load for the company; answers what the intake did, or null when it has nothing to imitate. */
    postOne: async () => {
      samples ??= (await intake.postingSamples(companyId, SAMPLE_SIZE)).filter(
        (sample) => sample.vehicle_type !== null && (sample.pays_cents ?? sample.broker_price_cents) > 0,
      );
      if (samples.length === 0) return null;
      const at = now();
      const repost = recent.length > 0 && random(REPOST_ONE_IN) === 0;
      const chosen: Reposting = repost
        ? recent[random(recent.length)]!
        : {
            reference: `DF-${at.getTime().toString(36).toUpperCase()}${random(1000).toString().padStart(3, '0')}`,
            sample: samples[random(samples.length)]!,
            reversed: random(2) === 0,
          };
      if (!repost) {
        recent.push(chosen);
        if (recent.length > RECENT_REFERENCES) recent.shift();
      }
      // Checked as an outside poster's JSON is: the same schema, the same messages.
      return intake.intake(companyId, intakePostingSchema.parse(posting(chosen, at)));
    },
  };
}
