import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

/**
 * The full-screen overlay with a message shown during login and logout. It is
 * global so it stays on screen while the routes under it change (a logout clears the user, which
 * sends the protected routes to /auth before the page reloads).
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function showLoadingOverlay(message: string): void {
  current = message;
  emit();
}

export function hideLoadingOverlay(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function LoadingOverlay({ message }: { message: string }) {
  return (
    <Center position="fixed" inset="0" zIndex="overlay" bg="bg/90" backdropFilter="blur(2px)" role="status" aria-live="polite" data-testid="loading-overlay">
      <VStack gap="4">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <Text fontSize="lg" fontWeight="medium">
          {message}
        </Text>
      </VStack>
    </Center>
  );
}

/** Rendered once by the app's providers; shows whatever `showLoadingOverlay` last set. */
export function GlobalLoadingOverlay() {
  const message = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return message ? <LoadingOverlay message={message} /> : null;
}
