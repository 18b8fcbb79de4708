import { Badge, Box, Card, Heading, HStack, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import useSWR from 'swr';

import type { Stats } from '@contract/stats';

import { usageMeters, type UsageMeter } from '../lib/usage-meters';

const STATS_KEY = '/api/stats';

function MeterCard({ meter }: { meter: UsageMeter }) {
  const red = meter.percent > 90;
  return (
    <Box borderWidth="1px" borderRadius="l3" p={{ base: '3', md: '4' }} bg="bg" data-testid={`usage-${meter.key}`}>
      <Stack gap="2">
        <HStack justify="space-between" align="baseline" gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            {meter.label}
          </Text>
          <Text fontSize="xs" color={red ? 'red.fg' : 'fg.muted'} fontWeight={red ? 'semibold' : 'normal'}>
            {meter.percent}%
          </Text>
        </HStack>
        <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="bold" lineHeight="short" overflowWrap="anywhere">
          {meter.used}
          <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
            {' '}
            / {meter.limit}
          </Text>
        </Text>
        <Progress.Root value={meter.percent} size="sm" colorPalette={red ? 'red' : 'brand'} aria-label={`${meter.label}: ${meter.percent}% used`}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="xs" color="fg.muted">
          {meter.note}
        </Text>
      </Stack>
    </Box>
  );
}

/** Settings, usage statistics: each plan meter against its limit, red above 90%, with when it starts again. */
export function UsageSection() {
  const { data: stats, error } = useSWR<Stats>(STATS_KEY);
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Stack gap="0.5">
            <Heading size="md">Usage statistics</Heading>
            <Text fontSize="sm" color="fg.muted">
              What you have used of your plan.
            </Text>
          </Stack>
          {stats && (
            <Badge colorPalette="brand" variant="subtle" size="lg" textTransform="capitalize">
              {stats.tier} plan
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {error ? (
          <Text color="red.fg">Failed to load usage statistics</Text>
        ) : !stats ? (
          <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap={{ base: '3', md: '4' }}>
            {[0, 1, 2, 3, 4].map((key) => (
              <Skeleton key={key} h="28" borderRadius="l3" />
            ))}
          </SimpleGrid>
        ) : (
          <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap={{ base: '3', md: '4' }}>
            {usageMeters(stats).map((meter) => (
              <MeterCard key={meter.key} meter={meter} />
            ))}
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}
