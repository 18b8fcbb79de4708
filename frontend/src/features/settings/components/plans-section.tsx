import { Card, Heading } from '@chakra-ui/react';

/** Settings: Available Plans (being built, issue 14). */
export function PlansSection() {
  return (
    <Card.Root>
      <Card.Body>
        <Heading size="md">Available Plans</Heading>
      </Card.Body>
    </Card.Root>
  );
}
