import {
  INCENTIVE_MESSAGES,
  type IncentiveTemplate,
  type IncentiveTemplateBody,
  type IncentiveTemplateList,
} from '@app/domain/accounting/incentives.schema';
import { centsToAmount } from '@app/domain/common/money';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import { notFound, refuse, type HttpError } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './incentive-templates.repository';

// The company's incentive templates: a named bonus or fine (type, person, amount, reason) that fills the
// incentive form. A name is the company's once, whatever its case (incentive_template_name_taken). Removing
// a template leaves the incentives made from it as they are. Every change publishes update_incentives
// { template_ids } after commit, so colleagues' template lists follow.

export type IncentiveTemplatesService = ReturnType<typeof createIncentiveTemplatesService>;

function toTemplate(row: repository.TemplateRow): IncentiveTemplate {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    person_type: row.person_type,
    amount: centsToAmount(row.amount_cents),
    reason: row.reason,
    created_date: row.created_at.toISOString(),
    updated_date: row.updated_at.toISOString(),
  };
}

function nameTaken(): HttpError {
  return refuse('incentive_template_name_taken', INCENTIVE_MESSAGES.templateNameTaken, {
    name: [INCENTIVE_MESSAGES.templateNameTaken],
  });
}

export function createIncentiveTemplatesService(deps: {
  db: Db;
  bus: EventBus;
  now?: () => Date;
  log?: ErrorLog;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const unit = createUnitOfWork(deps);

  const templateEvent = (companyId: number, id: number): RealtimeEvent =>
    companyEvent('update_incentives', companyId, { load_ids: [], template_ids: [id] });

  /** Runs a change; the name index's answer to a race is the same refusal as the check's. */
  async function changing<Result>(
    work: (trx: Trx, outbox: RealtimeEvent[]) => Promise<Result>,
  ): Promise<Result> {
    try {
      return await unit.run(work);
    } catch (error) {
      if (repository.isNameRace(error)) throw nameTaken();
      throw error;
    }
  }

  const values = (body: IncentiveTemplateBody) => ({
    name: body.name,
    type: body.type,
    person_type: body.person_type,
    amount_cents: body.amount,
    reason: body.reason,
  });

  return {
    /** GET templates/all: every template of the company, by name. */
    async list(caller: CompanyCaller): Promise<IncentiveTemplateList> {
      const rows = await repository.findTemplates(db, caller.companyId);
      return { count: rows.length, results: rows.map(toTemplate) };
    },

    /** POST templates/create */
    async create(caller: CompanyCaller, body: IncentiveTemplateBody): Promise<IncentiveTemplate> {
      const at = now();
      return changing(async (trx, outbox) => {
        if (await repository.isNameTaken(trx, caller.companyId, body.name)) throw nameTaken();
        const row = await repository.insertTemplate(trx, {
          company_id: caller.companyId,
          ...values(body),
          created_by: caller.userId,
          created_at: at,
          updated_at: at,
        });
        outbox.push(templateEvent(caller.companyId, row.id));
        return toTemplate(row);
      });
    },

    /** PUT templates/{id}: the whole template. */
    async update(caller: CompanyCaller, id: number, body: IncentiveTemplateBody): Promise<IncentiveTemplate> {
      return changing(async (trx, outbox) => {
        if (!(await repository.lockTemplate(trx, caller.companyId, id))) throw notFound();
        if (await repository.isNameTaken(trx, caller.companyId, body.name, id)) throw nameTaken();
        const row = await repository.updateTemplate(trx, caller.companyId, id, {
          ...values(body),
          updated_at: now(),
        });
        if (!row) throw notFound();
        outbox.push(templateEvent(caller.companyId, id));
        return toTemplate(row);
      });
    },

    /** DELETE templates/{id}: the incentives made from it keep their values. */
    async remove(caller: CompanyCaller, id: number): Promise<{ detail: string }> {
      await unit.run(async (trx, outbox) => {
        if (!(await repository.deleteTemplate(trx, caller.companyId, id))) throw notFound();
        outbox.push(templateEvent(caller.companyId, id));
      });
      return { detail: 'The template was deleted.' };
    },
  };
}
