import { TEAMS_MESSAGES } from '@app/domain/teams/teams.schema';
import { EMPLOYEES_MESSAGES } from '@app/domain/users/employees.rules';
import { SUBGROUP_WITHOUT_TEAM_MESSAGE } from '@app/domain/users/employees.schema';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';

// The people page's texts of the server and the domain: the 'users.messages' keys of en.json hold the
// domain's fixed EMPLOYEES_MESSAGES and the team field messages a change may answer. The refusals with a
// code of their own are translated by their code (errors.codes.*), with the counts they name.

const PEOPLE_MESSAGES = {
  handToInvalid: EMPLOYEES_MESSAGES.handToInvalid,
  handToSelf: EMPLOYEES_MESSAGES.handToSelf,
  subgroupWithoutTeam: SUBGROUP_WITHOUT_TEAM_MESSAGE,
  teamNotFound: TEAMS_MESSAGES.teamNotFound,
  subgroupOutsideTeam: TEAMS_MESSAGES.subgroupOutsideTeam,
} as const;

const KEY_BY_MESSAGE = new Map(messageKeys(PEOPLE_MESSAGES, 'users.messages'));

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function usePeopleMessageText(): (message: string) => string {
  return useMessageText(KEY_BY_MESSAGE);
}
