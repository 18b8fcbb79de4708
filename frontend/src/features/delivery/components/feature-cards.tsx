import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { IconTile } from '@/components/ui/icon-tile';
import { paths } from '@/config/paths';

import type { CardSettings } from '../api/delivery';
import { hostOf } from '../lib/delivery';
import { ArrowRightIcon, CalendarIcon, WebhookIcon, WorkflowIcon } from './icons';

function FeatureCard({
  icon,
  palette,
  title,
  text,
  status,
  action,
  disabled,
  testId,
}: {
  icon: ReactNode;
  palette: string;
  title: string;
  text: string;
  status: ReactNode;
  action?: ReactNode;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Card.Root size="sm" data-testid={testId} aria-disabled={disabled || undefined} opacity={disabled ? 0.65 : 1} bg={disabled ? 'bg.subtle' : 'bg'}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start">
          <IconTile palette={disabled ? 'gray' : palette} size="lg">
            {icon}
          </IconTile>
          {status}
        </HStack>
        <Box>
          <Heading as="h3" size="md">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {text}
          </Text>
        </Box>
      </Card.Body>
      {action && <Card.Footer>{action}</Card.Footer>}
    </Card.Root>
  );
}

/**
 * The product's (docs/product.md#automations) three cards. All three exist now, so instead of saying Coming Soon they lead somewhere:
 * Workflows to the Workflows page (/templates), Webhook to the webhook section, Content Calendar to
 * the scheduled emails.
 */
export function FeatureCards({
  settings,
  pendingEmails,
  onWebhook,
  onCalendar,
}: {
  settings: CardSettings | null | undefined;
  pendingEmails: number;
  onWebhook: () => void;
  onCalendar: () => void;
}) {
  const webhookOn = Boolean(settings?.webhookUrl) && !settings?.webhookDisabledReason;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" as="section" aria-label="More automations">
      <FeatureCard
        testId="feature-workflows"
        icon={<WorkflowIcon />}
        palette="orange"
        title="Workflows"
        text="Reusable video templates that write, voice, render and email a new video on a schedule."
        status={
          <Badge colorPalette="orange" variant="subtle">
            Templates & schedules
          </Badge>
        }
        action={
          <Button asChild size="sm" variant="ghost" colorPalette="orange">
            <RouterLink to={paths.templates.href}>
              Open Workflows <ArrowRightIcon />
            </RouterLink>
          </Button>
        }
      />
      <FeatureCard
        testId="feature-webhook"
        icon={<WebhookIcon />}
        palette="brand"
        title="Webhook"
        text={webhookOn ? `Signed events go to ${hostOf(settings?.webhookUrl)}.` : 'Send finished videos to Zapier, Make or your own server.'}
        status={
          <Badge colorPalette={webhookOn ? 'green' : 'gray'} variant="subtle">
            {webhookOn ? 'Connected' : settings?.webhookDisabledReason ? 'Switched off' : 'Not set up'}
          </Badge>
        }
        action={
          <Button size="sm" variant="ghost" colorPalette="brand" onClick={onWebhook}>
            {webhookOn ? 'Webhook settings' : 'Set up webhook'} <ArrowRightIcon />
          </Button>
        }
      />
      <FeatureCard
        testId="feature-calendar"
        icon={<CalendarIcon />}
        palette="teal"
        title="Content Calendar"
        text="Every video you scheduled to email, and when it goes out."
        status={
          <Badge colorPalette={pendingEmails > 0 ? 'teal' : 'gray'} variant="subtle">
            {pendingEmails} upcoming
          </Badge>
        }
        action={
          <Button size="sm" variant="ghost" colorPalette="teal" onClick={onCalendar}>
            View scheduled emails <ArrowRightIcon />
          </Button>
        }
      />
    </SimpleGrid>
  );
}
