import { Text } from '@chakra-ui/react';

import { PlaceholderPage } from '@/components/placeholder-page';

/** /calendar (labelled Automations): placeholder until its issue builds the page. */
export default function AutomationRoute() {
  return (
    <PlaceholderPage title="Automation & Workflows">
      <Text color="fg.muted">This page is coming in a later update.</Text>
    </PlaceholderPage>
  );
}
