import { useId, type ReactNode } from 'react';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { Settings, SettingsUpdate, Theme } from '../../../shared/settings';
import { useAppDispatch } from '../../app/hooks';
import { themeSet } from '../../app/uiSlice';
import { toastShown } from '../../toasts/toastsSlice';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { NeedsServer } from '../../ui/NeedsServer';
import { DATE_ORDER_OPTIONS } from '../../ui/dateOrder';
import { failureMessage } from '../../api/failureMessage';
import { useGetSettingsQuery, useUpdateSettingsMutation } from './settingsApi';
import { SettingsSection } from './SettingsSection';
import { storeTheme } from './themeStorage';

const THEME_OPTIONS: Array<{ value: Theme; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Follow the system' },
];

function Choice<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  return (
    // Each choice saves at once: offline the whole group is off, with the reason.
    <NeedsServer>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={labelId}>
          {legend}
        </FormLabel>
        <RadioGroup aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((o) => (
            <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
          ))}
        </RadioGroup>
      </FormControl>
    </NeedsServer>
  );
}

/** Appearance and receipt date order: each applies and saves on click. */
export function PreferencesSections() {
  const dispatch = useAppDispatch();
  const { data: settings, isLoading, isError, refetch } = useGetSettingsQuery();
  const [update] = useUpdateSettingsMutation();

  const save = async (patch: SettingsUpdate, success?: string) => {
    try {
      await update(patch).unwrap();
      if (success) dispatch(toastShown(success, 'success'));
    } catch (err) {
      dispatch(toastShown(failureMessage('Failed to save settings', err), 'error'));
    }
  };

  const chooseTheme = (theme: Theme) => {
    // Applies at once; the save follows (and the sync restores the saved theme if it fails).
    dispatch(themeSet(theme));
    storeTheme(theme);
    void save({ theme });
  };

  const body = (render: (s: Settings) => ReactNode) =>
    isLoading ? <LoadingView /> : isError || !settings ? <ErrorState message="Failed to load settings" onRetry={refetch} /> : render(settings);

  return (
    <>
      <SettingsSection title="Appearance" description="Light, dark, or the same as your device.">
        {body((s) => (
          <Choice legend="Theme" value={s.theme} options={THEME_OPTIONS} onChange={chooseTheme} />
        ))}
      </SettingsSection>
      <SettingsSection title="Receipt dates" description="How scanning reads a date such as 03/04/2025: March 4 or 3 April.">
        {body((s) => (
          <Choice
            legend="Date order"
            value={s.date_order}
            options={DATE_ORDER_OPTIONS}
            onChange={(date_order) => void save({ date_order }, 'Receipt date order saved')}
          />
        ))}
      </SettingsSection>
    </>
  );
}
