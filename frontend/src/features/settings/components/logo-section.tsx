import { Card, Heading } from '@chakra-ui/react';

/** Settings: Logo overlay (being built, issue 14). */
export function LogoSection() {
  return (
    <Card.Root>
      <Card.Body>
        <Heading size="md">Logo overlay</Heading>
      </Card.Body>
    </Card.Root>
  );
}
