import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import type { Household, HouseholdMember, Invitation } from '../../../shared/households';
import { HOUSEHOLD_NAME_MAX, MEMBER_NAME_MAX } from '../../../shared/constants/households';
import { failureMessage, isNotFound } from '../../api/failureMessage';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import {
  useAddPlaceholderMutation,
  useDeleteHouseholdMutation,
  useGetHouseholdQuery,
  useInviteMemberMutation,
  useLeaveHouseholdMutation,
  useRemoveMemberMutation,
  useRenameHouseholdMutation,
} from './householdsApi';
import { validateHouseholdName, validateInviteEmail, validateMemberName } from './householdForm';
import { HOUSEHOLDS_PATH } from './householdPaths';
import { currentMembers, deleteMessage, leaveMessage, memberCountText, removeMessage, roleLabel } from './householdText';
import { InvitationLinkDialog } from './InvitationLinkDialog';
import { MemberList } from './MemberList';
import { BalancesSection } from './BalancesSection';
import { HouseholdSpendingSection } from './HouseholdSpendingSection';
import { HouseholdSection } from './HouseholdSection';
import { HistorySection, SharedReceiptsSection } from './SharedMoneySections';
import { OneFieldDialog } from './OneFieldDialog';
import { NeedsServer } from '../../ui/NeedsServer';

type FormKind = 'rename' | 'placeholder' | 'invite';
type Confirm = { kind: 'leave' } | { kind: 'delete' } | { kind: 'remove'; member: HouseholdMember };

/** One household: its members, and what its members (and its owner) can do with it. */
export default function HouseholdPage() {
  const { id = '' } = useParams();
  const { data: household, isLoading, error: loadError, refetch } = useGetHouseholdQuery(id);

  if (isLoading) return <LoadingView label="Loading household..." />;
  if (!household) {
    return (
      <>
        <PageHeader title="Household" />
        {isNotFound(loadError) ? (
          <ErrorState message="This household does not exist, or you are no longer a member of it." />
        ) : (
          <ErrorState message="Failed to load the household" onRetry={() => void refetch()} />
        )}
        <Button component={RouterLink} to={HOUSEHOLDS_PATH} sx={{ mt: 2 }}>
          Back to households
        </Button>
      </>
    );
  }
  return <HouseholdView household={household} />;
}

