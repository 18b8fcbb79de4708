import { Text } from '@chakra-ui/react';

import { PlaceholderPage } from '@/components/placeholder-page';
import { useUser } from '@/lib/auth';

/** / (home): the Dashboard's title and greeting; the stats, quick actions and steps come with its issue. */
export default function DashboardRoute() {
  const { data: user } = useUser();
  const name = user?.name?.trim();

  return (
    <PlaceholderPage title="Dashboard" subtitle="Manage your content creation workflow.">
      <Text fontSize="lg" fontWeight="medium" mt="4">
        {name ? `Welcome, ${name}` : 'Welcome'}
      </Text>
    </PlaceholderPage>
  );
}
