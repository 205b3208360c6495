import { useEffect, useRef } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectCurrentUser } from '../auth/sessionSlice';
import { useCreateProfileMutation, useLazyGetReceiptAreaProfileQuery } from '../features/profile/profileApi';
import { whenIdleAfterLoad } from '../ui/afterLoad';

/**
 * Spec §7: the receipt area reads /profile/ and, on 404, creates it. This also heals an account
 * whose registration call failed after the identity account was made. Nothing on screen waits
 * for it, so it is asked once the page has loaded.
 */
export function useEnsureProfile(): void {
  const user = useAppSelector(selectCurrentUser);
  const [check] = useLazyGetReceiptAreaProfileQuery();
  const [create] = useCreateProfileMutation();
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (!user || done.current === user.uid) return;
    return whenIdleAfterLoad(() => {
      done.current = user.uid;
      void (async () => {
        const res = await check();
        if (res.error && (res.error as { status?: unknown }).status === 404) {
          await create({ user_id: user.uid, display_name: user.displayName ?? '', email: user.email, avatar_url: user.photoURL });
        }
      })();
    });
  }, [user, check, create]);
}
