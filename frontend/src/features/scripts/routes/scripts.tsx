import { Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { showToast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';

import { useScripts } from '../api/scripts';
import { GenerationForm } from '../components/generation-form';
import { ScriptCard } from '../components/script-card';
import { translationsOf } from '../components/translations-line';

function SkeletonCard() {
  return (
    <Card.Root data-testid="script-skeleton">
      <Card.Body gap="3">
        <Skeleton h="5" w="60%" />
        <Skeleton h="20" />
        <Skeleton h="8" w="40%" />
      </Card.Body>
    </Card.Root>
  );
}

/** /scripts: the generation form, then the Generated Scripts grid. */
export default function ScriptsRoute() {
  const { scripts, error, isLoading, mutate, hasMore, loadMore, isValidating } = useScripts();
  const [selected, setSelected] = useState<string>();
  const translations = useMemo(() => translationsOf(scripts), [scripts]);

  useEffect(() => {
    if (error) showToast({ type: 'error', title: 'Failed to fetch scripts' });
  }, [error]);

  return (
    <Stack gap="8">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="2xl">
          Scripts
        </Heading>
        {/* Workflows: templates and schedules that make videos on their own. */}
        <Button asChild size="sm" variant="outline" colorPalette="brand">
          <RouterLink to={paths.templates.href} data-testid="workflows-link">
            Workflows →
          </RouterLink>
        </Button>
      </HStack>
      <GenerationForm onGenerated={() => mutate()} />
      <Stack gap="4" as="section" aria-labelledby="generated-heading">
        <Heading as="h2" size="lg" id="generated-heading">
          Generated Scripts
        </Heading>
        {isLoading ? (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <SkeletonCard />
            <SkeletonCard />
            <SkeletonCard />
          </SimpleGrid>
        ) : error ? (
          <Text color="red.600">Failed to load scripts. Please try again.</Text>
        ) : scripts.length === 0 ? (
          <Text color="fg.muted">No scripts generated yet. Use the form above to create your first script.</Text>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
              {scripts.map((script) => (
                <ScriptCard
                  key={script.id}
                  script={script}
                  selected={selected === script.id}
                  onSelect={() => setSelected(script.id)}
                  onChanged={() => mutate()}
                  translations={translations.get(script.id)}
                />
              ))}
            </SimpleGrid>
            {hasMore && (
              <Button alignSelf="center" variant="outline" onClick={loadMore} loading={isValidating}>
                Load more scripts
              </Button>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}
