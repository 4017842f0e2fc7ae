import { randomUUID } from 'node:crypto';
import { isRoleId, ROLES, type RoleId, type StaffRoleId } from '@app/domain/common/lookups';
import { pageOffset, type ListResponse, type PaginationQuery } from '@app/domain/common/pagination';
import { effectiveRole, menuForUser } from '@app/domain/shell/menu.rules';
import type {
  CompanyInstance,
  CurrentUser,
  Firm,
  ProfileUpdate,
  UserRequest,
  UserRequestCreate,
} from '@app/domain/users/users.schema';
import type { Db } from '../../db/types';
import { forbidden, notFound, payloadTooLarge, refuse, unauthorized } from '../../http/errors';
import type { FileStorage } from '../../integrations/storage/file-storage';
import type { Caller, CompanyCaller } from '../auth/caller';
import * as repository from './users.repository';

export type DispatcherSummary = {
  id: number;
  first_name: string;
  last_name: string;
  role: RoleId | null;
  avatar: string | null;
};

export type UploadedImage = { data: Buffer; filename: string; mimetype: string };

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/backend/media/avatars/';
const AVATAR_FOLDER = 'avatars';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  /** Called once a user's company or role has changed, so that their next request is checked anew. */
  forgetSessionUser: (userId: number) => void;
  /** The map tiles of a company without its own (config's MAP_TILES_URL); undefined: none. */
  mapTilesUrl?: string;
}) {
  const { db, storage, now, forgetSessionUser } = deps;

  async function currentUser(userId: number): Promise<CurrentUser> {
    const row = await repository.findCurrentUserRow(db, userId);
    if (!row) throw unauthorized('The user of this token is not active.');
    return toCurrentUser(row, deps.mapTilesUrl ?? null);
  }

  /** Where a reviewer's view of join requests is limited: managers see those addressed to them. */
  function requestScope(caller: CompanyCaller): repository.RequestScope {
    const role = effectiveRole({ role: caller.role, is_superuser: caller.isSuperuser });
    if (caller.isSuperuser) return { companyId: caller.companyId, withUnassigned: true };
    if (role === ROLES.accountant) return { companyId: caller.companyId };
    if (role === ROLES.manager) return { companyId: caller.companyId, respUserId: caller.userId };
    throw forbidden();
  }

  async function decide(
    caller: CompanyCaller,
    requestId: number,
    decision: { approve: true; role: StaffRoleId } | { approve: false },
  ): Promise<void> {
    const scope = requestScope(caller);
    const at = now();
    const decidedUserId = await db.transaction().execute(async (trx) => {
      const request = await repository.findRequestForUpdate(trx, requestId, scope);
      if (!request || (scope.respUserId !== undefined && request.resp_user_id !== scope.respUserId)) {
        throw notFound();
      }
      if (request.status !== repository.REQUEST_STATUS.requested) {
        throw refuse('join_request_decided', 'This request has already been decided.');
      }
      const user = await repository.findMembershipForUpdate(trx, request.user_id);
      if (!user) throw notFound();
      if (decision.approve) {
        if (user.company_id !== null)
          throw refuse('user_in_company', 'This user already belongs to a company.');
        await repository.joinCompany(
          trx,
          user.id,
          // A request that named no manager joins the deciding superuser's company.
          { company_id: request.company_id ?? caller.companyId, role: decision.role },
          at,
        );
      } else {
        await repository.setReqStatus(trx, user.id, 'None', at);
      }
      await repository.decideRequest(trx, request.id, {
        status: decision.approve ? repository.REQUEST_STATUS.approved : repository.REQUEST_STATUS.rejected,
        decided_by: caller.userId,
        decided_at: at,
        approved_role: decision.approve ? decision.role : null,
      });
      return request.user_id;
    });
    forgetSessionUser(decidedUserId);
  }

  return {
    currentUser,

    // ---- what the loads module asks of users, inside its open transaction (`trx`) or not (`db`)

    /** A dispatcher or manager of the company who is not fired, with the team their loads belong to. */
    dispatcherWithTeam: (trx: Db, companyId: number, id: number) =>
      repository.findDispatcherWithTeam(trx, companyId, id),

    /** The team of a user of the company: the working group and their first subgroup (null when none). */
    async teamOf(trx: Db, companyId: number, userId: number) {
      const found = await repository.findUserTeam(trx, companyId, userId);
      return { working_group_id: found?.working_group_id ?? null, subgroup_id: found?.subgroup_id ?? null };
    },

    /** 'First Last' of the company's users by id (the ids not the company's are left out). */
    namesOf: (trx: Db, companyId: number, ids: readonly number[]) =>
      repository.findUserNames(trx, companyId, ids),

    /** The current user without the menu (the profile page needs no menu). */
    async profile(userId: number): Promise<Omit<CurrentUser, 'menu'>> {
      const { menu: _menu, ...profile } = await currentUser(userId);
      return profile;
    },

    async dispatchers(
      caller: CompanyCaller,
      workingGroupId: number | undefined,
    ): Promise<DispatcherSummary[]> {
      const rows = await repository.findDispatchers(db, caller.companyId, workingGroupId);
      return rows.map((row) => ({ ...row, role: isRoleId(row.role) ? row.role : null }));
    },

    async firms(): Promise<Firm[]> {
      const rows = await repository.findFirms(db);
      return rows.map((row) => ({
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        company: { id: row.company_id, name: row.company_name },
      }));
    },

    /**
     * A newcomer (no role, no company) asks to join. The request goes to the chosen manager's company; a
     * second pending request replaces the first.
     */
    async addRequest(caller: Caller, input: UserRequestCreate): Promise<CurrentUser> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const user = await repository.findMembershipForUpdate(trx, caller.userId);
        if (!user) throw unauthorized('The user of this token is not active.');
        if (user.company_id !== null || user.role !== null) {
          throw refuse('already_in_company', 'You already belong to a company.');
        }
        let companyId: number | null = null;
        if (input.resp_user !== null) {
          const manager = await repository.findActiveManager(trx, input.resp_user);
          if (!manager)
            throw refuse('manager_not_found', 'Choose a manager from the list.', {
              resp_user: ['Choose a manager from the list.'],
            });
          companyId = manager.company_id;
        }
        await repository.deletePendingRequestsOf(trx, user.id);
        await repository.insertUserRequest(trx, {
          user_id: user.id,
          company_id: companyId,
          resp_user_id: input.resp_user,
          target_department: input.target_department,
          created_at: at,
        });
        await repository.setReqStatus(trx, user.id, 'Send', at);
      });
      return currentUser(caller.userId);
    },

    async pendingRequests(caller: CompanyCaller, page: PaginationQuery): Promise<ListResponse<UserRequest>> {
      const scope = requestScope(caller);
      const { count, rows } = await repository.findPendingRequests(db, scope, {
        limit: page.limit,
        offset: pageOffset(page),
      });
      return {
        count,
        results: rows.map((row) => ({
          id: row.id,
          user: { id: row.user_id, email: row.email, first_name: row.first_name, last_name: row.last_name },
          target_department: row.target_department,
          resp_user: row.resp_user_id,
          company_id: row.company_id,
          status: row.status,
          created_at: row.created_at.toISOString(),
        })),
      };
    },

    approveRequest(caller: CompanyCaller, requestId: number, role: StaffRoleId): Promise<void> {
      return decide(caller, requestId, { approve: true, role });
    },

    rejectRequest(caller: CompanyCaller, requestId: number): Promise<void> {
      return decide(caller, requestId, { approve: false });
    },

    /** Names and language, and a new avatar when one is uploaded (the old file is removed after the save). */
    async updateProfile(
      caller: Caller,
      input: ProfileUpdate,
      avatar?: UploadedImage,
    ): Promise<Omit<CurrentUser, 'menu'>> {
      let avatarUrl: string | undefined;
      let savedPath: string | undefined;
      if (avatar) {
        if (avatar.data.length > MAX_AVATAR_BYTES) {
          throw payloadTooLarge('The avatar must be at most 5 MB.', {
            avatar: ['The avatar must be at most 5 MB.'],
          });
        }
        const extension = imageExtension(avatar.data);
        if (!extension)
          throw refuse('avatar_type_invalid', 'Upload a PNG, JPEG, WebP or GIF image.', {
            avatar: ['Upload a PNG, JPEG, WebP or GIF image.'],
          });
        const name = `${randomUUID()}.${extension}`;
        savedPath = `${AVATAR_FOLDER}/${name}`;
        await storage.save(savedPath, avatar.data);
        avatarUrl = `${AVATAR_URL_PREFIX}${name}`;
      }
      let previousAvatar: string | null;
      try {
        previousAvatar = avatarUrl ? await repository.findAvatar(db, caller.userId) : null;
        await repository.updateProfileFields(
          db,
          caller.userId,
          {
            first_name: input.first_name,
            last_name: input.last_name,
            lang: input.lang,
            avatar: avatarUrl,
            // A saved working mailbox is the one brokers answer; saving it authorises it for propositions.
            ...(input.working_gmail === undefined
              ? {}
              : { working_gmail: input.working_gmail, in_gmail: input.working_gmail !== null }),
          },
          now(),
        );
      } catch (error) {
        if (savedPath) await storage.remove(savedPath);
        throw error;
      }
      if (previousAvatar?.startsWith(AVATAR_URL_PREFIX)) {
        await storage
          .remove(`${AVATAR_FOLDER}/${previousAvatar.slice(AVATAR_URL_PREFIX.length)}`)
          .catch(() => {});
      }
      const { menu: _menu, ...profile } = await currentUser(caller.userId);
      return profile;
    },

    async updateFilters(caller: Caller, filters: string): Promise<{ filters_data_2: string }> {
      await repository.updateFilters(db, caller.userId, filters, now());
      return { filters_data_2: filters };
    },
  };
}

