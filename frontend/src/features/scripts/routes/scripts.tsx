import { Text } from '@chakra-ui/react';

import { PlaceholderPage } from '@/components/placeholder-page';

/** /scripts: placeholder until its issue builds the page. */
export default function ScriptsRoute() {
  return (
    <PlaceholderPage title="Scripts">
      <Text color="fg.muted">This page is coming in a later update.</Text>
    </PlaceholderPage>
  );
}
