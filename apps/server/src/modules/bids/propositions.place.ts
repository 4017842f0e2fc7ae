import {
  PROPOSITION_MESSAGES,
  PROPOSITION_STATUS,
  type Proposition,
  type PropositionCreate,
} from '@app/domain/bids/bids.schema';
import { BROKER_EMAIL_NOT_AUTHORIZED } from '@app/domain/bids/bids.rules';
import {
  DEFAULT_PROPOSITION_TEMPLATE,
  fillPropositionTemplate,
  propositionHtml,
  propositionPlainText,
  propositionSubject,
  propositionValues,
} from '@app/domain/bids/proposition-template.rules';
import { VEHICLE_STATUSES } from '@app/domain/common/lookups';
import { routeDistanceMiles } from '@app/domain/geo/geo.rules';
import { statusAllows } from '@app/domain/loadboard/closest-cars.rules';
import { createUnitOfWork, type Trx } from '../../db/unit-of-work';
import { runIdempotent, type IdempotentOutcome } from '../../http/idempotency';
import { fieldError, refuse } from '../../http/errors';
import type { SmtpSettings } from '../../integrations/mail/mailer';
import type { CompanyCaller } from '../auth/caller';
import type { PropositionsDeps } from './propositions.deps';
import { dispatcherBidEvent } from './propositions.events';
import * as repository from './propositions.repository';

// POST propositions/create: a dispatcher offers a vehicle for a board load at a price. In one transaction
// the bid is saved (kept as sent), the vehicle goes In bid when it was Available, and the board hears of
// it after commit (dispatcher_bid, car_status_change). The e-mail to the broker goes out after the commit,
// so that a broker never gets a proposition that was rolled back, and the proposition then says what
// became of it ('sent' or 'failed'; 'kept' when the company has no SMTP server). A replayed request
// (Idempotency-Key) answers the proposition as it is now and sends nothing again.

export const PROPOSITIONS_MESSAGES = {
  unknownLoad: 'Choose a load of the load board',
  unknownVehicle: 'Choose a vehicle of your company',
  unknownDriver: 'Choose a driver of your company',
} as const;

type Placed = { id: number; to: string; replyTo: string; subject: string; message: string };

/** The company's SMTP settings when they are complete enough to send; null otherwise. */
export function smtpSettingsOf(mail: repository.CompanyMail): SmtpSettings | null {
  if (!mail.smtp_host || !mail.smtp_port || !mail.smtp_from) return null;
  return {
    host: mail.smtp_host,
    port: mail.smtp_port,
    secure: mail.smtp_secure,
    user: mail.smtp_user,
    password: mail.smtp_password,
    from: mail.smtp_from,
  };
}

