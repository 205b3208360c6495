import { skipToken } from '@reduxjs/toolkit/query/react';
import { makeStore } from '../../../../src/client/app/store';
import { analyticsRangeSet } from '../../../../src/client/app/uiSlice';
import { signedIn, signedOut } from '../../../../src/client/auth/sessionSlice';
import { analyticsError } from '../../../../src/client/features/analytics/analyticsApi';
import { selectAnalyticsArgs } from '../../../../src/client/features/analytics/analyticsSelectors';

const user = { uid: 'u1', email: 'a@example.com', displayName: 'A', photoURL: null, emailVerified: true };

describe('analyticsError', () => {
  it('turns an HTTP failure into the spec message with the status code', () => {
    expect(analyticsError({ status: 500, message: 'Internal Server Error' })).toEqual({ status: 500, message: 'Failed to fetch analytics: 500' });
    expect(analyticsError({ status: 400, message: 'range must be one of weekly, monthly, yearly' }).message).toBe('Failed to fetch analytics: 400');
  });

  it('keeps the plain message of a failure that has no status code', () => {
    const offline = { status: 'FETCH_ERROR' as const, message: 'Cannot reach the Tally server. Check your connection.' };
    expect(analyticsError(offline)).toEqual(offline);
  });
});

describe('selectAnalyticsArgs', () => {
  it('skips while nobody is signed in, and asks for the chosen range once someone is', () => {
    const store = makeStore();
    expect(selectAnalyticsArgs(store.getState(), 'Europe/Berlin')).toBe(skipToken);

    store.dispatch(signedIn(user));
    expect(selectAnalyticsArgs(store.getState(), 'Europe/Berlin')).toEqual({ range: 'weekly', tz: 'Europe/Berlin' });

    store.dispatch(analyticsRangeSet('yearly'));
    expect(selectAnalyticsArgs(store.getState(), 'UTC')).toEqual({ range: 'yearly', tz: 'UTC' });

    store.dispatch(signedOut());
    expect(selectAnalyticsArgs(store.getState(), 'UTC')).toBe(skipToken);
  });

  it('returns the same object while nothing changed', () => {
    const store = makeStore();
    store.dispatch(signedIn(user));
    expect(selectAnalyticsArgs(store.getState(), 'UTC')).toBe(selectAnalyticsArgs(store.getState(), 'UTC'));
  });
});
