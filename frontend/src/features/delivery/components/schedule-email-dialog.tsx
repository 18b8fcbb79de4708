import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';

import { ChoiceButton } from '@/components/ui/choice-button';
import { showToast } from '@/components/ui/toaster';

import { scheduleVideoEmail } from '../api/video-delivery';
import { failureText } from '@/lib/failure-text';
import { AppDialog } from '@/components/ui/app-dialog';
import { combineLocal, MISSING_SCHEDULE_TEXT, MISSING_SCHEDULE_TITLE, quickPicks, scheduledToastText } from '../lib/video-delivery';
import { DialogActions } from '@/components/ui/dialog-actions';
import { DateTimeFields } from '@/components/date-time-fields';

/**
 * Schedule Email Notification: a date from today and a time, both required; the button
 * waits until both are set. The chosen local time is sent as an ISO instant.
 */
export function ScheduleEmailDialog({ open, onClose, scriptId, title }: { open: boolean; onClose: () => void; scriptId: string; title: string }) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [busy, setBusy] = useState(false);
  // The dialog is mounted when it opens: today and the quick picks are read then.
  const [now] = useState(() => new Date());
  const picks = useMemo(() => quickPicks(now), [now]);
  const at = combineLocal(date, time);
  const past = at !== undefined && at.getTime() <= Date.now();

  function close() {
    setDate('');
    setTime('');
    onClose();
  }

  async function submit() {
    if (!date || !time || !at) {
      showToast({ type: 'error', title: MISSING_SCHEDULE_TITLE, description: MISSING_SCHEDULE_TEXT });
      return;
    }
    setBusy(true);
    try {
      await scheduleVideoEmail(scriptId, at);
      showToast({ type: 'success', title: scheduledToastText(at) });
      close();
    } catch (error) {
      showToast({ type: 'error', title: 'Scheduling Failed', description: failureText(error, 'Failed to schedule email') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open={open}
      onClose={close}
      title="Schedule Email Notification"
      footer={
        <DialogActions onCancel={close}>
          <Button colorPalette="brand" onClick={() => void submit()} disabled={!date || !time} loading={busy} loadingText="Scheduling…">
            Schedule Email
          </Button>
        </DialogActions>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            We’ll email “{title}” with its share link and caption at the time you choose.
          </Text>
          <HStack gap="2" wrap="wrap" aria-label="Quick picks">
            {picks.map((pick) => {
              const chosen = pick.date === date && pick.time === time;
              return (
                <ChoiceButton
                  key={pick.label}
                  chosen={chosen}
                  size="xs"
                  rounded="full"
                  onClick={() => {
                    setDate(pick.date);
                    setTime(pick.time);
                  }}
                >
                  {pick.label}
                </ChoiceButton>
              );
            })}
          </HStack>
          <DateTimeFields now={now} date={date} time={time} onDate={setDate} onTime={setTime} past={past} pastText="That time has already passed" />
          {at && !past && (
            <Text fontSize="sm" bg="brand.subtle" color="brand.fg" px="3" py="2" rounded="md" data-testid="schedule-summary">
              Sends {at.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })} at{' '}
              {at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}
            </Text>
          )}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Stack>
      </form>
    </AppDialog>
  );
}
