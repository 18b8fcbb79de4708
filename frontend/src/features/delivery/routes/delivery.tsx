import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';

import { PageHeader } from '@/components/page-header';

import { useDeliverySettings, useDeliveryUpdates, useScheduledEmails } from '../api/delivery';
import { EmailAutomationCard, WEBHOOK_SECTION_ID, WEBHOOK_URL_INPUT_ID } from '../components/email-automation-card';
import { FeatureCards } from '../components/feature-cards';
import { ScheduledEmailsCard } from '../components/scheduled-emails-card';

function reveal(id: string, focusId?: string) {
  const node = document.getElementById(id);
  if (!node) return;
  node.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (focusId) window.setTimeout(() => document.getElementById(focusId)?.focus({ preventScroll: true }), 400);
}

/**
 * /calendar, labelled Automations: the Email Automation card,
 * the Scheduled Emails card, and the Workflows, Webhook and Content Calendar cards.
 */
export default function DeliveryRoute() {
  const [viewAll, setViewAll] = useState(false);
  const { data: settings } = useDeliverySettings();
  const { data: scheduled } = useScheduledEmails();
  useDeliveryUpdates();
  const pending = (scheduled ?? []).filter((email) => email.status === 'pending').length;

  return (
    <Stack gap="8">
      <PageHeader title="Automation & Workflows" description="Decide where your finished videos go, and when." />
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" alignItems="start">
        <Box gridColumn={{ lg: 'span 2' }} minW="0">
          <EmailAutomationCard />
        </Box>
        <Box position={{ lg: 'sticky' }} top={{ lg: '24' }} minW="0">
          <ScheduledEmailsCard viewAll={viewAll} onViewAll={setViewAll} />
        </Box>
      </SimpleGrid>
      <FeatureCards
        settings={settings}
        pendingEmails={pending}
        onWebhook={() => reveal(WEBHOOK_SECTION_ID, WEBHOOK_URL_INPUT_ID)}
        onCalendar={() => setViewAll(true)}
      />
    </Stack>
  );
}