export function createPropositionPlacing(
  deps: PropositionsDeps,
  get: (caller: CompanyCaller, id: number) => Promise<Proposition>,
) {
  const { db, now, mailer, loads, vehicles } = deps;
  const unit = createUnitOfWork(deps);

  async function place(
    trx: Trx,
    outbox: Parameters<Parameters<typeof unit.run>[0]>[1],
    caller: CompanyCaller,
    body: PropositionCreate,
    bidder: repository.Bidder,
    mail: repository.CompanyMail,
    at: Date,
  ): Promise<Placed> {
    const load = await repository.shareLoad(trx, caller.companyId, body.load);
    if (!load) throw fieldError('load', PROPOSITIONS_MESSAGES.unknownLoad);
    loads.refuseUnlessPosted(load);
    const vehicle = await repository.lockVehicle(trx, caller.companyId, body.car);
    if (!vehicle) throw fieldError('car', PROPOSITIONS_MESSAGES.unknownVehicle);
    if (
      !statusAllows({
        status: { id: vehicle.status },
        can_bid_while_on_load: vehicle.can_bid_while_on_load,
        uses_planned_location: false,
      })
    ) {
      const status =
        VEHICLE_STATUSES.find((entry) => entry.id === vehicle.status)?.en ?? String(vehicle.status);
      throw refuse('vehicle_cannot_bid', `Unit ${vehicle.unit_id} cannot take a bid now: it is ${status}.`, {
        unit_id: [vehicle.unit_id],
        status: [status],
      });
    }
    let driverId = vehicle.active_driver_id;
    if (body.driver !== null) {
      const driver = await repository.findDriver(trx, caller.companyId, body.driver);
      if (!driver) throw fieldError('driver', PROPOSITIONS_MESSAGES.unknownDriver);
      driverId = driver.id;
    }
    const to = body.email_to ?? load.reply_email?.trim().toLowerCase() ?? null;
    if (!to) throw fieldError('email_to', PROPOSITION_MESSAGES.emailRequired);

    const points = await repository.findPointsOf(trx, [load.id]);
    const pickUp = points.find((point) => point.type === 'pick_up') ?? points[0] ?? null;
    const delivery = points.at(-1) ?? null;
    const located = vehicle.location_lat !== null && vehicle.location_lon !== null;
    const milesOut =
      body.miles_out ??
      (located && pickUp?.lat != null && pickUp.lon != null
        ? routeDistanceMiles([
            { lat: vehicle.location_lat!, lon: vehicle.location_lon! },
            { lat: pickUp.lat, lon: pickUp.lon },
          ])
        : null);
    const values = propositionValues({
      priceCents: body.price,
      etaSeconds: body.eta,
      now: at,
      milesOut,
      dispatcher: bidder,
      company: { name: mail.name, phone: mail.phone },
      vehicle: {
        ...vehicle,
        equipment: vehicle.equipment,
        location: located
          ? {
              city: vehicle.location_city,
              state: vehicle.location_state,
              zip_code: vehicle.location_zip_code,
              lat: vehicle.location_lat,
              lon: vehicle.location_lon,
            }
          : null,
      },
      pickUp,
    });
    const message =
      body.message ??
      fillPropositionTemplate(mail.proposition_template ?? DEFAULT_PROPOSITION_TEMPLATE, values);
    const subject = body.email_subject ?? propositionSubject(load, pickUp, delivery);
    const id = await repository.insertProposition(trx, {
      company_id: caller.companyId,
      load_id: load.id,
      kind: 'dispatcher',
      status: PROPOSITION_STATUS.active,
      vehicle_id: vehicle.id,
      driver_id: driverId,
      dispatcher_id: caller.userId,
      price_cents: body.price,
      driver_price_cents: body.driver_price,
      miles_out: milesOut === null ? null : Math.round(milesOut),
      eta_at: new Date(at.getTime() + body.eta * 1000),
      email_to: to,
      email_subject: subject,
      message,
      sent_at: at,
      delivery: 'kept',
      created_at: at,
      updated_at: at,
    });
    outbox.push(
      ...(await vehicles.followBids(trx, caller.companyId, { inBid: [vehicle.id], free: [] }, at)),
      await dispatcherBidEvent(trx, caller.companyId, load.id),
    );
    return { id, to, replyTo: bidder.working_gmail ?? '', subject, message };
  }

  return {
    async create(
      caller: CompanyCaller,
      body: PropositionCreate,
      idempotencyKey?: string,
    ): Promise<{ proposition: Proposition; replayed: boolean }> {
      const at = now();
      const bidder = await repository.findBidder(db, caller.companyId, caller.userId);
      // The broker answers the dispatcher's own mailbox: without an authorised one there is no bid (spec).
      if (!bidder?.working_gmail || !bidder.in_gmail) {
        throw refuse('email_not_authorized', BROKER_EMAIL_NOT_AUTHORIZED);
      }
      const mail = await repository.findCompanyMail(db, caller.companyId);
      if (!mail) throw fieldError('load', PROPOSITIONS_MESSAGES.unknownLoad);
      const claim = {
        companyId: caller.companyId,
        userId: caller.userId,
        scope: 'propositions.create',
        key: idempotencyKey,
        now: at,
      };
      const { result, replayed } = await unit.runWithin<Placed, IdempotentOutcome<Placed>>(
        (work) => runIdempotent(db, claim, work),
        (trx, outbox) => place(trx, outbox, caller, body, bidder, mail, at),
      );
      if (!replayed) {
        const messageId = deps.emailThreads?.newMessageId();
        const text = propositionPlainText(result.message);
        const html = propositionHtml(result.message);
        const settings = smtpSettingsOf(mail);
        const outcome = await mailer.send(settings, {
          to: result.to,
          replyTo: result.replyTo || null,
          subject: result.subject,
          text,
          html,
          messageId,
        });
        await deps.emailThreads?.recordProposition({
          companyId: caller.companyId,
          userId: caller.userId,
          bidId: result.id,
          loadId: body.load,
          to: result.to,
          from: settings?.from ?? null,
          subject: result.subject,
          text,
          html,
          messageId: messageId ?? null,
          delivery: outcome.delivery,
          at,
        });
        if (outcome.delivery !== 'kept') {
          await repository.updateProposition(db, result.id, { delivery: outcome.delivery, sent_at: now() });
        }
        if (outcome.delivery === 'failed') {
          deps.log?.error(
            { propositionId: result.id, reason: outcome.error },
            'proposition e-mail not delivered',
          );
        }
      }
      return { proposition: await get(caller, result.id), replayed };
    },
  };
}
