import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { localDateValue, timeZoneName } from '@/lib/local-time';

/**
 * A date and a time in the browser's time zone, side by side (stacked on a phone): the Date input starts at
 * today, and the Time input says its zone, or `pastText` once the chosen moment has gone by.
 */
export function DateTimeFields({
  now,
  date,
  time,
  onDate,
  onTime,
  past,
  pastText,
}: {
  now: Date;
  date: string;
  time: string;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
  past: boolean;
  pastText: string;
}) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
      <Field.Root required>
        <Field.Label>Date</Field.Label>
        <Input type="date" min={localDateValue(now)} value={date} onChange={(event) => onDate(event.target.value)} aria-label="Date" />
      </Field.Root>
      <Field.Root required invalid={past}>
        <Field.Label>Time</Field.Label>
        <Input type="time" value={time} onChange={(event) => onTime(event.target.value)} aria-label="Time" />
        {past ? <Field.ErrorText>{pastText}</Field.ErrorText> : <Field.HelperText>{timeZoneName()} time</Field.HelperText>}
      </Field.Root>
    </SimpleGrid>
  );
}
