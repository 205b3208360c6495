import { useState } from 'react';
import { Box, Divider } from '@mui/material';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { CurrencyField } from '../../ui/CurrencyField';
import { useOfflineReason } from '../../ui/connectivity';
import { useGetSettingsQuery } from './settingsApi';
import { useGetCurrencyRatesQuery } from '../../entities/currency/ratesApi';
import { HomeCurrencyDialog } from './HomeCurrencyDialog';
import { RatesEditor } from './RatesEditor';
import { SettingsSection } from './SettingsSection';

/** Settings → Currencies: the home currency everything sums in, and the rates to it. */
export function CurrenciesSection() {
  const settings = useGetSettingsQuery();
  const rates = useGetCurrencyRatesQuery();
  const [pending, setPending] = useState<string | null>(null);
  const home = settings.data?.home_currency;
  // A new home currency is asked of the server at once: offline the field is off and says why below it.
  const offline = useOfflineReason();

  const body = () => {
    if (settings.isLoading || rates.isLoading) return <LoadingView />;
    if (!home || !rates.data) {
      return (
        <ErrorState
          message="Failed to load your currencies"
          onRetry={() => {
            if (!home) void settings.refetch();
            if (!rates.data) void rates.refetch();
          }}
        />
      );
    }
    return (
      <>
        <Box sx={{ maxWidth: 420 }}>
          <CurrencyField
            label="Home currency"
            value={home}
            onChange={(code) => code && code !== home && setPending(code)}
            disabled={offline !== null}
            helperText={offline ?? undefined}
          />
        </Box>
        <Divider sx={{ my: 3 }} />
        {/* Keyed by the saved table: a save or a new home currency starts the rows afresh. */}
        <RatesEditor key={`${home} ${JSON.stringify(rates.data)}`} rates={rates.data} home={home} />
        {pending && <HomeCurrencyDialog key={pending} from={home} to={pending} onClose={() => setPending(null)} />}
      </>
    );
  };

  return (
    <SettingsSection
      title="Currencies"
      description="Your home currency is the one the dashboard, budgets, notifications and analytics count in; receipts in other currencies are converted to it."
    >
      {body()}
    </SettingsSection>
  );
}
