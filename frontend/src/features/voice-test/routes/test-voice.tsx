import { Text } from '@chakra-ui/react';

import { PlaceholderPage } from '@/components/placeholder-page';

/** /test-voice: placeholder until its issue builds the page. */
export default function TestVoiceRoute() {
  return (
    <PlaceholderPage title="Developer Voice Test">
      <Text color="fg.muted">This page is coming in a later update.</Text>
    </PlaceholderPage>
  );
}