function toCurrentUser(row: repository.CurrentUserRow, defaultMapTilesUrl: string | null): CurrentUser {
  const role = isRoleId(row.role) ? row.role : null;
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role,
    is_superuser: row.is_superuser,
    avatar: row.avatar,
    lang: row.lang,
    working_gmail: row.working_gmail,
    in_gmail: row.in_gmail,
    working_group: row.working_group_id,
    unit_id: row.unit_id,
    filters_data_2: row.filters_data_2,
    req_status: row.req_status,
    hide_accounting: row.hide_accounting,
    company_instance: toCompanyInstance(row, defaultMapTilesUrl),
    menu: menuForUser({ role, is_superuser: row.is_superuser, hide_accounting: row.hide_accounting }),
  };
}

/** The company's settings for the browser; its map tiles are its own, else the server's. */
function toCompanyInstance(
  row: repository.CurrentUserRow,
  defaultMapTilesUrl: string | null,
): CompanyInstance | null {
  if (row.company_id === null || row.company_hash === null) return null;
  return {
    id: row.company_id,
    name: row.company_name ?? '',
    company_hash: row.company_hash,
    google_maps_key: row.google_maps_key,
    map_tiles_url: row.map_tiles_url?.trim() || defaultMapTilesUrl,
    call_system: row.call_system,
    language_select: row.language_select ?? false,
    disable_some_menu_items: row.disable_some_menu_items ?? false,
    enable_address_language_notice: row.enable_address_language_notice ?? false,
    is_visible_phone_numbers: row.is_visible_phone_numbers ?? false,
    can_dispatchers_search_loads_for_on_load_unit: row.can_dispatchers_search_loads_for_on_load_unit ?? false,
  };
}

/** The file extension of a PNG, JPEG, WebP or GIF image judged by its first bytes, not by its name. */
export function imageExtension(data: Buffer): 'png' | 'jpg' | 'webp' | 'gif' | undefined {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}
