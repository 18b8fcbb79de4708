import { Card, Heading } from '@chakra-ui/react';

/** Settings: Voice cloning (being built, issue 14). */
export function VoiceCloningSection() {
  return (
    <Card.Root>
      <Card.Body>
        <Heading size="md">Voice cloning</Heading>
      </Card.Body>
    </Card.Root>
  );
}
