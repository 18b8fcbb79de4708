import { Text } from '@chakra-ui/react';

import { PlaceholderPage } from '@/components/placeholder-page';

/** /media: placeholder until its issue builds the page. */
export default function MediaRoute() {
  return (
    <PlaceholderPage title="Media">
      <Text color="fg.muted">This page is coming in a later update.</Text>
    </PlaceholderPage>
  );
}
