import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { FALLBACK_QUOTE } from '../lib/rules';

export const QUOTE_FAILURE_MESSAGE = 'Could not load an inspirational quote, so here is one of ours.';

/**
 * The full-screen "Generating Scripts" overlay with an AI-written quote (sections 2 and 4): loading,
 * the quote, or (quote failure) a message with the fallback quote. `failed` says the quote
 * call failed; the fallback quote itself also means that no quote could be written (the form shows it
 * when the call fails or answers nothing, the server when the writer answers nothing).
 */
export function QuoteOverlay({ quote, failed = false }: { quote: string | null; failed?: boolean }) {
  const shown = failed ? (quote ?? FALLBACK_QUOTE) : quote;
  const fellBack = failed || quote === FALLBACK_QUOTE;
  return (
    <Center position="fixed" inset="0" zIndex="overlay" bg="bg/95" backdropFilter="blur(2px)" role="status" aria-live="polite" data-testid="generating-overlay">
      <VStack gap="5" maxW="xl" px="6" textAlign="center">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <Text fontSize="2xl" fontWeight="bold">
          Generating Scripts
        </Text>
        {fellBack && (
          <Text fontSize="sm" color="fg.muted" data-testid="quote-failure">
            {QUOTE_FAILURE_MESSAGE}
          </Text>
        )}
        {shown ? (
          <Text fontSize="lg" fontStyle="italic" color="fg.muted" data-testid="generating-quote">
            “{shown}”
          </Text>
        ) : (
          <Text color="fg.muted">Finding a little inspiration…</Text>
        )}
      </VStack>
    </Center>
  );
}
