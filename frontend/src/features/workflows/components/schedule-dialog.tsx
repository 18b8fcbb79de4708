import { Button, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useState, useTransition } from 'react';
import { ChoiceButton } from '@/components/ui/choice-button';
import { OptionSelect } from '@/components/ui/option-select';
import { languageOptions } from '@/components/language-select';
import { defaultLanguage, languages, type LanguageCode } from '@contract/rules/languages';

import { AppDialog } from '@/components/ui/app-dialog';
import { showToast } from '@/components/ui/toaster';
import { useUser } from '@/lib/auth';
import { failureText } from '@/lib/failure-text';
import { browserTimeZone } from '@/lib/time-zone';
import type { AutomationSchedule, VideoTemplate } from '@contract/workflows';

import { createSchedule, updateSchedule } from '../api/workflows';
import {
  defaultScheduleForm,
  fieldLimits,
  frequencyLabels,
  isStartTime,
  nextRunPreview,
  parseRecipients,
  recipientLimit,
  recipientsProblem,
  scheduleFrequencies,
  scheduleFormFrom,
  scheduleIsComplete,
  scheduleRequestFrom,
  weekDayNames,
  workflowMessages,
  type ScheduleForm,
} from '../lib/workflows';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ActiveSwitch } from './active-switch';
import { PostToFields } from './post-to-fields';

const dayOfWeekOptions = weekDayNames.map((day, index) => ({ value: String(index), label: day }));
const dayOfMonthOptions = Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

/**
 * Create Automation Schedule, or with `schedule` Edit Automation Schedule: name, template, language,
 * frequency, start time in the creator's time zone, the weekday or day of the month, active, recipients
 * (each checked), subject, body and Post to. An edit is saved in place (PATCH), under the same checks.
 */
