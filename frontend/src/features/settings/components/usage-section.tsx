import { Card, Heading } from '@chakra-ui/react';

/** Settings: Usage statistics (being built, issue 14). */
export function UsageSection() {
  return (
    <Card.Root>
      <Card.Body>
        <Heading size="md">Usage statistics</Heading>
      </Card.Body>
    </Card.Root>
  );
}
