import { Suspense, useState } from 'react';
import { Avatar, IconButton } from '@mui/material';
import { useAppSelector } from '../app/hooks';
import { resolveAssetUrl } from '../app/config';
import { selectCurrentUser } from '../auth/sessionSlice';
import { useGetProfileQuery } from '../features/profile/profileApi';
import { useOpenedOnce } from '../ui/useOpenedOnce';
import { lazyAfterLoad } from '../ui/afterLoad';

// The menu (MUI Menu, Popover, MenuList) loads on the first click, or at idle after the page loaded.
const UserMenuList = lazyAfterLoad(() => import(/* webpackChunkName: "user-menu" */ './UserMenuList'));

/** The header's user menu of spec §2: the email, Profile, Categories, Settings, Logout. */
export function UserMenu() {
  const user = useAppSelector(selectCurrentUser);
  const { data: profile } = useGetProfileQuery();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(Boolean(anchor));
  const name = profile?.display_name || user?.displayName || user?.email || '';
  const avatar = resolveAssetUrl(profile?.avatar ?? profile?.avatar_url ?? user?.photoURL);

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label="Open user menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar src={avatar} alt={name} sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <UserMenuList anchor={anchor} email={user?.email} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
