import { Text } from '@chakra-ui/react';

import { PlaceholderPage } from '@/components/placeholder-page';

/** /templates (the Workflows page): placeholder until its issue builds the page. */
export default function WorkflowsRoute() {
  return (
    <PlaceholderPage title="Workflows">
      <Text color="fg.muted">This page is coming in a later update.</Text>
    </PlaceholderPage>
  );
}
