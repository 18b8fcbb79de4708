import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** The full-screen "Generating Scripts" overlay with an AI-written quote (000 sections 2 and 4). */
export function QuoteOverlay({ quote }: { quote: string | null }) {
  return (
    <Center position="fixed" inset="0" zIndex="overlay" bg="bg/95" backdropFilter="blur(2px)" role="status" aria-live="polite" data-testid="generating-overlay">
      <VStack gap="5" maxW="xl" px="6" textAlign="center">
        <Spinner size="xl" color="blue.solid" borderWidth="3px" />
        <Text fontSize="2xl" fontWeight="bold">
          Generating Scripts
        </Text>
        {quote ? (
          <Text fontSize="lg" fontStyle="italic" color="fg.muted" data-testid="generating-quote">
            “{quote}”
          </Text>
        ) : (
          <Text color="fg.muted">Finding a little inspiration…</Text>
        )}
      </VStack>
    </Center>
  );
}
