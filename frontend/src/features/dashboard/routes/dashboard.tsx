import { Box, Button, Card, Heading, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

import { storagePercent, useStats, type Stats } from '../api/get-stats';

/** The browser's has-visited flag (section 3): the first visit goes to /scripts once. */
export const HAS_VISITED_KEY = 'hasVisited';

function useFirstVisitRedirect(signedIn: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedIn) return;
    try {
      if (window.localStorage.getItem(HAS_VISITED_KEY)) return;
      window.localStorage.setItem(HAS_VISITED_KEY, 'true');
    } catch {
      return; // no storage: no way to remember, so no redirect
    }
    navigate(paths.scripts.href, { replace: true });
  }, [signedIn, navigate]);
}

function StatCard({ label, value, note, children }: { label: string; value: string; note?: string; children?: React.ReactNode }) {
  return (
    <Card.Root size="sm" data-testid={`stat-${label}`}>
      <Card.Body gap="1">
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold">
          {value}
        </Text>
        {note && (
          <Text color="fg.muted" fontSize="xs">
            {note}
          </Text>
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function StatCards({ stats }: { stats: Stats }) {
  const percent = storagePercent(stats);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      <StatCard label="Scripts" value={String(stats.scriptsThisMonth)} note="this month" />
      <StatCard label="Media Assets" value={String(stats.totalMediaAssets)} note="in your library" />
      <StatCard label="Videos" value={String(stats.videosThisMonth)} note={`this month · ${stats.videosGenerationLimit} video minutes on your plan`} />
      <StatCard label="Storage Usage" value={`${percent}%`} note={`${percent}% of ${stats.storageLimit} MB used`}>
        <Progress.Root value={percent} size="sm" colorPalette={percent > 90 ? 'red' : 'brand'} mt="1">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </StatCard>
    </SimpleGrid>
  );
}

const quickActions = [
  { label: 'Generate Scripts', href: paths.scripts.href },
  { label: 'Upload Media', href: paths.media.href },
  { label: 'View Calendar', href: paths.calendar.href },
  { label: 'Update Settings', href: paths.settings.href },
] as const;

const steps = [
  { title: 'Upload media assets', text: 'Add your b-roll clips and background music to the media library.', href: paths.media.href, action: 'Upload Media' },
  {
    title: 'Set up your account',
    text: 'Optionally clone your voice and choose the plan that fits you.',
    href: paths.settings.href,
    action: 'Update Settings',
  },
  {
    title: 'Generate your first scripts',
    text: 'Give a topic and let the writer draft scripts for you.',
    href: paths.scripts.href,
    action: 'Generate Scripts',
  },
] as const;

/** / (home): the Dashboard. */
export default function DashboardRoute() {
  const { data: user } = useUser();
  const { data: stats, error, isLoading } = useStats();
  useFirstVisitRedirect(Boolean(user));
  const name = user?.name?.trim();

  return (
    <Stack gap="8">
      <PageHeader title="Dashboard" description="Manage your content creation workflow">
        <Text fontSize="lg" fontWeight="medium">
          {name ? `Welcome, ${name}` : 'Welcome'}
        </Text>
      </PageHeader>

      {isLoading ? <Text>Loading...</Text> : error || !stats ? <Text color="red.600">Failed to load stats</Text> : <StatCards stats={stats} />}

      <Stack gap="3">
        <Heading as="h2" size="lg">
          Quick Actions
        </Heading>
        <HStack gap="3" wrap="wrap">
          {quickActions.map((action) => (
            <Button key={action.href} asChild variant="outline">
              <RouterLink to={action.href}>{action.label}</RouterLink>
            </Button>
          ))}
        </HStack>
      </Stack>

      <Stack gap="3">
        <Heading as="h2" size="lg">
          Getting Started
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {steps.map((step, i) => (
            <Card.Root key={step.href} size="sm">
              <Card.Body gap="2">
                <HStack gap="3">
                  <Box bg="brand.solid" color="white" rounded="full" w="7" h="7" display="flex" alignItems="center" justifyContent="center" fontWeight="bold">
                    {i + 1}
                  </Box>
                  <Text fontWeight="semibold">{step.title}</Text>
                </HStack>
                <Text color="fg.muted" fontSize="sm">
                  {step.text}
                </Text>
              </Card.Body>
              <Card.Footer>
                <Button asChild size="sm" variant="ghost" colorPalette="brand">
                  <RouterLink to={step.href}>{step.action}</RouterLink>
                </Button>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
