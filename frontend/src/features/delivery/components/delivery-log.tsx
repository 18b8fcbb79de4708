import { Badge, Box, Button, Collapsible, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';

import type { WebhookDelivery } from '@contract/delivery';

import { useWebhookDeliveries } from '../api/delivery';
import { eventLabels, formatDateTime, formatDuration, outcomePalette } from '../lib/delivery';
import { ChevronIcon } from './icons';

function StatusCode({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.statusCode === null) return <Text color="fg.muted">—</Text>;
  const ok = delivery.statusCode >= 200 && delivery.statusCode < 300;
  return (
    <Text fontFamily="mono" color={ok ? 'green.fg' : 'red.fg'}>
      {delivery.statusCode}
    </Text>
  );
}

/** The last 50 webhook attempts (event, time, status, duration, outcome), folded away until asked for. */
export function DeliveryLog() {
  const [open, setOpen] = useState(false);
  const { data, error, isLoading } = useWebhookDeliveries();
  const deliveries = data ?? [];

  return (
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="ghost" size="sm" px="2" ml="-2" data-testid="delivery-log-toggle">
          <ChevronIcon transform={open ? 'rotate(0deg)' : 'rotate(-90deg)'} transition="transform 0.15s" />
          Delivery log
          <Badge variant="subtle" colorPalette="gray" ml="1">
            {isLoading ? '…' : deliveries.length}
          </Badge>
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box mt="2" borderWidth="1px" rounded="md" overflow="hidden" data-testid="delivery-log">
          {isLoading ? (
            <HStack p="4" gap="2" color="fg.muted">
              <Spinner size="sm" /> <Text fontSize="sm">Loading deliveries…</Text>
            </HStack>
          ) : error ? (
            <Text p="4" fontSize="sm" color="red.fg">
              Failed to load the delivery log
            </Text>
          ) : deliveries.length === 0 ? (
            <Text p="4" fontSize="sm" color="fg.muted">
              No webhook has been sent yet. Send a test webhook to see it here.
            </Text>
          ) : (
            <>
              <Stack gap="0" hideFrom="md" maxH="96" overflowY="auto" divideY="1px">
                {deliveries.map((delivery) => (
                  <Stack key={delivery.id} gap="1" px="3" py="2.5" data-testid="delivery-item">
                    <HStack justify="space-between" gap="2">
                      <Text fontWeight="medium" fontSize="sm">
                        {eventLabels[delivery.eventType] ?? delivery.eventType}
                        {delivery.attempt > 1 ? ` · try ${delivery.attempt}` : ''}
                      </Text>
                      <Badge colorPalette={outcomePalette[delivery.outcome]} variant="subtle">
                        {delivery.outcome}
                      </Badge>
                    </HStack>
                    <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
                      <Text>{formatDateTime(delivery.at)}</Text>
                      <Text>·</Text>
                      <StatusCode delivery={delivery} />
                      <Text>·</Text>
                      <Text>{formatDuration(delivery.durationMs)}</Text>
                    </HStack>
                    {delivery.error && (
                      <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                        {delivery.error}
                      </Text>
                    )}
                  </Stack>
                ))}
              </Stack>
              <Table.ScrollArea maxH="80" overflowY="auto" hideBelow="md">
                <Table.Root size="sm" stickyHeader>
                  <Table.Header>
                    <Table.Row bg="bg.subtle">
                      <Table.ColumnHeader>Event</Table.ColumnHeader>
                      <Table.ColumnHeader>Time</Table.ColumnHeader>
                      <Table.ColumnHeader>Status</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Duration</Table.ColumnHeader>
                      <Table.ColumnHeader>Outcome</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {deliveries.map((delivery) => (
                      <Table.Row key={delivery.id} data-testid="delivery-row">
                        <Table.Cell whiteSpace="nowrap">
                          <Text fontWeight="medium">{eventLabels[delivery.eventType] ?? delivery.eventType}</Text>
                          <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                            {delivery.eventType}
                            {delivery.attempt > 1 ? ` · try ${delivery.attempt}` : ''}
                          </Text>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(delivery.at)}</Table.Cell>
                        <Table.Cell>
                          <StatusCode delivery={delivery} />
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {formatDuration(delivery.durationMs)}
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={outcomePalette[delivery.outcome]} variant="subtle">
                            {delivery.outcome}
                          </Badge>
                          {delivery.error && (
                            <Text fontSize="xs" color="fg.muted" maxW="60" lineClamp={2} title={delivery.error}>
                              {delivery.error}
                            </Text>
                          )}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </>
          )}
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
