import { makeStore } from '../../../src/client/app/store';
import { drawerToggled, selectDrawerOpen } from '../../../src/client/app/uiSlice';
import { selectToasts, toastDismissed, toastShown } from '../../../src/client/toasts/toastsSlice';
import { selectCurrentUser, selectSessionStatus, signedIn } from '../../../src/client/auth/sessionSlice';
import { clearUserData } from '../../../src/client/app/store';

describe('ui slice', () => {
  it('queues and dismisses toasts in order', () => {
    const store = makeStore();
    store.dispatch(toastShown('Saved'));
    store.dispatch(toastShown('Failed', 'error'));
    const [first, second] = selectToasts(store.getState());
    expect(first).toMatchObject({ message: 'Saved', severity: 'success' });
    expect(second).toMatchObject({ message: 'Failed', severity: 'error' });
    store.dispatch(toastDismissed(first.id));
    expect(selectToasts(store.getState()).map((t) => t.message)).toEqual(['Failed']);
  });

  it('toggles the drawer', () => {
    const store = makeStore();
    store.dispatch(drawerToggled());
    expect(selectDrawerOpen(store.getState())).toBe(true);
    store.dispatch(drawerToggled());
    expect(selectDrawerOpen(store.getState())).toBe(false);
  });
});

describe('session', () => {
  it('starts loading, holds a plain user when signed in, and forgets it on sign-out', () => {
    const store = makeStore();
    expect(selectSessionStatus(store.getState())).toBe('loading');
    store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: null, photoURL: null, emailVerified: false }));
    expect(selectCurrentUser(store.getState())?.uid).toBe('u1');
    expect(JSON.parse(JSON.stringify(store.getState().session))).toEqual(store.getState().session);
    clearUserData(store.dispatch);
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
    expect(selectCurrentUser(store.getState())).toBeNull();
  });
});
