import { isAheadOfPace, paceDetail, paceSentence } from '../../../../src/client/features/dashboard/paceText';
import { billsSentence, forecastOverBy, forecastSentence, forecastWarning } from '../../../../src/client/features/dashboard/forecastText';

describe('pace', () => {
  it('is ahead with less spent than an even month, even when exactly on it', () => {
    expect(paceSentence({ difference: 35 })).toBe('You are $35.00 ahead of pace');
    expect(paceSentence({ difference: 0 })).toBe('You are $0.00 ahead of pace');
    expect(isAheadOfPace({ difference: 0 })).toBe(true);
  });

  it('is over with more spent, told without a sign', () => {
    expect(paceSentence({ difference: -35 })).toBe('You are $35.00 over pace');
    expect(paceSentence({ difference: -1234.5 })).toBe('You are $1,234.50 over pace');
    expect(isAheadOfPace({ difference: -0.01 })).toBe(false);
  });

  it('gives the figures behind it', () => {
    expect(paceDetail({ expected: 500 }, 465)).toBe('Spent $465.00 of the $500.00 an even month would have spent by today');
  });
});

describe('forecast', () => {
  it('says where the month ends at this pace, in whole dollars', () => {
    expect(forecastSentence({ amount: 1239.6, month_end: '2026-11-30' })).toBe('At this pace: about $1,240 by Nov 30');
    expect(forecastSentence({ amount: 0, month_end: '2027-02-28' })).toBe('At this pace: about $0 by Feb 28');
  });

  it('says when it starts while it is too early to tell', () => {
    expect(forecastSentence({ amount: null, month_end: '2026-12-31' })).toBe(
      'Too early for a forecast: it starts on Dec 7, when a week of spending shows the pace',
    );
    expect(forecastSentence({ amount: null, month_end: '2028-02-29' })).toBe(
      'Too early for a forecast: it starts on Feb 7, when a week of spending shows the pace',
    );
  });

  it('counts the bills still to come', () => {
    const bill = { _id: 'b', store: 'StreamFlix', amount: 15.49, date: '2026-11-20' };
    expect(billsSentence({ amount: 100, bills: [bill, { ...bill, _id: 'c' }], bills_to_come: 30.98 })).toBe('Includes 2 bills still to come: $30.98');
    expect(billsSentence({ amount: 100, bills: [bill], bills_to_come: 15.49 })).toBe('Includes 1 bill still to come: $15.49');
    expect(billsSentence({ amount: 100, bills: [], bills_to_come: 0 })).toBeNull();
    // With no forecast yet the bills are still known, and included in nothing.
    expect(billsSentence({ amount: null, bills: [bill], bills_to_come: 15.49 })).toBe('1 bill still to come: $15.49');
  });

  it('is over the budget only when it passes what is available', () => {
    expect(forecastOverBy({ amount: 1120 }, 1000)).toBe(120);
    expect(forecastOverBy({ amount: 1000.1 + 0.2 }, 1000.3)).toBeNull(); // equal, whatever the float
    expect(forecastOverBy({ amount: 900 }, 1000)).toBeNull();
    expect(forecastOverBy({ amount: 900 }, null)).toBeNull();
    expect(forecastOverBy({ amount: 10 }, -20)).toBe(30);
    expect(forecastOverBy({ amount: null }, 1000)).toBeNull();
    expect(forecastOverBy({ amount: null }, -20)).toBeNull();
  });

  it('warns in whole dollars, never of being $0 over', () => {
    expect(forecastWarning(120)).toBe('Forecast is $120 over your budget');
    expect(forecastWarning(119.5)).toBe('Forecast is $120 over your budget');
    expect(forecastWarning(0.3)).toBe('Forecast is $1 over your budget');
  });
});
