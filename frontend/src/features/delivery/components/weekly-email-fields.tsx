import { Field, NumberInput, SimpleGrid, Stack } from '@chakra-ui/react';
import { OptionSelect } from '@/components/ui/option-select';

import { clampScriptCount, MAX_WEEKLY_SCRIPTS, MIN_WEEKLY_SCRIPTS, weekDayLabels, weekDays, weeklyTimes, type DeliveryForm } from '../lib/delivery';
import { SettingSwitch } from '@/components/ui/setting-switch';

type Weekly = Pick<DeliveryForm, 'weeklyEmailEnabled' | 'weeklyEmailDay' | 'weeklyEmailTime' | 'weeklyEmailScriptCount'>;

/** The weekly script email (user: enabled, day, time, script count), read at its time in the user's time zone. */
export function WeeklyEmailFields({ value, onChange, timeZone }: { value: Weekly; onChange: (next: Partial<Weekly>) => void; timeZone: string | undefined }) {
  const off = !value.weeklyEmailEnabled;
  return (
    <Stack gap="3">
      <SettingSwitch
        label="Email me fresh scripts every week"
        description="New script ideas for your niche, written and saved for you. Writing them uses script tokens from your plan."
        checked={value.weeklyEmailEnabled}
        onChange={(checked) => onChange({ weeklyEmailEnabled: checked })}
        testId="switch-weeklyEmailEnabled"
      />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" px={{ base: '0', sm: '3' }}>
        <Field.Root disabled={off}>
          <Field.Label>Day</Field.Label>
          <OptionSelect
            label="Weekly email day"
            value={value.weeklyEmailDay}
            onChange={(day) => onChange({ weeklyEmailDay: day })}
            options={weekDays.map((day) => ({ value: day, label: weekDayLabels[day] }))}
          />
        </Field.Root>
        <Field.Root disabled={off}>
          <Field.Label>Time</Field.Label>
          <OptionSelect
            label="Weekly email time"
            value={value.weeklyEmailTime}
            onChange={(time) => onChange({ weeklyEmailTime: time })}
            options={weeklyTimes.map((time) => ({ value: time, label: time }))}
          >
            {!weeklyTimes.includes(value.weeklyEmailTime) && <option value={value.weeklyEmailTime}>{value.weeklyEmailTime}</option>}
          </OptionSelect>
          {timeZone && <Field.HelperText>{timeZone.replace(/_/g, ' ')} time</Field.HelperText>}
        </Field.Root>
        <Field.Root disabled={off}>
          <Field.Label>Scripts</Field.Label>
          <NumberInput.Root
            min={MIN_WEEKLY_SCRIPTS}
            max={MAX_WEEKLY_SCRIPTS}
            value={String(value.weeklyEmailScriptCount)}
            onValueChange={(details) => {
              if (Number.isFinite(details.valueAsNumber)) onChange({ weeklyEmailScriptCount: clampScriptCount(details.valueAsNumber) });
            }}
            clampValueOnBlur
            w="full"
          >
            <NumberInput.Control />
            <NumberInput.Input aria-label="Weekly email script count" />
          </NumberInput.Root>
          <Field.HelperText>
            {MIN_WEEKLY_SCRIPTS}–{MAX_WEEKLY_SCRIPTS} a week
          </Field.HelperText>
        </Field.Root>
      </SimpleGrid>
    </Stack>
  );
}