function HouseholdView({ household }: { household: Household }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const id = household._id;
  const isOwner = household.my_role === 'owner';
  const [rename, renaming] = useRenameHouseholdMutation();
  const [addPlaceholder, adding] = useAddPlaceholderMutation();
  const [invite, inviting] = useInviteMemberMutation();
  const [remove, removing] = useRemoveMemberMutation();
  const [leave, leaving] = useLeaveHouseholdMutation();
  const [deleteHousehold, deleting] = useDeleteHouseholdMutation();

  const [form, setForm] = useState<FormKind | null>(null);
  // Kept after closing, so a dialog keeps its words while it fades out.
  const [lastForm, setLastForm] = useState<FormKind>('rename');
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [lastConfirm, setLastConfirm] = useState<Confirm>({ kind: 'leave' });
  const [error, setError] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);

  const openForm = (kind: FormKind) => {
    setError(null);
    setForm(kind);
    setLastForm(kind);
  };
  const ask = (c: Confirm) => {
    setError(null);
    setConfirm(c);
    setLastConfirm(c);
  };

  /** Runs a change; a refusal stays in the open dialog with the API's reason. */
  const attempt = async (failure: string, work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(failureMessage(failure, err));
    }
  };

  const saveForm = (text: string) =>
    void attempt(FORM[lastForm].failure, async () => {
      if (lastForm === 'rename') await rename({ id, name: text }).unwrap();
      if (lastForm === 'placeholder') await addPlaceholder({ id, displayName: text }).unwrap();
      if (lastForm === 'invite') setInvitation(await invite({ id, email: text }).unwrap());
      else dispatch(toastShown(lastForm === 'rename' ? 'Household renamed' : `${text} added`, 'success'));
      setForm(null);
    });

  const confirmed = () =>
    void attempt(CONFIRM[lastConfirm.kind].failure, async () => {
      if (lastConfirm.kind === 'remove') {
        await remove({ id, memberId: lastConfirm.member._id }).unwrap();
        dispatch(toastShown(`${lastConfirm.member.display_name} removed`, 'success'));
        setConfirm(null);
        return;
      }
      if (lastConfirm.kind === 'leave') await leave(id).unwrap();
      else await deleteHousehold(id).unwrap();
      dispatch(toastShown(lastConfirm.kind === 'leave' ? `You left ${household.name}` : `${household.name} deleted`, 'success'));
      navigate(HOUSEHOLDS_PATH, { replace: true });
    });

  const formWords = FORM[lastForm];
  const confirmWords = CONFIRM[lastConfirm.kind];

  return (
    <>
      <PageHeader
        title={household.name}
        subtitle={`You are its ${roleLabel(household.my_role).toLowerCase()} · ${memberCountText(currentMembers(household).length)}`}
        actions={
          <>
            {isOwner && (
              <Button variant="outlined" onClick={() => openForm('rename')}>
                Rename
              </Button>
            )}
            <NeedsServer>
              <Button variant="outlined" color="error" onClick={() => ask({ kind: 'leave' })}>
                Leave
              </Button>
            </NeedsServer>
            {isOwner && (
              <NeedsServer>
                <Button variant="outlined" color="error" onClick={() => ask({ kind: 'delete' })}>
                  Delete
                </Button>
              </NeedsServer>
            )}
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <HouseholdSection
          title="Members"
          actions={
            <>
              <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => openForm('placeholder')}>
                Add a person
              </Button>
              <Button variant="contained" startIcon={<ForwardToInboxIcon />} onClick={() => openForm('invite')}>
                Invite by e-mail
              </Button>
            </>
          }
        >
          <MemberList household={household} onRemove={isOwner ? (member) => ask({ kind: 'remove', member }) : undefined} />
        </HouseholdSection>
        <BalancesSection household={household} />
        <HouseholdSpendingSection household={household} />
        <SharedReceiptsSection household={household} />
        <HistorySection household={household} />
      </Box>

      <OneFieldDialog
        open={form !== null}
        title={formWords.title}
        description={formWords.description}
        label={formWords.label}
        type={lastForm === 'invite' ? 'email' : 'text'}
        initial={lastForm === 'rename' ? household.name : ''}
        maxLength={lastForm === 'invite' ? undefined : lastForm === 'rename' ? HOUSEHOLD_NAME_MAX : MEMBER_NAME_MAX}
        validate={formWords.validate}
        saveLabel={formWords.save}
        saving={renaming.isLoading || adding.isLoading || inviting.isLoading}
        error={form ? error : null}
        onSave={saveForm}
        onClose={() => setForm(null)}
      />
      <InvitationLinkDialog invitation={invitation} onClose={() => setInvitation(null)} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirmWords.title(household, lastConfirm)}
        message={confirmWords.message(household, lastConfirm)}
        confirmLabel={confirmWords.confirm}
        busyLabel={confirmWords.busy}
        busy={removing.isLoading || leaving.isLoading || deleting.isLoading}
        error={confirm ? error : null}
        onConfirm={confirmed}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}

/** The words of each one-field dialog. */
const FORM = {
  rename: {
    title: 'Rename household',
    description: undefined,
    label: 'Household name',
    save: 'Rename',
    validate: validateHouseholdName,
    failure: 'Failed to rename the household',
  },
  placeholder: {
    title: 'Add a person',
    description:
      'Someone who shares with you but will not sign in: a child, a flatmate without an account. You can share receipts with them and see what they owe.',
    label: 'Name',
    save: 'Add',
    validate: validateMemberName,
    failure: 'Failed to add the person',
  },
  invite: {
    title: 'Invite by e-mail',
    description: 'You get a link to send them yourself. They accept it signed in with this address.',
    label: 'E-mail address',
    save: 'Create link',
    validate: validateInviteEmail,
    failure: 'Failed to invite',
  },
} satisfies Record<FormKind, object>;

const memberOf = (c: Confirm) => (c.kind === 'remove' ? c.member : undefined);

/** The words of each confirmation; each says what happens to shared receipts. */
const CONFIRM: Record<
  Confirm['kind'],
  { title: (h: Household, c: Confirm) => string; message: (h: Household, c: Confirm) => string; confirm: string; busy: string; failure: string }
> = {
  leave: { title: (h) => `Leave ${h.name}?`, message: leaveMessage, confirm: 'Leave', busy: 'Leaving...', failure: 'Failed to leave the household' },
  delete: { title: (h) => `Delete ${h.name}?`, message: deleteMessage, confirm: 'Delete', busy: 'Deleting...', failure: 'Failed to delete the household' },
  remove: {
    title: (h, c) => `Remove ${memberOf(c)?.display_name ?? 'member'} from ${h.name}?`,
    message: (h, c) => removeMessage(h, memberOf(c)!),
    confirm: 'Remove',
    busy: 'Removing...',
    failure: 'Failed to remove the member',
  },
};
