import { Badge, Box, Button, Card, Heading, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';

import { useEmailAutomation } from '../hooks/use-email-automation';
import { lastTriggeredText } from '../lib/delivery';
import { EmailSection, Notices, WeeklySection, WebhookSection } from './email-automation-sections';
import { ClockIcon } from './icons';

export { WEBHOOK_SECTION_ID, WEBHOOK_URL_INPUT_ID } from './email-automation-sections';

/**
 * Email Automation: where finished videos go (the automation email, the
 * webhook URL and the five switches), the signing secret and delivery log, the weekly script email, Save
 * and the two tests.
 */
export function EmailAutomationCard() {
  const automation = useEmailAutomation();
  const { settings, loadFailed, dirty, save, saving } = automation;

  if (automation.isLoading) {
    return (
      <Card.Root data-testid="email-automation-card">
        <Card.Body gap="4">
          <Skeleton h="6" w="50%" />
          <Skeleton h="24" />
          <Skeleton h="24" />
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root data-testid="email-automation-card" as="section" aria-labelledby="email-automation-heading">
      <Card.Header>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'start' }} gap="2">
          <Box>
            <Heading as="h2" size="lg" id="email-automation-heading">
              Email Automation
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Send every finished video where it needs to go: your inbox, your team, or your tools.
            </Text>
          </Box>
          {settings && (
            <HStack gap="2" flexShrink="0" wrap="wrap">
              <Badge variant="subtle" colorPalette="gray" size="md" data-testid="last-triggered">
                <ClockIcon /> {lastTriggeredText(settings.lastTriggered)}
              </Badge>
              <Badge variant="subtle" colorPalette={settings.mailsLeftToday > 0 ? 'brand' : 'red'} size="md" data-testid="mails-left">
                {settings.mailsLeftToday} {settings.mailsLeftToday === 1 ? 'email' : 'emails'} left today
              </Badge>
            </HStack>
          )}
        </Stack>
      </Card.Header>
      <Card.Body gap="6">
        {loadFailed && (
          <Text color="red.fg" fontSize="sm">
            Failed to load your automation settings. The defaults are shown.
          </Text>
        )}
        <Notices settings={settings} />

        <EmailSection {...automation} />
        <Separator />
        <WebhookSection {...automation} />
        <Separator />
        <WeeklySection {...automation} />
      </Card.Body>
      <Card.Footer
        justifyContent="space-between"
        gap="3"
        flexWrap="wrap"
        borderTopWidth="1px"
        pt="4"
        position="sticky"
        bottom="0"
        bg="bg"
        roundedBottom="l3"
        zIndex="1"
        boxShadow="0 -8px 16px -12px rgba(15, 23, 42, 0.18)"
      >
        <Text fontSize="sm" color={dirty ? 'orange.fg' : 'fg.muted'} data-testid="save-state">
          {dirty ? 'You have unsaved changes' : settings ? 'All changes saved' : 'Not saved yet: these are the defaults'}
        </Text>
        <Button colorPalette="brand" onClick={() => void save()} loading={saving} loadingText="Saving…">
          Save settings
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
