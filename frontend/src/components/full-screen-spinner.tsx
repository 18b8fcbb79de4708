import { Center, Spinner } from '@chakra-ui/react';

/** Shown while the current user loads ("a full-screen spinner"). */
export function FullScreenSpinner() {
  return (
    <Center position="fixed" inset="0" bg="bg" role="status" aria-label="Loading">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
    </Center>
  );
}
