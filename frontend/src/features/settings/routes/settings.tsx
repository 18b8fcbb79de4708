import { Text } from '@chakra-ui/react';

import { PlaceholderPage } from '@/components/placeholder-page';

/** /settings: placeholder until its issue builds the page. */
export default function SettingsRoute() {
  return (
    <PlaceholderPage title="Settings">
      <Text color="fg.muted">This page is coming in a later update.</Text>
    </PlaceholderPage>
  );
}
