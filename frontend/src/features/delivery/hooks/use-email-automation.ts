import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { showToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/failure-text';
import { browserTimeZone } from '@/lib/time-zone';
import type { WebhookTestResult } from '@contract/delivery';

import { DELIVERIES_KEY, saveDeliverySettings, sendTestEmail, sendTestWebhook, useDeliverySettings, type CardSettings } from '../api/delivery';
import { formFromSettings, formsEqual, missingAutomationEmailMessage, missingWebhookUrlMessage, requestFromForm, type DeliveryForm } from '../lib/delivery';

/**
 * The Email Automation card's data and calls: the saved settings, the form
 * being edited over them, Save, the test email and the test webhook with its result line.
 */
export function useEmailAutomation() {
  const { data: settings, error, isLoading, mutate } = useDeliverySettings();
  const { mutate: mutateKey } = useSWRConfig();
  const [form, setForm] = useState<DeliveryForm>(() => formFromSettings(settings));
  const saved = useRef<DeliveryForm>(formFromSettings(settings));
  const [saving, setSaving] = useState(false);
  const [testingEmail, setTestingEmail] = useState(false);
  const [testingWebhook, setTestingWebhook] = useState(false);
  const [webhookResult, setWebhookResult] = useState<WebhookTestResult>();
  /** Why the test was not sent (no URL, a refused address): said under the field, never as a delivery. */
  const [webhookUrlError, setWebhookUrlError] = useState<string>();

  // New saved values (first load, a save, a realtime refresh) replace the form unless the user is editing it.
  useEffect(() => {
    if (settings === undefined) return;
    const next = formFromSettings(settings);
    const previous = saved.current;
    saved.current = next;
    setForm((current) => (formsEqual(current, previous) ? next : current));
  }, [settings]);

  const update = (changes: Partial<DeliveryForm>) => {
    if (changes.webhookUrl !== undefined) setWebhookUrlError(undefined);
    setForm((current) => ({ ...current, ...changes }));
  };

  async function save() {
    setSaving(true);
    try {
      const next = await saveDeliverySettings(requestFromForm(form, browserTimeZone()));
      saved.current = formFromSettings(next);
      setForm(saved.current);
      await mutate(next, { revalidate: false });
      showToast({ type: 'success', title: 'Settings saved.' });
    } catch (failure) {
      showToast({ type: 'error', title: 'Failed to save email settings', description: failureText(failure, 'Please try again.') });
    } finally {
      setSaving(false);
    }
  }

  async function testEmail() {
    const address = form.automationEmail.trim();
    if (!address) {
      showToast({ type: 'error', title: missingAutomationEmailMessage });
      return;
    }
    setTestingEmail(true);
    try {
      const { message } = await sendTestEmail(address);
      showToast({ type: 'success', title: 'Test email sent', description: message });
      void mutate();
    } catch (failure) {
      showToast({ type: 'error', title: 'Email Test Failed', description: failureText(failure, 'Failed to send test email') });
    } finally {
      setTestingEmail(false);
    }
  }

  /**
   * Sends a test event to the URL in the field (saved or not; else the saved one). A request the server
   * refuses before anything is sent (no URL, an address the guard refuses) is said under the field: it
   * is not a delivery, and the log gets no line for it.
   */
  async function testWebhook() {
    const url = form.webhookUrl.trim();
    if (!url && !settings?.webhookUrl) {
      setWebhookUrlError(missingWebhookUrlMessage);
      return;
    }
    setTestingWebhook(true);
    setWebhookResult(undefined);
    setWebhookUrlError(undefined);
    try {
      setWebhookResult(await sendTestWebhook(url || undefined));
      // The first test before any save makes the settings record: its signing secret is shown now.
      if (!settings) void mutate();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500)
        setWebhookUrlError(failureText(failure, 'The test webhook was not sent'));
      else showToast({ type: 'error', title: 'Failed to send test webhook', description: failureText(failure, 'Please try again.') });
    } finally {
      setTestingWebhook(false);
      void mutateKey(DELIVERIES_KEY);
    }
  }

  return {
    settings,
    loadFailed: Boolean(error),
    isLoading,
    form,
    update,
    dirty: !formsEqual(form, saved.current),
    /** The saved address is one the mail provider stopped sending to, and the form still shows it. */
    emailSuppressed: Boolean(settings?.automationEmailSuppressed && form.automationEmail === saved.current.automationEmail),
    timeZone: settings?.timeZone ?? browserTimeZone(),
    saving,
    save,
    testingEmail,
    testEmail,
    testingWebhook,
    testWebhook,
    webhookResult,
    webhookUrlError,
    secretRotated: (next: CardSettings) => void mutate(next, { revalidate: false }),
  };
}

export type EmailAutomation = ReturnType<typeof useEmailAutomation>;