export function ScheduleDialog({
  open,
  templates,
  templateId,
  schedule,
  onClose,
  onSaved,
}: {
  open: boolean;
  templates: VideoTemplate[];
  templateId: string;
  /** The schedule being edited (absent: a new one). */
  schedule?: AutomationSchedule | null;
  onClose: () => void;
  onSaved: (saved: AutomationSchedule) => Promise<unknown>;
}) {
  const [form, setForm] = useState<ScheduleForm>(() => defaultScheduleForm(templateId));
  const [tried, setTried] = useState(false);
  const [recipientsTouched, setRecipientsTouched] = useState(false);
  const [saving, startSaving] = useTransition();
  const { data: user } = useUser();
  const timeZone = useMemo(() => browserTimeZone(), []);
  const limit = recipientLimit(user?.subscriptionTier);

  const editing = schedule ?? null;
  useEffect(() => {
    if (!open) return;
    if (editing) setForm(scheduleFormFrom(editing));
    else {
      const template = templates.find((item) => item.id === templateId);
      setForm({ ...defaultScheduleForm(templateId), name: template ? `${template.name} – daily` : '' });
    }
    setTried(false);
    setRecipientsTouched(false);
    // An edit's form is filled when the dialog opens, not again when the list is re-read while it is open
    // (that would undo the changes being made): it follows the schedule's id, not the object.
  }, [open, templateId, templates, editing?.id]);

  const set = <K extends keyof ScheduleForm>(key: K, value: ScheduleForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const recipientsError = recipientsTouched || tried ? recipientsProblem(form.recipients, limit) : undefined;
  const timeError = !isStartTime(form.startTime) ? workflowMessages.startTime : undefined;
  const next = nextRunPreview(form);
  const templateLanguage = templates.find((item) => item.id === form.templateId)?.language ?? defaultLanguage;
  const count = parseRecipients(form.recipients).valid.length;

  function changeFrequency(frequency: ScheduleForm['frequency']) {
    setForm((current) => {
      const template = templates.find((item) => item.id === current.templateId);
      // A name still the suggested one follows the frequency.
      const suggested = template && scheduleFrequencies.some((option) => current.name === `${template.name} – ${option}`);
      return { ...current, frequency, name: suggested && template ? `${template.name} – ${frequency}` : current.name };
    });
  }

  function save() {
    setTried(true);
    if (!scheduleIsComplete(form)) {
      showToast({ type: 'error', title: workflowMessages.missingTitle, description: workflowMessages.scheduleMissing });
      return;
    }
    if (timeError || recipientsProblem(form.recipients, limit)) return;
    startSaving(async () => {
      try {
        const request = scheduleRequestFrom(form, timeZone);
        const saved = editing ? await updateSchedule(editing.id, request) : await createSchedule(request);
        showToast({ type: 'success', title: editing ? workflowMessages.scheduleUpdated : workflowMessages.scheduleCreated, description: saved.name });
        await onSaved(saved);
        onClose();
      } catch (error) {
        if (editing) showToast({ type: 'error', title: 'Error Updating Schedule', description: failureText(error, workflowMessages.updateScheduleFailed) });
        else showToast({ type: 'error', title: 'Error Creating Schedule', description: failureText(error, workflowMessages.createScheduleFailed) });
      }
    });
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Automation Schedule' : 'Create Automation Schedule'}
      size="lg"
      scrollBehavior="inside"
      footer={
        <HStack justify="space-between" w="full" wrap="wrap" gap="3">
          <ActiveSwitch checked={form.isActive} onChange={(checked) => set('isActive', checked)} testId="schedule-form-active" />
          <DialogActions onCancel={onClose}>
            <Button colorPalette="brand" onClick={save} loading={saving}>
              {editing ? 'Save Changes' : 'Create Schedule'}
            </Button>
          </DialogActions>
        </HStack>
      }
    >
      <Stack gap="5">
        <Field.Root required invalid={tried && !form.name.trim()}>
          <Field.Label>
            Schedule name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={form.name}
            maxLength={fieldLimits.scheduleName}
            placeholder="e.g. Morning motivation"
            onChange={(event) => set('name', event.target.value)}
          />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root required invalid={tried && !form.templateId}>
            <Field.Label>
              Template <Field.RequiredIndicator />
            </Field.Label>
            <OptionSelect
              placeholder="Choose a template"
              value={form.templateId}
              onChange={(value) => set('templateId', value)}
              options={templates.map((template) => ({ value: template.id, label: template.name }))}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Language</Field.Label>
            <OptionSelect<LanguageCode | ''>
              label="Language"
              testId="schedule-language"
              value={form.language}
              onChange={(language) => set('language', language)}
              options={languageOptions}
            >
              <option value="">{`Template’s (${languages[templateLanguage].nativeName})`}</option>
            </OptionSelect>
          </Field.Root>
        </SimpleGrid>

        <Stack gap="3" borderWidth="1px" rounded="lg" p="4" bg="bg.subtle">
          <Stack gap="1.5">
            <Text fontSize="sm" fontWeight="medium" id="frequency-label">
              How often
            </Text>
            <HStack gap="1" role="radiogroup" aria-labelledby="frequency-label">
              {scheduleFrequencies.map((frequency) => (
                <ChoiceButton
                  key={frequency}
                  kind="radio"
                  chosen={form.frequency === frequency}
                  flex="1"
                  size="sm"
                  bg={form.frequency === frequency ? undefined : 'bg'}
                  onClick={() => changeFrequency(frequency)}
                >
                  {frequencyLabels[frequency]}
                </ChoiceButton>
              ))}
            </HStack>
          </Stack>
          <SimpleGrid columns={form.frequency === 'daily' ? 1 : 2} gap="3">
            {form.frequency === 'weekly' && (
              <Field.Root>
                <Field.Label>Day of week</Field.Label>
                <OptionSelect fieldBg="bg" value={String(form.dayOfWeek)} onChange={(day) => set('dayOfWeek', Number(day))} options={dayOfWeekOptions} />
              </Field.Root>
            )}
            {form.frequency === 'monthly' && (
              <Field.Root>
                <Field.Label>Day of month</Field.Label>
                <OptionSelect fieldBg="bg" value={String(form.dayOfMonth)} onChange={(day) => set('dayOfMonth', Number(day))} options={dayOfMonthOptions} />
              </Field.Root>
            )}
            <Field.Root invalid={Boolean(timeError)}>
              <Field.Label>Start time</Field.Label>
              <Input type="time" value={form.startTime} onChange={(event) => set('startTime', event.target.value)} bg="bg" />
              <Field.ErrorText>{timeError}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Text fontSize="xs" color="fg.muted" data-testid="first-run">
            {form.frequency === 'monthly' && form.dayOfMonth > 28 ? 'In shorter months it runs on the last day. ' : ''}
            {next
              ? `${editing ? 'Next run' : 'First run'} ${next.toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`
              : ''}
            {timeZone ? ` · ${timeZone.replace(/_/g, ' ')} time` : ''}
          </Text>
        </Stack>

        <Field.Root invalid={Boolean(recipientsError)}>
          <Field.Label>Email recipients</Field.Label>
          <Input
            value={form.recipients}
            placeholder="you@example.com, editor@example.com"
            onChange={(event) => set('recipients', event.target.value)}
            onBlur={() => setRecipientsTouched(true)}
            inputMode="email"
            autoComplete="off"
          />
          {recipientsError ? (
            <Field.ErrorText>{recipientsError}</Field.ErrorText>
          ) : (
            <Field.HelperText>Separate addresses with commas. {count > 0 ? `${count} of up to ${limit}.` : `Up to ${limit} on your plan.`}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root>
          <Field.Label>Email subject</Field.Label>
          <Input value={form.emailSubject} maxLength={fieldLimits.emailSubject} onChange={(event) => set('emailSubject', event.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Email body</Field.Label>
          <Textarea value={form.emailBody} maxLength={fieldLimits.emailBody} rows={3} autoresize onChange={(event) => set('emailBody', event.target.value)} />
        </Field.Root>
        <PostToFields
          enabled={open}
          accountIds={form.publishAccountIds}
          caption={form.publishCaption}
          onAccounts={(ids) => set('publishAccountIds', ids)}
          privacy={form.publishPrivacy}
          onPrivacy={(privacy) => set('publishPrivacy', privacy)}
          onCaption={(caption) => set('publishCaption', caption)}
        />
      </Stack>
    </AppDialog>
  );
}
