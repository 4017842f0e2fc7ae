import type { Db } from '../../db/types';
import type { ErrorLog } from '../../db/unit-of-work';
import type { Mailer } from '../../integrations/mail/mailer';
import type { EventBus } from '../../realtime/event-bus';
import type { EmailService } from '../email/email.service';
import type { LoadsService } from '../loads/loads.service';
import type { VehiclesService } from '../units/vehicles.service';

/**
 * What the propositions reach: the database for their own rows and reads, the mailer for the e-mail to
 * the broker, the loads service to book a board load (and edit it), the vehicles service for the In bid
 * status of the vehicles offered.
 */
export type PropositionsDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  mailer: Mailer;
  loads: Pick<LoadsService, 'lockBoardLoad' | 'bookLockedLoad' | 'refuseUnlessPosted' | 'editBoardLoad'>;
  vehicles: Pick<VehiclesService, 'followBids'>;
  /** The e-mail threads: a proposition sent is the first message of its bid's thread. */
  emailThreads?: Pick<EmailService, 'newMessageId' | 'recordProposition'>;
  log?: ErrorLog;
};
