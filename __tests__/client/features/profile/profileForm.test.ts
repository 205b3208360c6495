import { avatarFileProblem, profileFormValues, toProfileUpdate, validateProfileForm } from '../../../../src/client/features/profile/profileForm';

const values = { display_name: 'Ann', first_name: ' Ann ', last_name: 'Lee', monthly_budget: '1500.5' };

describe('profile form', () => {
  it('needs a display name and a budget of 0 or more with two decimals at most (spec §5)', () => {
    expect(validateProfileForm(values)).toEqual({});
    expect(validateProfileForm({ ...values, display_name: '  ' })).toEqual({ display_name: 'Display name is required' });
    for (const bad of ['-1', '1.234', 'abc', '1e3']) {
      expect(validateProfileForm({ ...values, monthly_budget: bad }).monthly_budget).toBe(
        'Monthly budget must be a number of 0 or more with at most two decimals',
      );
    }
    expect(validateProfileForm({ ...values, monthly_budget: '' })).toEqual({});
    expect(validateProfileForm({ ...values, monthly_budget: '0' })).toEqual({});
  });

  it('sends trimmed names and the budget as a number, or null when empty', () => {
    expect(toProfileUpdate(values)).toEqual({ display_name: 'Ann', first_name: 'Ann', last_name: 'Lee', monthly_budget: 1500.5 });
    expect(toProfileUpdate({ ...values, monthly_budget: ' ' }).monthly_budget).toBeNull();
  });

  it('fills the form from the profile with the budget as money text', () => {
    const profile = {
      user_id: 'u',
      email: 'a@b.co',
      display_name: 'A',
      first_name: '',
      last_name: '',
      monthly_budget: 12.5,
      budget_rollover: false,
      avatar: null,
      avatar_url: null,
    };
    expect(profileFormValues(profile)).toEqual({ display_name: 'A', first_name: '', last_name: '', monthly_budget: '12.50' });
    expect(profileFormValues({ ...profile, monthly_budget: null }).monthly_budget).toBe('');
  });
});

describe('avatarFileProblem', () => {
  it.each(['image/jpeg', 'image/png', 'image/jpg'])('accepts %s', (type) => {
    expect(avatarFileProblem({ type, size: 1000 })).toBeNull();
  });
  it.each(['image/gif', 'image/webp', 'text/plain', ''])("refuses %s with 'Please select a JPG or PNG image'", (type) => {
    expect(avatarFileProblem({ type, size: 1000 })).toBe('Please select a JPG or PNG image');
  });
  it('refuses a picture over 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('The image is too large (max 5 MB)');
  });
});
