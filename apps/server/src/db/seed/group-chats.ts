/**
 * The demo's group chats, so that /group-chats/ shows conversations at once: the chats and notes of a few
 * active loads (their dispatcher and the team lead as members, a short exchange and a note each, the
 * newest message unread by the lead) and a chat of each team. Written with a handful of multi-row inserts.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { addMinutes } from './dates';

/** Loads whose chat gets messages. */
const CHATTY_LOADS = 6;

const LOAD_EXCHANGE = [
  { from: 'dispatcher', text: 'Driver checked in at the shipper, waiting for a dock.' },
  { from: 'lead', text: 'Any detention if they keep him past two hours?' },
  { from: 'dispatcher', text: 'Yes, $50 an hour after 2 hours, it is on the rate con.' },
  { from: 'lead', text: 'Good. Send me the BOL photo once he is loaded.' },
] as const;

const LOAD_NOTE = 'Broker wants a call before delivery; receiver closes at 3 pm.';

const TEAM_EXCHANGE = [
  { from: 'lead', text: 'Morning team: please update ETAs on every active load by 10 am.' },
  { from: 'dispatcher', text: 'Done for mine. Two trucks will be empty in Dallas tomorrow.' },
] as const;

type Speaker = 'dispatcher' | 'lead';

export async function seedGroupChats(
  trx: Transaction<Database>,
  companyId: number,
  now: Date,
): Promise<void> {
  const loads = await trx
    .selectFrom('loads as l')
    .innerJoin('working_groups as g', 'g.id', 'l.working_group_id')
    .select(['l.id', 'l.dispatcher_id', 'g.group_lead_id'])
    .where('l.company_id', '=', companyId)
    .where('l.list_class', '=', 1)
    .where('l.dispatcher_id', 'is not', null)
    .where('g.group_lead_id', 'is not', null)
    .orderBy('l.id')
    .limit(CHATTY_LOADS)
    .execute();
  const teams = await trx
    .selectFrom('working_groups as g')
    .select(['g.id', 'g.group_name', 'g.group_lead_id'])
    .where('g.company_id', '=', companyId)
    .where('g.group_lead_id', 'is not', null)
    .orderBy('g.id')
    .execute();
  const teamMembers = await trx
    .selectFrom('working_group_members as m')
    .innerJoin('working_groups as g', 'g.id', 'm.working_group_id')
    .select(['m.working_group_id', 'm.user_id'])
    .where('g.company_id', '=', companyId)
    .execute();

  type Plan = {
    kind: 'load' | 'notes' | 'team';
    loadId: number | null;
    teamId: number | null;
    title: string;
    members: number[];
    messages: { userId: number; text: string }[];
  };
  const plans: Plan[] = [];
  for (const load of loads) {
    const people: Record<Speaker, number> = { dispatcher: load.dispatcher_id!, lead: load.group_lead_id! };
    const members = [...new Set([people.dispatcher, people.lead])];
    plans.push({
      kind: 'load',
      loadId: load.id,
      teamId: null,
      title: '',
      members,
      messages: LOAD_EXCHANGE.map((line) => ({ userId: people[line.from], text: line.text })),
    });
    plans.push({
      kind: 'notes',
      loadId: load.id,
      teamId: null,
      title: '',
      members,
      messages: [{ userId: people.dispatcher, text: LOAD_NOTE }],
    });
  }
  for (const team of teams) {
    const members = teamMembers.filter((row) => row.working_group_id === team.id).map((row) => row.user_id);
    const speaker = members.find((id) => id !== team.group_lead_id);
    const people: Record<Speaker, number> = {
      lead: team.group_lead_id!,
      dispatcher: speaker ?? team.group_lead_id!,
    };
    plans.push({
      kind: 'team',
      loadId: null,
      teamId: team.id,
      title: team.group_name,
      members: [...new Set([team.group_lead_id!, ...members])],
      messages: TEAM_EXCHANGE.map((line) => ({ userId: people[line.from], text: line.text })),
    });
  }
  if (plans.length === 0) return;

  const chats = await trx
    .insertInto('group_chats')
    .values(
      plans.map((plan) => ({
        company_id: companyId,
        kind: plan.kind,
        load_id: plan.loadId,
        team_id: plan.teamId,
        title: plan.title,
        created_by: plan.kind === 'team' ? plan.members[0]! : null,
        created_at: addMinutes(now, -24 * 60),
        activity_at: addMinutes(now, -24 * 60),
      })),
    )
    .returning('id')
    .execute();

  // Messages a few minutes apart, each chat's last one a little more recent than the chat before it.
  const messageRows = plans.flatMap((plan, index) =>
    plan.messages.map((message, order) => ({
      company_id: companyId,
      chat_id: Number(chats[index]!.id),
      user_from: message.userId,
      content: message.text,
      created_at: addMinutes(now, -(plans.length - index) * 20 - (plan.messages.length - order) * 4),
    })),
  );
  const messages = await trx
    .insertInto('group_chat_messages')
    .values(messageRows)
    .returning(['id', 'chat_id', 'user_from', 'created_at'])
    .execute();

  const lastOf = new Map<number, (typeof messages)[number]>();
  for (const message of messages) lastOf.set(Number(message.chat_id), message);
  for (const [chatId, last] of lastOf) {
    await trx
      .updateTable('group_chats')
      .set({ last_message_id: last.id, activity_at: last.created_at })
      .where('id', '=', chatId)
      .execute();
  }
  // Everyone has read all but the last message of each chat, which its author has read.
  await trx
    .insertInto('group_chat_members')
    .values(
      plans.flatMap((plan, index) => {
        const chatId = Number(chats[index]!.id);
        const inChat = messages.filter((message) => Number(message.chat_id) === chatId);
        const last = inChat.at(-1)!;
        const beforeLast = inChat.at(-2)?.id ?? 0;
        return plan.members.map((userId) => ({
          chat_id: chatId,
          user_id: userId,
          company_id: companyId,
          last_read_message_id: userId === last.user_from ? last.id : beforeLast,
        }));
      }),
    )
    .execute();
}
