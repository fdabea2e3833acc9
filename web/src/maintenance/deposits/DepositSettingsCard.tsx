import { Grid } from '@chakra-ui/react';
import { depositRoutes, MIN_DEPOSIT_CENTAVOS, NO_SHOW_RULES, type DepositSettingsUpdate, type Side } from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { formatCentavos } from '../../shared/format';
import { useWrite } from '../api';
import { depositSettingsChanges, depositSettingsDraft, NO_SHOW_RULE_LABELS } from '../domain/deposit-policy';
import { SelectField, TextField } from '../ui/fields';
import { SettingsCard } from '../settings/SettingsCard';
import { useAutoSavedDraft } from '../settings/useAutoSave';

const RULE_OPTIONS = NO_SHOW_RULES.map((n) => ({ value: String(n), label: NO_SHOW_RULE_LABELS[n] }));

/** How long a booking's time is held while the visitor pays, and the deposit asked of a contact with no-shows; each change saved by itself. */
export function DepositSettingsCard({ side }: { side: Side }) {
  const settings = useRoute(depositRoutes.settings, { params: { offering: side } });
  const save = useWrite({
    run: (body: DepositSettingsUpdate) => callRoute(depositRoutes.saveSettings, { params: { offering: side }, body }),
    refresh: [routeUrl(depositRoutes.settings, { offering: side })],
    success: 'Deposit settings saved',
    failure: 'Failed to save the deposit settings',
  });
  const { draft, shown, change } = useAutoSavedDraft(depositSettingsDraft(settings.data), (d) => {
    const next = depositSettingsChanges(d, settings.data);
    if (next && 'update' in next) save.mutate(next.update);
  });
  const changes = draft && depositSettingsChanges(draft, settings.data);
  const problems = changes && 'problems' in changes ? changes.problems : {};

  return (
    <SettingsCard
      title="Hold and No-show Rule"
      description="How long a booking's time is kept while the visitor pays, and who must pay a deposit after missing appointments. Changes are saved as you make them."
      loading={settings.isLoading}
      saving={save.isPending}
    >
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="5">
        <TextField
          label="Hold while paying (minutes)"
          type="number"
          min={5}
          step={1}
          value={shown.holdMinutes}
          onChange={(holdMinutes) => change({ holdMinutes })}
          error={problems.holdMinutes}
          helper="The time stays reserved this long; unpaid by then, it is free again (5 to 120)."
        />
        <SelectField
          label="No-show rule"
          value={String(shown.noShowRule)}
          onChange={(v) => change({ noShowRule: Number(v) })}
          options={RULE_OPTIONS}
          helper="A contact (same e-mail or phone) with this many no-shows pays a deposit even where the treatment asks none."
        />
        <TextField
          label="No-show deposit (₱)"
          inputMode="text"
          value={shown.noShowDeposit}
          onChange={(noShowDeposit) => change({ noShowDeposit })}
          error={problems.noShowDeposit}
          helper={`What a booking pays under the rule (at least ${formatCentavos(MIN_DEPOSIT_CENTAVOS)}).`}
        />
      </Grid>
    </SettingsCard>
  );
}
