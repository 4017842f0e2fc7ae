import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import AddOutlined from '@mui/icons-material/AddOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import type { Owner } from '@app/domain/units/units.schema';
import {
  ListActionError,
  ListAddButton,
  ListEmptyState,
  ListPanel,
  ListToolbar,
  listPager,
  useListLayout,
  useListState,
  YesNoFilter,
} from '@/components/lists/list-page';
import type { YesNoFilterValue } from '@/components/lists/list-page';
import { ListSearchField } from '@/components/lists/list-search-field';
import { LIST_LIMITS } from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
import { PageFrame } from '@/components/page-frame';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/messages';
import { useOwnerList } from '../api/owner-list';
import { useUpdateOwner } from '../api/update-owner';
import { OwnerDialog } from '../components/owner-dialog';
import { OwnerCardList, OwnersTable } from '../components/owners-table';
import { canEditOwners } from '../components/units-permissions';
import { useErrorLines } from '../components/units-messages';

type OwnerListState = { search: string; active: YesNoFilterValue; limit: ListLimit };

/** /units/owners/: the vehicle owners, creating and editing them, their wage visibility and invitations. */
export function OwnersPage() {
  const { t } = useTranslation();
  const { phone } = useListLayout();
  const user = useCurrentUser();
  const errorLines = useErrorLines();
  const list = useListState<OwnerListState>(() => ({
    search: '',
    active: '',
    limit: LIST_LIMITS[0],
  }));
  const { state, page, change } = list;
  const [dialog, setDialog] = useState<{ owner: Owner | null } | null>(null);
  const [wageError, setWageError] = useState<string[] | null>(null);
  const owners = useOwnerList({
    page,
    limit: state.limit,
    search: state.search.trim(),
    is_active: state.active,
  });
  const update = useUpdateOwner();
  const editable = canEditOwners(user);
  const tableLabel = t('owners.title');

  const setWageVisible = (owner: Owner, value: boolean) => {
    setWageError(null);
    update.mutate(
      { id: owner.id, body: { is_wage_visible: value } },
      { onSuccess: () => toastSuccess(), onError: (error) => setWageError(errorLines(error)) },
    );
  };

  return (
    <PageFrame
      toolbar={
        <ListToolbar>
          <ListSearchField
            value={state.search}
            onSearch={(search) => change({ ...state, search })}
            label={t('owners.search')}
            placeholder={t('owners.searchPlaceholder')}
          />
          <YesNoFilter
            label={t('owners.fields.active')}
            value={state.active}
            onChange={(active) => change({ ...state, active })}
            minWidth={130}
          />
          {editable && (
            <ListAddButton icon={<AddOutlined />} onClick={() => setDialog({ owner: null })}>
              {t('owners.create.open')}
            </ListAddButton>
          )}
        </ListToolbar>
      }
    >
      <ListActionError lines={wageError} onClose={() => setWageError(null)} />
      <ListPanel
        query={owners}
        title={tableLabel}
        countLabel={t('unitsCommon.count')}
        empty={
          <ListEmptyState
            filtered={state.search.trim() !== '' || state.active !== ''}
            noMatchesTitle={t('owners.noMatches')}
            noMatchesHint={t('unitsCommon.noMatchesHint')}
            icon={<BusinessOutlined />}
            emptyTitle={t('owners.empty')}
            emptyHint={t('owners.emptyHint')}
          />
        }
        pager={listPager(list, LIST_LIMITS)}
      >
        {(data) =>
          phone ? (
            <OwnerCardList
              owners={data.results}
              label={tableLabel}
              onEdit={editable ? (owner) => setDialog({ owner }) : undefined}
            />
          ) : (
            <OwnersTable
              owners={data.results}
              label={tableLabel}
              onEdit={editable ? (owner) => setDialog({ owner }) : undefined}
              onWageVisible={editable ? setWageVisible : undefined}
              pendingId={update.isPending ? update.variables.id : null}
            />
          )
        }
      </ListPanel>
      {dialog && <OwnerDialog owner={dialog.owner} onClose={() => setDialog(null)} />}
    </PageFrame>
  );
}
